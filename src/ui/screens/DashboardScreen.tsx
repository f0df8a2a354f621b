import { firstName } from '../../domain/user';
import { useSessionSelector } from '../app/SessionContext';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { BalanceCard } from '../components/BalanceCard';

/** /dashboard: the greeting and the overview card (SPEC.md §2). */
export default function DashboardScreen() {
  const name = useSessionSelector((s) => firstName(s.context.user.name));
  useDocumentTitle('Dashboard');
  return (
    <div className="page dashboard">
      <header className="page-header">
        <h1 className="page-title">{name ? `Hi, ${name}` : 'Welcome back'}</h1>
        <p className="page-subtitle">Here is your wallet at a glance.</p>
      </header>
      <BalanceCard />
    </div>
  );
}
