import type { FormEvent } from 'react';
import type { Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { PHONE_CODE_LENGTH } from '../../../core/limits';
import { phoneVerificationMachine } from '../../machines/account/phoneVerification';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';
import { useT } from '../kit/language';
import { useFlow } from '../kit/useFlow';
import { ResendButton } from './ResendButton';
import { splitAround } from './splitAround';

type PhoneFlow = Actor<typeof phoneVerificationMachine>;

/** The phone's verification on /profile; a phone just saved there gets its code at once. */
export function PhoneVerification({ sendAtOnce = false }: { sendAtOnce?: boolean }) {
  const actor = useFlow(phoneVerificationMachine, { session: useSession(), sendAtOnce });
  return <PhoneCodeSteps actor={actor} />;
}

/**
 * The phone's code: "Send code", then one field for the six digits. The field lets the keyboard
 * (autocomplete="one-time-code") or the browser itself (the machine's WebOTP actor) fill it in
 * from the text. In the dashboard's prompt, with its "Not now".
 */
export function PhoneCodeSteps({ actor, prompt = false }: { actor: PhoneFlow; prompt?: boolean }) {
  const t = useT();
  const phone = useSessionSelector((s) => s.context.user.phone);
  const codeSent = useSelector(actor, (s) => s.matches('active') || s.matches('verified'));
  const otp = useSelector(actor, (s) => s.context.otp);
  const asking = useSelector(actor, (s) => s.matches({ asking: 'sending' }));
  const resending = useSelector(actor, (s) => s.matches({ active: { resend: 'sending' } }));
  const verifying = useSelector(actor, (s) => s.matches({ active: { code: 'verifying' } }) || s.matches('verified'));
  const countdown = useSelector(actor, (s) => s.children.countdown);

  const send = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'phone.send' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'phone.submit' });
  };
  const notNow = prompt && (
    <button type="button" className="btn btn-link" onClick={() => actor.send({ type: 'phone.dismiss' })}>
      {t(/*i18n*/ { id: 'account.phone.notNow', message: 'Not now' })}
    </button>
  );

  if (!codeSent) {
    const [before, after] = splitAround((slot) =>
      t(
        /*i18n*/ { id: 'account.phone.willText', message: 'We will text a {length}-digit code to {phone}' },
        { length: String(PHONE_CODE_LENGTH), phone: slot },
      ),
    );
    return (
      <form className="form phone-verification" noValidate onSubmit={send}>
        <p className="hint">
          {before}
          <strong className="hint-address">{phone}</strong>
          {after}
        </p>
        <SubmitButton busy={asking}>{t(/*i18n*/ { id: 'account.code.send', message: 'Send code' })}</SubmitButton>
        {notNow}
      </form>
    );
  }
  return (
    // noValidate: the machine says what is missing, once, in a toast.
    <form className="form phone-verification" noValidate onSubmit={submit}>
      <TextField
        label={t(/*i18n*/ { id: 'account.phone.code', message: 'Code we texted to {phone}' }, { phone })}
        value={otp}
        onValueChange={(typed) => actor.send({ type: 'phone.otp', otp: typed })}
        autoComplete="one-time-code"
        inputMode="numeric"
      />
      <p className="countdown">
        {t(/*i18n*/ { id: 'account.code.didntGet', message: "Didn't get it?" })}{' '}
        <ResendButton countdown={countdown} sending={resending} onResend={() => actor.send({ type: 'phone.send' })} />
      </p>
      <SubmitButton busy={verifying}>
        {t(/*i18n*/ { id: 'account.phone.verifyPhone', message: 'Verify phone' })}
      </SubmitButton>
      {notNow}
    </form>
  );
}
