import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { NavLink } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { logoutMachine } from '../../machines/account/logout';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { useFlow } from '../kit/useFlow';
import type { ConfirmDialogProps } from '../kit/ConfirmDialog';
import { ChevronIcon } from '../kit/icons';
import { useT } from '../kit/language';
import './account.css';
import * as messages from '../../../core/messages';

const LINKS = [
  { to: '/profile', label: /*i18n*/ { id: 'menu.profile', message: 'Profile' } },
  { to: '/password', label: /*i18n*/ { id: 'menu.password', message: 'Change password' } },
  { to: '/pin', label: /*i18n*/ { id: 'menu.pin', message: 'Change pin' } },
  { to: '/funding', label: /*i18n*/ { id: 'menu.fund', message: 'Fund wallet' } },
  { to: '/statements', label: /*i18n*/ { id: 'menu.statements', message: 'Statements' } },
  { to: '/schedules', label: /*i18n*/ { id: 'menu.schedules', message: 'Schedules' } },
  { to: '/support', label: /*i18n*/ { id: 'menu.support', message: 'Support' } },
] as const;

const LOGOUT = /*i18n*/ { id: 'menu.logout', message: 'Logout' };

// The confirmation's code comes when logout is asked for (pressing the button starts it), not with
// the first visit of every signed-in page, which draws this menu in its header.
const loadConfirmDialog = () => import('../kit/ConfirmDialog');
const ConfirmDialog = lazy<ComponentType<ConfirmDialogProps>>(() =>
  loadConfirmDialog().then(
    ({ ConfirmDialog }) => ({ default: ConfirmDialog }),
    // Offline before the app was kept for offline use: the browser asks the same question.
    () => ({ default: BrowserConfirm }),
  ),
);

/** Asks once, as it is drawn; the answer goes where the dialog's would. */
function BrowserConfirm(props: ConfirmDialogProps) {
  const asked = useRef(props);
  useEffect(() => {
    const { message, onConfirm, onCancel } = asked.current;
    if (window.confirm(message)) onConfirm();
    else onCancel();
  }, []);
  return null;
}

/** Drawn while the question's code is on its way: Logout shows it is busy until it comes. */
function Fetching({ onChange }: { onChange: (fetching: boolean) => void }) {
  useEffect(() => {
    onChange(true);
    return () => onChange(false);
  }, [onChange]);
  return null;
}

/**
 * The account menu: who is signed in, the account pages, and logout behind a
 * confirmation. /more shows it on phones; on desktops it drops from the header's avatar and
 * sits beside the account pages. `onNavigate` lets a dropdown close when a link is followed.
 */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const name = useSessionSelector((s) => s.context.user.name);
  const email = useSessionSelector((s) => s.context.user.email);
  const initial = useSessionSelector((s) => s.context.user.initial);
  const logout = useFlow(logoutMachine, { session });
  const confirming = useSelector(logout, (s) => s.matches('confirming'));
  // On a first visit the question's code is fetched when asked for; a slow network would
  // otherwise leave the press looking ignored for a round trip.
  const [fetching, setFetching] = useState(false);
  const t = useT();

  return (
    <div className="account-menu">
      <div className="account-menu-user">
        <span className="avatar avatar-large" aria-hidden="true">
          {initial}
        </span>
        <div className="account-menu-who">
          {/* A no-break space keeps each line's height before the stored user is read: nothing moves when it is. */}
          <p className="account-menu-name">{name || '\u00a0'}</p>
          <p className="account-menu-email">{email || '\u00a0'}</p>
        </div>
      </div>
      <ul className="account-menu-list">
        {LINKS.map((link) => (
          <li key={link.to}>
            {/* NavLink marks the page the user is on with aria-current="page". */}
            <NavLink to={link.to} className="account-menu-item" onClick={onNavigate}>
              <span>{t(link.label)}</span>
              <ChevronIcon size={20} />
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="account-menu-item account-menu-logout"
            onPointerDown={() => void loadConfirmDialog()}
            onClick={() => logout.send({ type: 'logout.request' })}
            aria-busy={fetching || undefined}
          >
            {t(LOGOUT)}
            {fetching && <span className="spinner" aria-hidden="true" />}
          </button>
        </li>
      </ul>
      {confirming && (
        <Suspense fallback={<Fetching onChange={setFetching} />}>
          <ConfirmDialog
            message={t(messages.confirmLogout)}
            confirmLabel={t(LOGOUT)}
            onConfirm={() => logout.send({ type: 'logout.confirm' })}
            onCancel={() => logout.send({ type: 'logout.cancel' })}
          />
        </Suspense>
      )}
    </div>
  );
}
