import { Link } from 'react-router-dom';
import { useSessionSelector } from '../app/SessionContext';
import { useIsDesktop } from '../app/useMediaQuery';
import { Brand } from './Brand';
import { BellIcon } from './icons';

/** The signed-in header: brand, the notification bell with its red dot, and the account avatar. */
export function Header() {
  const hasNotifications = useSessionSelector((s) => s.context.notifications.length > 0);
  const initial = useSessionSelector((s) => s.context.user.initial);
  // The account menu is /profile on desktop and its mobile version /more (SPEC.md §2).
  const accountRoute = useIsDesktop() ? '/profile' : '/more';
  return (
    <header className="app-header">
      <Brand to="/dashboard" label="Naira Wallet dashboard" />
      <nav className="app-header-actions" aria-label="Account">
        <Link to="/notification" className="icon-btn bell">
          <BellIcon />
          {/* The dot is not the only signal: the link's name says it too (DESIGN.md §6). */}
          {hasNotifications && <span className="bell-dot" aria-hidden="true" />}
          <span className="visually-hidden">{hasNotifications ? 'Notifications (new)' : 'Notifications'}</span>
        </Link>
        <Link to={accountRoute} className="avatar">
          <span aria-hidden="true">{initial}</span>
          <span className="visually-hidden">{accountRoute === '/profile' ? 'Profile' : 'Account menu'}</span>
        </Link>
      </nav>
    </header>
  );
}
