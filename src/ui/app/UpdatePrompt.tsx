import { useSelector } from '@xstate/react';
import type { AppUpdateActor } from './appUpdateStore';

/**
 * A new version of the app is ready: announced, and applied when the user asks (a reload). Asked
 * during a payment, it says it waits for the payment's answer (appUpdate machine).
 */
export default function UpdatePrompt({ actor }: { actor: AppUpdateActor }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  return (
    <div className="update-banner" role="status" data-active={state !== 'current'}>
      {state === 'available' && (
        <>
          <p>Update available — reload to use the new version.</p>
          <button
            type="button"
            className="btn btn-on-brand btn-small"
            onClick={() => actor.send({ type: 'update.apply' })}
          >
            Reload
          </button>
        </>
      )}
      {state === 'waitingForPurchase' && <p>Update available — the app reloads once your payment has its answer.</p>}
      {state === 'applying' && <p>Updating…</p>}
    </div>
  );
}
