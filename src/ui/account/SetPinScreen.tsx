import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { coolingOffWording } from '../../../core/coolingOff';
import type { Words } from '../../../core/i18n/words';
import { useSelector } from '@xstate/react';
import { setPinMachine } from '../../machines/account/setPin';
import { useSession } from '../app/SessionContext';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';
import { PinBoxes } from './PinBoxes';
import { SubmitButton } from '../kit/SubmitButton';
import { say, useT } from '../kit/language';
import { RichWords } from '../kit/RichWords';

const PINS: readonly Words[] = [
  /*i18n*/ { id: 'auth.setPin.pin', message: 'Pin' },
  /*i18n*/ { id: 'auth.setPin.confirm', message: 'Confirm pin' },
];

/** /set-pin?token=...: the transaction pin and its confirmation, 8 boxes in all. */
export default function SetPinScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const actor = useFlow(setPinMachine, { session: useSession(), token: params.get('token') || undefined });
  const code = useSelector(actor, (s) => s.context.code);
  const busy = useSelector(actor, (s) => s.matches('submitting') || s.matches('done') || s.matches('checkingLink'));
  const pinKept = useSelector(actor, (s) => s.matches('pinKept'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'pin.submit' });
  };

  if (pinKept) {
    return (
      <AuthLayout
        title={t(/*i18n*/ { id: 'auth.setPin.kept.title', message: 'Your password is reset' })}
        subtitle={t(
          /*i18n*/ {
            id: 'auth.setPin.kept.subtitle',
            message: 'Your transaction pin is unchanged: a reset link changes only the password.',
          },
        )}
      >
        <p className="hint">
          {t(/*i18n*/ { id: 'auth.setPin.kept.logIn', message: 'Log in with your new password.' })}{' '}
          <RichWords
            words={
              /*i18n*/ {
                id: 'auth.setPin.kept.forgotPin',
                message: 'If you have forgotten your pin too, choose {forgotPin} once you are logged in:',
              }
            }
            parts={{ forgotPin: <strong>{t(/*i18n*/ { id: 'auth.forgotPin', message: 'Forgot pin?' })}</strong> }}
          />{' '}
          {t(
            /*i18n*/ { id: 'auth.setPin.kept.need', message: 'you will need your password and a code we e-mail you.' },
          )}
        </p>
        <p className="hint">{say(coolingOffWording())}</p>
        <Link className="btn btn-primary btn-block" to="/login">
          {t(/*i18n*/ { id: 'auth.logIn', message: 'Log in' })}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.setPin.title', message: 'Set your transaction pin' })}
      subtitle={t(
        /*i18n*/ { id: 'auth.setPin.subtitle', message: 'You will confirm every purchase with this 4-digit pin.' },
      )}
    >
      {/* noValidate: the machine says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <PinBoxes
          label={t(/*i18n*/ { id: 'auth.setPin.label', message: 'Choose a 4-digit pin' })}
          pins={PINS.map((pin) => t(pin))}
          values={code}
          onChange={(values) => actor.send({ type: 'pin.change', values })}
          autoFocus
        />
        <SubmitButton busy={busy}>{t(/*i18n*/ { id: 'auth.continue', message: 'Continue' })}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
