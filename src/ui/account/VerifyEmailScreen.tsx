import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { verifyEmailMachine } from '../../machines/account/verifyEmail';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';
import { EmailedCodeBoxes } from './EmailedCodeBoxes';
import { ResendButton } from './ResendButton';
import { SubmitButton } from '../kit/SubmitButton';

/** /verify-email: the 4-digit code e-mailed on opening, and a resend once the countdown is over. */
export default function VerifyEmailScreen() {
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
      title="Verify your email"
      subtitle={
        <>
          Enter the 4-digit code we sent to <strong>{email || 'your email'}</strong>
        </>
      }
    >
      {/* noValidate: the machine says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <EmailedCodeBoxes
          label="Verification code"
          values={code}
          onChange={(values) => actor.send({ type: 'verify.change', values })}
        />
        <SubmitButton busy={verifying}>Continue</SubmitButton>
      </form>
      <p className="countdown">
        Didn&apos;t get it?{' '}
        <ResendButton countdown={countdown} sending={sending} onResend={() => actor.send({ type: 'verify.resend' })} />
      </p>
    </AuthLayout>
  );
}
