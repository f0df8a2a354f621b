import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { firstName } from '../../domain/account/user';
import { wantsPhonePrompt } from '../../machines/account/phonePrompt';
import { useSessionSelector } from '../app/SessionContext';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useT } from '../kit/language';
import { ActivityList } from '../records/ActivityList';
import { BalanceCard } from './BalanceCard';
import { ServiceGrid } from '../purchases/ServiceGrid';
import './wallet.css';

/** Only for an account whose phone is not verified, and after the page is drawn: no other pays for it. */
const PhonePrompt = lazy(() => import('../account/PhonePrompt'));

/** /dashboard: the greeting, the overview card with the services, and the latest transactions. */
export default function DashboardScreen() {
  // '' until the stored user is read: the prerendered page greets no one in particular.
  const name = useSessionSelector((s) => firstName(s.context.user.name));
  // The dashboard's list size is the session's `pagination` (5 by default), read once as the list opens.
  const pageSize = useSessionSelector((s) => s.context.pagination);
  // Known once the server has answered (never from the prerendered page); "Not now" is kept on this browser.
  const askPhone = useSessionSelector((s) => wantsPhonePrompt(s.context.user));
  const t = useT();
  useDocumentTitle(t(/*i18n*/ { id: 'dash.title', message: 'Dashboard' }));
  return (
    <div className="page dashboard">
      <header className="page-header">
        <h1 className="page-title">
          {name
            ? t(/*i18n*/ { id: 'dash.hi', message: 'Hi, {name}' }, { name })
            : t(/*i18n*/ { id: 'dash.welcome', message: 'Welcome back' })}
        </h1>
        {/* Painted from the page's HTML, and the page's largest text: what comes with the user's data is smaller. */}
        <p className="page-subtitle">
          {t(
            /*i18n*/ {
              id: 'dash.sub',
              message: 'Your balance, the bills you can pay and your latest payments, all in one place.',
            },
          )}
        </p>
      </header>
      <div className="dashboard-overview">
        <BalanceCard />
        <ServiceGrid />
      </div>
      <section className="recent" aria-labelledby="recent-title">
        <div className="section-head">
          <h2 id="recent-title" className="section-heading">
            {t(/*i18n*/ { id: 'dash.recent', message: 'Recent activities' })}
          </h2>
          <Link to="/activities" className="btn-link">
            {t(/*i18n*/ { id: 'dash.all', message: 'See all' })}{' '}
            <span className="visually-hidden">{t(/*i18n*/ { id: 'dash.all.what', message: 'activities' })}</span>
          </Link>
        </div>
        <ActivityList pageSize={pageSize} labelledBy="recent-title" />
      </section>
      {askPhone && (
        <Suspense fallback={null}>
          <PhonePrompt />
        </Suspense>
      )}
    </div>
  );
}
