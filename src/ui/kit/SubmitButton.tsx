import { useId, type ReactNode } from 'react';
import { useOffline } from '../app/ConnectivityContext';
import { OFFLINE_ACTION_NOTE } from '../app/OfflineBanner';
import { useT } from './language';

/**
 * The form's main button; while busy it stays focusable but announces the wait. Every form's
 * button sends something to the server, so offline it is disabled and says why, beneath it.
 */
export function SubmitButton({ busy, children }: { busy?: boolean; children: ReactNode }) {
  const t = useT();
  const offline = useOffline();
  const noteId = useId();
  return (
    <>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        aria-busy={busy || undefined}
        disabled={busy || offline}
        aria-describedby={offline ? noteId : undefined}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {children}
      </button>
      {offline && (
        <p id={noteId} className="offline-note">
          {t(OFFLINE_ACTION_NOTE)}
        </p>
      )}
    </>
  );
}
