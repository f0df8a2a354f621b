import { useEffect } from 'react';
import { ACTIVITIES_PAGE_SIZE } from '../../../core/limits';
import { useSession } from '../app/SessionContext';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useT } from '../kit/language';
import { ActivityList } from './ActivityList';
import '../wallet/wallet.css';

/** /activities: every transaction, ten at a time. */
export default function ActivitiesScreen() {
  const t = useT();
  useDocumentTitle(t(/*i18n*/ { id: 'activities.title', message: 'Activities' }));
  const session = useSession();
  // The list sets the session's `more_reveal`; leaving the screen puts the shared state back
  // (pagination and more_reveal, together to 5 and false).
  useEffect(() => () => session.send({ type: 'pagination.reset' }), [session]);
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 id="activities-title" className="page-title">
          {t(/*i18n*/ { id: 'activities.title', message: 'Activities' })}
        </h1>
        <p className="page-subtitle">
          {t(
            /*i18n*/ {
              id: 'activities.subtitle',
              message: 'Tap a payment for its details and receipt, or a pending one to check on it.',
            },
          )}
        </p>
      </header>
      <ActivityList pageSize={ACTIVITIES_PAGE_SIZE} labelledBy="activities-title" canLoadMore />
    </div>
  );
}
