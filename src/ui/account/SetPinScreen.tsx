import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { coolingOffNotice } from '../../../core/coolingOff';
import { useSelector } from '@xstate/react';
import { setPinMachine } from '../../machines/account/setPin';
import { useSession } from '../app/SessionContext';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';
import { PinBoxes } from './PinBoxes';
import { SubmitButton } from '../kit/SubmitButton';

const PINS = ['Pin', 'Confirm pin'];

/** /set-pin?token=...: the transaction pin and its confirmation, 8 boxes in all. */
export default function SetPinScreen() {
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
        title="Your password is reset"
        subtitle="Your transaction pin is unchanged: a reset link changes only the password."
      >
        <p className="hint">
          Log in with your new password. If you have forgotten your pin too, choose <strong>Forgot pin?</strong> once
          you are logged in: you will need your password and a code we e-mail you.
        </p>
        <p className="hint">{coolingOffNotice()}</p>
        <Link className="btn btn-primary btn-block" to="/login">
          Log in
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set your transaction pin" subtitle="You will confirm every purchase with this 4-digit pin.">
      {/* noValidate: the machine says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <PinBoxes
          label="Choose a 4-digit pin"
          pins={PINS}
          values={code}
          onChange={(values) => actor.send({ type: 'pin.change', values })}
          autoFocus
        />
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
    </AuthLayout>
  );
}
