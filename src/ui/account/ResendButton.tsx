import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { otpCountdownMachine } from '../../machines/account/otpCountdown';
import { useOffline } from '../app/ConnectivityContext';
import { useT } from '../kit/language';

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
  const t = useT();
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
      {sending
        ? t(/*i18n*/ { id: 'auth.resend.sending', message: 'Sending code…' })
        : remaining > 0
          ? t(
              /*i18n*/ { id: 'auth.resend.wait', message: 'Resend code in {seconds} s' },
              { seconds: String(remaining) },
            )
          : t(/*i18n*/ { id: 'auth.resend', message: 'Resend code' })}
    </button>
  );
}
