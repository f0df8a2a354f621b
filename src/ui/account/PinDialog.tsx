import { useEffect, useId, useRef, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Wording } from '../../../core/i18n/words';
import type { pinDialogMachine } from '../../machines/account/pinDialog';
import { performEffects } from '../kit/useFlow';
import { say, useT } from '../kit/language';
import { ForgotPinLink } from './ForgotPinLink';
import { Modal } from '../kit/Modal';
import { PinBoxes } from './PinBoxes';
import '../wallet/wallet.css';
import '../purchases/purchase.css';
import * as labels from '../../../core/labels';

interface PinDialogProps {
  actor: ActorRefFrom<typeof pinDialogMachine>;
  /**
   * Where the focus goes when the dialog closes: the form's Continue button, so a keyboard user is
   * back where they were.
   */
  returnFocus?: RefObject<HTMLElement | null>;
  /** What the pin confirms, when it is not a payment (a schedule's authorisation): words, or text already said. */
  text?: Wording;
}

/**
 * The transaction pin dialog of the service screens: heading 'Transaction pin',
 * four masked one-digit boxes whose focus moves on as digits are typed, Continue, and "Forgot
 * pin?", which comes back to this screen once the pin is reset. Built on Modal: the
 * page does not scroll behind it, the focus stays inside, Escape cancels. The machine decides
 * everything; this view shows it and performs what the machine emits.
 */
export function PinDialog({
  actor,
  returnFocus,
  text = /*i18n*/ { id: 'pinDialog.text', message: 'Enter your 4-digit security pin to confirm this payment.' },
}: PinDialogProps) {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => performEffects(actor, navigate), [actor, navigate]);
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const withPasskey = useSelector(actor, (s) => s.matches('passkey') || s.matches('confirming'));
  const confirming = useSelector(actor, (s) => s.hasTag('busy'));
  const code = useSelector(actor, (s) => s.context.code);
  const boxesId = useId();
  const textId = useId();
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      // Modal's showModal() has run (children's effects first) and focused its first control; the pin comes first.
      wasOpen.current = true;
      if (!withPasskey) document.getElementById(`${boxesId}-0`)?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      returnFocus?.current?.focus();
    }
  }, [open, withPasskey, boxesId, returnFocus]);

  if (!open) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'pin.submit' });
    // Refused before any call (boxes left empty): they are emptied, and typing starts again in the
    // first, not on Continue.
    if (actor.getSnapshot().matches('open')) document.getElementById(`${boxesId}-0`)?.focus();
  };

  if (withPasskey) {
    return (
      <Modal title={t(labels.transactionPin)} onClose={() => actor.send({ type: 'pin.cancel' })} className="pin-dialog">
        <div className="form pin-form">
          <p className="pin-text">
            {t(
              /*i18n*/ {
                id: 'pinDialog.passkey.text',
                message: 'Confirm with your passkey: your phone asks for its fingerprint, face or screen lock.',
              },
            )}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={confirming}
            aria-busy={confirming}
            onClick={() => actor.send({ type: 'pin.usePasskey' })}
          >
            {t(/*i18n*/ { id: 'pinDialog.passkey', message: 'Confirm with passkey' })}
          </button>
          <button type="button" className="btn btn-link" onClick={() => actor.send({ type: 'pin.usePin' })}>
            {t(/*i18n*/ { id: 'pinDialog.usePin', message: 'Use my pin instead' })}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t(labels.transactionPin)} onClose={() => actor.send({ type: 'pin.cancel' })} className="pin-dialog">
      {/* noValidate: the machine says whether the pin is right, once, in a toast. */}
      <form className="form pin-form" noValidate onSubmit={submit} aria-describedby={textId}>
        <p id={textId} className="pin-text">
          {say(text)}
        </p>
        <PinBoxes
          label={t(/*i18n*/ { id: 'pinDialog.boxes', message: 'Security pin' })}
          values={code}
          onChange={(values) => actor.send({ type: 'pin.change', values })}
          idPrefix={boxesId}
        />
        <button type="submit" className="btn btn-primary btn-block">
          {t(/*i18n*/ { id: 'pinDialog.continue', message: 'Continue' })}
        </button>
        <ForgotPinLink />
      </form>
    </Modal>
  );
}
