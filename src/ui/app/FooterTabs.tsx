import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useIsDesktop } from '../kit/useMediaQuery';
import { ActivityIcon, HomeIcon, MoreIcon, UserIcon } from '../wallet/walletIcons';

/**
 * The app's main navigation, the footer tabs: Home, Activities, then Profile on
 * desktop or More on mobile. Only the tab for the current viewport is rendered, so the
 * accessibility tree never holds a hidden duplicate. A bottom bar on phones, a side rail on
 * desktop (global.css).
 */
export function FooterTabs() {
  const desktop = useIsDesktop();
  return (
    <nav className="tabs" aria-label="Main">
      <ul className="tabs-list">
        <Tab to="/dashboard" label="Home" icon={<HomeIcon />} />
        <Tab to="/activities" label="Activities" icon={<ActivityIcon />} />
        {desktop ? (
          <Tab to="/profile" label="Profile" icon={<UserIcon />} />
        ) : (
          <Tab to="/more" label="More" icon={<MoreIcon />} />
        )}
      </ul>
    </nav>
  );
}

function Tab({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <li>
      {/* NavLink marks the current tab with aria-current="page". */}
      <NavLink to={to} className="tab">
        {icon}
        <span>{label}</span>
      </NavLink>
    </li>
  );
}
