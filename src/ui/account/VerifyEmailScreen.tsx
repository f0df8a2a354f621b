import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { verifyEmailMachine } from '../../machines/account/verifyEmail';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';
import { EmailedCodeBoxes } from './EmailedCodeBoxes';
import { ResendButton } from './ResendButton';
import { SubmitButton } from '../kit/SubmitButton';
import { useT } from '../kit/language';
import { RichWords } from '../kit/RichWords';

/** /verify-email: the 4-digit code e-mailed on opening, and a resend once the countdown is over. */
export default function VerifyEmailScreen() {
  const t = useT();
  const actor = useFlow(verifyEmailMachine, { session: useSession() });
  const email = useSessionSelector((s) => s.context.user.email);
  const code = useSelector(actor, (s) => s.context.code);
  const verifying = useSelector(actor, (s) => s.matches({ active: { code: 'verifying' } }) || s.matches('verified'));
  const sending = useSelector(actor, (s) => s.matches({ active: { resend: 'sending' } }));
  const countdown = useSelector(actor, (s) => s.children.countdown);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'verify.submit' });
  };

  return (
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.verify.title', message: 'Verify your email' })}
      subtitle={
        <RichWords
          words={/*i18n*/ { id: 'auth.verify.subtitle', message: 'Enter the 4-digit code we sent to {email}' }}
          parts={{
            email: <strong>{email || t(/*i18n*/ { id: 'auth.verify.yourEmail', message: 'your email' })}</strong>,
          }}
        />
      }
    >
      {/* noValidate: the machine says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <EmailedCodeBoxes
          label={t(/*i18n*/ { id: 'auth.verify.code', message: 'Verification code' })}
          values={code}
          onChange={(values) => actor.send({ type: 'verify.change', values })}
        />
        <SubmitButton busy={verifying}>{t(/*i18n*/ { id: 'auth.continue', message: 'Continue' })}</SubmitButton>
      </form>
      <p className="countdown">
        {t(/*i18n*/ { id: 'auth.verify.notGot', message: "Didn't get it?" })}{' '}
        <ResendButton countdown={countdown} sending={sending} onResend={() => actor.send({ type: 'verify.resend' })} />
      </p>
    </AuthLayout>
  );
}
