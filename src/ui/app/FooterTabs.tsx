import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useIsDesktop } from '../kit/useMediaQuery';
import type { Words } from '../../../core/i18n/words';
import { useT } from '../kit/language';
import { ActivityIcon, HomeIcon, MoreIcon, UserIcon } from '../wallet/walletIcons';

/**
 * The app's main navigation, the footer tabs: Home, Activities, then Profile on
 * desktop or More on mobile. Only the tab for the current viewport is rendered, so the
 * accessibility tree never holds a hidden duplicate. A bottom bar on phones, a side rail on
 * desktop (global.css).
 */
export function FooterTabs() {
  const desktop = useIsDesktop();
  const t = useT();
  return (
    <nav className="tabs" aria-label={t(/*i18n*/ { id: 'app.tabs', message: 'Main' })}>
      <ul className="tabs-list">
        <Tab to="/dashboard" label={/*i18n*/ { id: 'app.tab.home', message: 'Home' }} icon={<HomeIcon />} />
        <Tab
          to="/activities"
          label={/*i18n*/ { id: 'app.tab.activities', message: 'Activities' }}
          icon={<ActivityIcon />}
        />
        {desktop ? (
          <Tab to="/profile" label={/*i18n*/ { id: 'app.tab.profile', message: 'Profile' }} icon={<UserIcon />} />
        ) : (
          <Tab to="/more" label={/*i18n*/ { id: 'app.tab.more', message: 'More' }} icon={<MoreIcon />} />
        )}
      </ul>
    </nav>
  );
}

function Tab({ to, label, icon }: { to: string; label: Words; icon: ReactNode }) {
  const t = useT();
  return (
    <li>
      {/* NavLink marks the current tab with aria-current="page". */}
      <NavLink to={to} className="tab">
        {icon}
        <span>{t(label)}</span>
      </NavLink>
    </li>
  );
}
