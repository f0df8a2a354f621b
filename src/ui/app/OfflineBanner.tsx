import { formatDateTime } from '../../domain/kit/dateTime';
import { isSignedIn } from '../../domain/account/user';
import { useOffline } from './ConnectivityContext';
import { useSessionSelector } from './SessionContext';
import { useT } from '../kit/language';
import type { Words } from '../../../core/i18n/words';

/**
 * Says the app is offline, and what that means: the figures on screen are the last known, and
 * nothing that needs the server can be done (nothing is queued to be sent later). It floats over
 * the page's foot, so its coming and going moves nothing on the page. The live region is always
 * there, so screen readers hear it appear.
 */
export function OfflineBanner() {
  const offline = useOffline();
  const signedIn = useSessionSelector((s) => isSignedIn(s.context.user));
  const syncedAt = useSessionSelector((s) => s.context.synced_at);
  const t = useT();
  return (
    <div className="offline-banner" role="status" data-active={offline}>
      {offline && (
        <p>
          <strong>{t(/*i18n*/ { id: 'app.offline', message: 'You are offline.' })}</strong>{' '}
          {signedIn && syncedAt !== null
            ? t(
                /*i18n*/ { id: 'app.offline.asOf', message: 'Balance and activities as of {when}. ' },
                {
                  when: formatDateTime(syncedAt),
                },
              )
            : ''}
          {t(/*i18n*/ { id: 'app.offline.wait', message: 'Payments and changes wait until you are back online.' })}
        </p>
      )}
    </div>
  );
}

/** The note beside a button that needs the server, while offline. */
export const OFFLINE_ACTION_NOTE: Words = /*i18n*/ {
  id: 'app.offline.action',
  message: 'You are offline. This needs a connection to Naira Wallet: try again once you are back online.',
};
