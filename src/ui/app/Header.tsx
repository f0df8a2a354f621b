import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSessionSelector } from './SessionContext';
import { useIsDesktop } from '../kit/useMediaQuery';
import { AccountMenu } from '../account/AccountMenu';
import { Brand } from '../kit/Brand';
import { useT } from '../kit/language';
import { BellIcon } from '../wallet/walletIcons';

const MENU = /*i18n*/ { id: 'app.menu', message: 'Account menu' };

/** The signed-in header: brand, the notification bell with its red dot, and the account avatar. */
export function Header() {
  const hasNotifications = useSessionSelector((s) => s.context.notifications.length > 0);
  const initial = useSessionSelector((s) => s.context.user.initial);
  const t = useT();
  return (
    <header className="app-header">
      <Brand to="/dashboard" label={t(/*i18n*/ { id: 'app.brand', message: 'Naira Wallet dashboard' })} />
      <nav className="app-header-actions" aria-label={t(/*i18n*/ { id: 'app.account', message: 'Account' })}>
        <Link to="/notification" className="icon-btn bell">
          <BellIcon />
          {/* The dot is not the only signal: the link's name says it too, for screen readers. */}
          {hasNotifications && <span className="bell-dot" aria-hidden="true" />}
          <span className="visually-hidden">
            {hasNotifications
              ? t(/*i18n*/ { id: 'app.bell.new', message: 'Notifications (new)' })
              : t(/*i18n*/ { id: 'app.bell', message: 'Notifications' })}
          </span>
        </Link>
        {/* The account menu: a dropdown on desktop, its own page /more on phones. */}
        {useIsDesktop() ? (
          <AccountDropdown initial={initial} />
        ) : (
          <Link to="/more" className="avatar">
            <span aria-hidden="true">{initial}</span>
            <span className="visually-hidden">{t(MENU)}</span>
          </Link>
        )}
      </nav>
    </header>
  );
}

/**
 * The avatar as a disclosure button. The dropdown belongs to the page it was opened on, so
 * any navigation closes it; so do Escape (focus back on the avatar), a pointer pressed
 * outside, and following one of its links.
 */
function AccountDropdown({ initial }: { initial: string }) {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  // The last pointer press inside the dropdown's React tree, the logout dialog's portal included.
  const pressInside = useRef<Event | null>(null);
  const panelId = useId();
  const t = useT();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event !== pressInside.current) setOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="account-dropdown" onPointerDown={(event) => (pressInside.current = event.nativeEvent)}>
      <button
        ref={button}
        type="button"
        className="avatar"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span aria-hidden="true">{initial}</span>
        <span className="visually-hidden">{t(MENU)}</span>
      </button>
      <div id={panelId} className="account-dropdown-panel" hidden={!open}>
        {open && <AccountMenu onNavigate={() => setOpenOn(null)} />}
      </div>
    </div>
  );
}
