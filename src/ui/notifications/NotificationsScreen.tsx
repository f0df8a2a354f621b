import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { Notification } from '../../../core/contract';
import { formatDateTime } from '../../domain/kit/dateTime';
import * as messages from '../../../core/messages';
import * as labels from '../../../core/labels';
import { relativeTime } from '../../domain/kit/relativeTime';
import { notificationsMachine } from '../../machines/notifications/notifications';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useFlow, useSliceInTransition } from '../kit/useFlow';
import { useLanguage, useT } from '../kit/language';
import { pluralCategory } from '../../../core/i18n/plurals';
import { EmptyState } from '../kit/EmptyState';
import { FontsOf } from '../kit/FontOf';
import { BellIcon } from '../wallet/walletIcons';
import '../wallet/wallet.css';
import { useOffline } from '../app/ConnectivityContext';

/** Ages ("3 minutes ago") stay true while the screen is open. */
const AGE_REFRESH_MS = 30_000;

/** A clock read when first asked and again at every tick: the time one render after another sees. */
function createClock(intervalMs: number) {
  let now: number | undefined;
  return {
    subscribe(tick: () => void) {
      const timer = setInterval(() => {
        now = Date.now();
        tick();
      }, intervalMs);
      return () => clearInterval(timer);
    },
    read: () => (now ??= Date.now()),
  };
}

/**
 * The time, ticking while the screen is open. The prerendered frame, and hydrating it, read no
 * clock (0: that frame lists no notification, they come with the poll).
 */
function useNow(intervalMs: number): number {
  const [clock] = useState(() => createClock(intervalMs));
  return useSyncExternalStore(clock.subscribe, clock.read, () => 0);
}

/** /notification: the latest notifications, unread ones first in weight, each with its age. */
export default function NotificationsScreen() {
  const t = useT();
  const language = useLanguage();
  const title = t(/*i18n*/ { id: 'notifications.title', message: 'Notifications' });
  useDocumentTitle(title);
  const actor = useFlow(notificationsMachine, { session: useSession() });
  const notifications = useSessionSelector((s) => s.context.notifications);
  // The poll's answer ends the refresh: drawn in a transition like the list it brings, or this flag
  // would draw the whole list at once, in one long task on a slow phone.
  const refreshing = useSliceInTransition(actor, (s) => s.matches({ list: 'refreshing' }));
  const marking = useSelector(actor, (s) => s.context.marking);
  const now = useNow(AGE_REFRESH_MS);
  const unread = notifications.filter((n) => n.status === 'unread').length;

  let body;
  if (refreshing && notifications.length === 0) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {t(/*i18n*/ { id: 'notifications.loading', message: 'Loading notifications…' })}
        </p>
        <ul className="note-list skeleton-group" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className="note note-skeleton">
              {/* The first holds a blank in each font of a notification (FontOf): they are set up
                  with the page's first layout, not in the frame that draws the list. */}
              <span className="skeleton skeleton-line skeleton-short">
                {index === 0 && <FontsOf classNames={['note-title', 'note-title unread', 'badge']} />}
              </span>
              <span className="skeleton skeleton-line">
                {index === 0 && <FontsOf classNames={['note-age', 'btn btn-small']} />}
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  } else if (notifications.length === 0) {
    body = (
      <EmptyState icon={<BellIcon size={28} />} title={t(messages.noNotifications)}>
        {t(
          /*i18n*/ {
            id: 'notifications.emptyHint',
            message: 'When your wallet is funded or a payment completes, you will find it here.',
          },
        )}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="note-list" aria-labelledby="notifications-title">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            marking={marking === notification.id}
            onMark={() => actor.send({ type: 'notifications.mark', id: notification.id })}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 id="notifications-title" className="page-title">
          {title}
        </h1>
        <p className="page-subtitle" aria-live="polite">
          {notifications.length === 0
            ? t(/*i18n*/ { id: 'notifications.subtitle', message: 'Updates about your wallet and payments.' })
            : unread === 0
              ? t(/*i18n*/ { id: 'notifications.caughtUp', message: 'You are all caught up.' })
              : t(
                  /*i18n*/ {
                    id: 'notifications.unread',
                    message: '{count_plural, select, one {{count} unread} other {{count} unread}}',
                  },
                  { count: String(unread), count_plural: pluralCategory(language, unread) },
                )}
        </p>
        {/* Painted from the page's HTML, before the list that the session's poll brings. */}
        <p className="hint notes-intro">
          {t(
            /*i18n*/ {
              id: 'notifications.intro',
              message:
                'Money arriving in your wallet, payments completed or refunded, and anything that needs your attention on your account, newest first. New ones are marked until you mark them as read.',
            },
          )}
        </p>
      </header>
      {body}
    </div>
  );
}

function NotificationItem({
  notification,
  now,
  marking,
  onMark,
}: {
  notification: Notification;
  now: number;
  marking: boolean;
  onMark: () => void;
}) {
  const t = useT();
  const unread = notification.status === 'unread';
  // Offline, nothing can be marked on the server (the offline banner says so).
  const offline = useOffline();
  const item = useRef<HTMLElement>(null);
  const markedHere = useRef(false);
  // Marked with the keyboard, the button goes away; the focus stays on the notification instead of falling to the page.
  useEffect(() => {
    if (!unread && markedHere.current) {
      markedHere.current = false;
      if (document.activeElement === document.body || document.activeElement === null) item.current?.focus();
    }
  }, [unread]);

  return (
    <li>
      <article
        ref={item}
        className="note"
        data-unread={unread}
        tabIndex={-1}
        aria-labelledby={`note-${notification.id}`}
      >
        <div className="note-head">
          <h2 id={`note-${notification.id}`} className="note-title">
            {unread && (
              <>
                <span className="badge">{t(/*i18n*/ { id: 'notifications.new', message: 'New' })}</span>{' '}
              </>
            )}
            {notification.title}
          </h2>
          <time className="note-age" dateTime={notification.created_at} title={formatDateTime(notification.created_at)}>
            {relativeTime(notification.created_at, now)}
          </time>
        </div>
        <p className="note-content">{notification.content}</p>
        {unread && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-busy={marking || undefined}
            disabled={offline}
            onClick={() => {
              markedHere.current = true;
              onMark();
            }}
          >
            {marking && <span className="spinner" aria-hidden="true" />}
            {t(labels.markAsRead)}
          </button>
        )}
      </article>
    </li>
  );
}
