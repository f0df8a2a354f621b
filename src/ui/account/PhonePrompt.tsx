import { useSelector } from '@xstate/react';
import { phoneVerificationMachine } from '../../machines/account/phoneVerification';
import { useSession } from '../app/SessionContext';
import { useT } from '../kit/language';
import { useFlow } from '../kit/useFlow';
import { PhoneCodeSteps } from './PhoneVerification';

/**
 * The dashboard's one-time prompt for an account whose phone is not verified: what a verified
 * phone brings, and the code's steps in place; gone once put off ("Not now"). Loaded only for
 * such an account, after the page is drawn, at the page's end, so nothing of the dashboard moves
 * when it appears.
 */
export default function PhonePrompt() {
  const t = useT();
  const actor = useFlow(phoneVerificationMachine, { session: useSession(), prompt: true });
  const dismissed = useSelector(actor, (s) => s.matches('dismissed'));
  if (dismissed) return null;
  return (
    <section className="card phone-prompt" aria-labelledby="phone-prompt-title">
      <h2 id="phone-prompt-title" className="section-heading">
        {t(/*i18n*/ { id: 'account.phonePrompt.title', message: 'Get a text for every payment' })}
      </h2>
      <p className="hint">
        {t(
          /*i18n*/ {
            id: 'account.phonePrompt.about',
            message:
              'Verify your phone number and we will text you the outcome of every payment and funding, with the token or pin you buy.',
          },
        )}
      </p>
      <PhoneCodeSteps actor={actor} prompt />
    </section>
  );
}
