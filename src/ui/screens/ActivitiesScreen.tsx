import { ACTIVITIES_PAGE_SIZE } from '../../../core/limits';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { ActivityList } from '../components/ActivityList';
import '../styles/wallet.css';

/** /activities (SPEC.md §2): every transaction, ten at a time. */
export default function ActivitiesScreen() {
  useDocumentTitle('Activities');
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 id="activities-title" className="page-title">
          Activities
        </h1>
        <p className="page-subtitle">Tap a payment for its details and receipt, or a pending one to check on it.</p>
      </header>
      <ActivityList pageSize={ACTIVITIES_PAGE_SIZE} labelledBy="activities-title" canLoadMore />
    </div>
  );
}
