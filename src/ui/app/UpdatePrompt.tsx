import { useSelector } from '@xstate/react';
import type { AppUpdateActor } from './appUpdateStore';
import { useT } from '../kit/language';

/**
 * A new version of the app is ready: announced, and applied when the user asks (a reload). Asked
 * during a payment, it says it waits for the payment's answer (appUpdate machine).
 */
export default function UpdatePrompt({ actor }: { actor: AppUpdateActor }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const t = useT();
  return (
    <div className="update-banner" role="status" data-active={state !== 'current'}>
      {state === 'available' && (
        <>
          <p>{t(/*i18n*/ { id: 'app.update', message: 'Update available — reload to use the new version.' })}</p>
          <button
            type="button"
            className="btn btn-on-brand btn-small"
            onClick={() => actor.send({ type: 'update.apply' })}
          >
            {t(/*i18n*/ { id: 'app.update.reload', message: 'Reload' })}
          </button>
        </>
      )}
      {state === 'waitingForPurchase' && (
        <p>
          {t(
            /*i18n*/ {
              id: 'app.update.waiting',
              message: 'Update available — the app reloads once your payment has its answer.',
            },
          )}
        </p>
      )}
      {state === 'applying' && <p>{t(/*i18n*/ { id: 'app.update.applying', message: 'Updating…' })}</p>}
    </div>
  );
}
