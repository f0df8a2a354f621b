import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { isCaptchaAction, UNNAMED_ACTION } from '../../../core/captcha';
import * as messages from '../../../core/messages';
import * as labels from '../../../core/labels';
import type { Words } from '../../../core/i18n/words';
import { humanCheckMachine } from '../../machines/account/humanCheck';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';
import { useT } from '../kit/language';

const PROGRESS: Partial<Record<string, Words>> = {
  verifying: /*i18n*/ { id: 'auth.human.verifying', message: 'Checking that you are human…' },
  delivering: /*i18n*/ { id: 'auth.human.delivering', message: 'Sending the result to the app…' },
};

/**
 * /iamhuman: opened inside a mobile app's webview, so every outcome is written on
 * the page (a toast could go unseen there). `?action=` names the call the app will make.
 */
export default function IAmHumanScreen() {
  const t = useT();
  const requested = useSearchParams()[0].get('action');
  const actor = useFlow(humanCheckMachine, { action: isCaptchaAction(requested) ? requested : UNNAMED_ACTION });
  const step = useSelector(actor, (s) => s.value);
  const busy = step === 'verifying' || step === 'delivering';
  const progress = PROGRESS[step];

  return (
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.human.title', message: 'Are you human?' })}
      // The quotes travel with the button's name: in ICU an apostrophe before a placeholder would escape it.
      subtitle={t(
        /*i18n*/ {
          id: 'auth.human.subtitle',
          message: 'Click around this page for a moment, then click the button labelled {button}.',
        },
        { button: `'${t(labels.iAmHuman)}'` },
      )}
    >
      {step === 'done' ? (
        <p role="status">
          {t(/*i18n*/ { id: 'auth.human.done', message: 'Thank you! You can go back to the app now.' })}
        </p>
      ) : (
        <>
          {step === 'failed' && <p role="alert">{t(messages.botCheckFailed)}</p>}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => actor.send({ type: 'human.confirm' })}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            {t(labels.iAmHuman)}
          </button>
          <p role="status" className="hint">
            {progress ? t(progress) : ''}
          </p>
        </>
      )}
    </AuthLayout>
  );
}
