import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { otpCountdownMachine } from '../../machines/account/otpCountdown';
import { useOffline } from '../app/ConnectivityContext';

/**
 * "Resend code", blocked while the countdown runs. Follows the countdown on its
 * own, so the ticks re-render the button and nothing else.
 */
export function ResendButton({
  countdown,
  sending,
  onResend,
}: {
  countdown: ActorRefFrom<typeof otpCountdownMachine> | undefined;
  sending: boolean;
  onResend: () => void;
}) {
  const remaining = useSelector(countdown, (s) => s?.context.remaining ?? 0);
  // Offline, no code can be sent (the offline banner says so).
  const offline = useOffline();
  return (
    <button
      type="button"
      className="btn btn-link"
      disabled={sending || remaining > 0 || offline}
      aria-busy={sending || undefined}
      onClick={onResend}
    >
      {sending ? 'Sending code…' : remaining > 0 ? `Resend code in ${remaining} s` : 'Resend code'}
    </button>
  );
}
