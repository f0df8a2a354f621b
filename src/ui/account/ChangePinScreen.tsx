import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { changePinMachine } from '../../machines/account/changePin';
import { useSession } from '../app/SessionContext';
import { useT } from '../kit/language';
import { useFlow } from '../kit/useFlow';
import { AccountLayout } from './AccountLayout';
import { PinBoxes } from './PinBoxes';
import { ForgotPinLink } from './ForgotPinLink';
import { SubmitButton } from '../kit/SubmitButton';

const PINS = [
  /*i18n*/ { id: 'account.pin.old', message: 'Old pin' },
  /*i18n*/ { id: 'account.pin.new', message: 'New pin' },
  /*i18n*/ { id: 'account.pin.confirm', message: 'Confirm new pin' },
];

/** /pin: the old pin, the new one and its confirmation, 12 boxes in all; "Forgot pin?" when the old one is gone. */
export default function ChangePinScreen() {
  const t = useT();
  const actor = useFlow(changePinMachine, { session: useSession() });
  const code = useSelector(actor, (s) => s.context.code);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'pin.submit' });
  };

  const title = t(/*i18n*/ { id: 'account.pin.title', message: 'Change pin' });

  return (
    <AccountLayout
      title={title}
      subtitle={t(/*i18n*/ { id: 'account.pin.subtitle', message: 'Your 4-digit pin confirms every purchase.' })}
    >
      {/* noValidate: the machine says what is missing, once, in a toast. */}
      <form className="form card account-form" noValidate onSubmit={submit}>
        <PinBoxes
          label={t(/*i18n*/ { id: 'account.pin.label', message: 'Transaction pin' })}
          pins={PINS.map((pin) => t(pin))}
          values={code}
          onChange={(values) => actor.send({ type: 'pin.change', values })}
        />
        <SubmitButton busy={busy}>{title}</SubmitButton>
        <ForgotPinLink />
      </form>
    </AccountLayout>
  );
}
