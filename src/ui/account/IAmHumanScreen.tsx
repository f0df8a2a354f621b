import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { isCaptchaAction, UNNAMED_ACTION } from '../../../core/captcha';
import { labels, messages } from '../../../core/messages';
import { humanCheckMachine } from '../../machines/account/humanCheck';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';

const PROGRESS: Record<string, string> = {
  verifying: 'Checking that you are human…',
  delivering: 'Sending the result to the app…',
};

/**
 * /iamhuman: opened inside a mobile app's webview, so every outcome is written on
 * the page (a toast could go unseen there). `?action=` names the call the app will make.
 */
export default function IAmHumanScreen() {
  const requested = useSearchParams()[0].get('action');
  const actor = useFlow(humanCheckMachine, { action: isCaptchaAction(requested) ? requested : UNNAMED_ACTION });
  const step = useSelector(actor, (s) => s.value);
  const busy = step === 'verifying' || step === 'delivering';

  return (
    <AuthLayout
      title="Are you human?"
      subtitle={`Click around this page for a moment, then click the button labelled '${labels.iAmHuman}'.`}
    >
      {step === 'done' ? (
        <p role="status">Thank you! You can go back to the app now.</p>
      ) : (
        <>
          {step === 'failed' && <p role="alert">{messages.botCheckFailed}</p>}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => actor.send({ type: 'human.confirm' })}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            {labels.iAmHuman}
          </button>
          <p role="status" className="hint">
            {PROGRESS[step] ?? ''}
          </p>
        </>
      )}
    </AuthLayout>
  );
}
