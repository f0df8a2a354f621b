import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { coolingOffWording } from '../../../core/coolingOff';
import { resetPinMachine } from '../../machines/account/resetPin';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { say, useT } from '../kit/language';
import { useFlow } from '../kit/useFlow';
import { AccountLayout } from './AccountLayout';
import { EmailedCodeBoxes } from './EmailedCodeBoxes';
import { PasswordField } from '../kit/PasswordField';
import { PinBoxes } from './PinBoxes';
import { ResendButton } from './ResendButton';
import { SubmitButton } from '../kit/SubmitButton';
import { splitAround } from './splitAround';

const PINS = [
  /*i18n*/ { id: 'account.pin.new', message: 'New pin' },
  /*i18n*/ { id: 'account.pin.confirm', message: 'Confirm new pin' },
];

/**
 * /reset-pin?from=... ("Forgot pin?"): a code is e-mailed when asked for, then the
 * code, the account password and a new pin with its confirmation reset the pin and lift a pin
 * lock; the user goes back to the screen they came from. The same frame and boxes as /pin.
 */
export default function ResetPinScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const actor = useFlow(resetPinMachine, { session: useSession(), from: params.get('from') });
  const email = useSessionSelector((s) => s.context.user.email);
  const codeSent = useSelector(actor, (s) => !s.matches('asking'));
  const form = useSelector(actor, (s) => s.context.form);
  const asking = useSelector(actor, (s) => s.matches({ asking: 'sending' }));
  const resending = useSelector(actor, (s) => s.matches({ active: { resend: 'sending' } }));
  const submitting = useSelector(actor, (s) => s.matches({ active: { form: 'submitting' } }) || s.matches('done'));
  const countdown = useSelector(actor, (s) => s.children.countdown);

  const send = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'resetPin.send' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'resetPin.submit' });
  };

  const title = t(/*i18n*/ { id: 'account.resetPin.title', message: 'Reset pin' });

  if (!codeSent) {
    const [before, after] = splitAround((slot) =>
      t(
        /*i18n*/ { id: 'account.resetPin.willSend', message: 'We will send a 4-digit code to {email}' },
        { email: slot },
      ),
    );
    return (
      <AccountLayout
        title={title}
        subtitle={t(
          /*i18n*/ {
            id: 'account.resetPin.subtitle',
            message: 'Forgot your transaction pin? Choose a new one with a code we e-mail you and your password.',
          },
        )}
      >
        <form className="form card account-form" noValidate onSubmit={send}>
          {/* The address on a line of its own: the stored user's, read after the first frame, takes
              the place of "your email" without rewrapping the text. */}
          <p className="hint">
            {before}
            <strong className="hint-address">
              {email || t(/*i18n*/ { id: 'account.resetPin.yourEmail', message: 'your email' })}
            </strong>
            {after}
          </p>
          <p className="hint">{say(coolingOffWording())}</p>
          <SubmitButton busy={asking}>{t(/*i18n*/ { id: 'account.code.send', message: 'Send code' })}</SubmitButton>
        </form>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout
      title={title}
      subtitle={t(
        /*i18n*/ {
          id: 'account.resetPin.enter',
          message: 'Enter the code we e-mailed you, your password, and your new pin.',
        },
      )}
    >
      {/* noValidate: the machine says what is missing, once, in a toast. */}
      <form className="form card account-form" noValidate onSubmit={submit}>
        <EmailedCodeBoxes
          label={t(/*i18n*/ { id: 'account.resetPin.code', message: 'Code from your email' })}
          values={form.otp}
          onChange={(otp) => actor.send({ type: 'resetPin.otp', otp })}
        />
        <p className="countdown">
          {t(/*i18n*/ { id: 'account.code.didntGet', message: "Didn't get it?" })}{' '}
          <ResendButton
            countdown={countdown}
            sending={resending}
            onResend={() => actor.send({ type: 'resetPin.send' })}
          />
        </p>
        <PasswordField
          label={t(/*i18n*/ { id: 'account.resetPin.password', message: 'Account password' })}
          value={form.password}
          onValueChange={(password) => actor.send({ type: 'resetPin.password', password })}
          autoComplete="current-password"
        />
        <PinBoxes
          label={t(/*i18n*/ { id: 'account.resetPin.newPin', message: 'New transaction pin' })}
          pins={PINS.map((pin) => t(pin))}
          values={form.pins}
          onChange={(pins) => actor.send({ type: 'resetPin.pins', pins })}
        />
        <SubmitButton busy={submitting}>
          {t(/*i18n*/ { id: 'account.resetPin.continue', message: 'Continue' })}
        </SubmitButton>
      </form>
    </AccountLayout>
  );
}
