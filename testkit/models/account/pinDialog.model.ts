import { ApiError } from '../../../src/api/kit/http';
import { pinDialogMachine, type PinDialogReport } from '../../../src/machines/account/pinDialog';
import { ADA_PIN } from '../../fixtures';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { listeningOwner } from '../kit/listeningOwner';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const RIGHT = ADA_PIN.split('');
/** Four digits the server will refuse: the dialog cannot tell them from the right ones. */
export const WRONG = ['1', '1', '1', '1'];
/** Three boxes of the right pin: no pin at all. */
export const SHORT = ['2', '5', '8', ''];

/** A passkey's answer to the server's confirmation ceremony, as the browser gives it. */
export const CONFIRMATION = {
  ceremony: 'ceremony-token-0123456789',
  response: { id: 'credential-1', type: 'public-key' },
};
/** The user closed the phone's prompt. */
export const CLOSED_PROMPT = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
});
/** The server would not start the ceremony (no passkey on the account any more). */
export const NO_PASSKEY = new ApiError({
  type: 'error',
  message: 'this account has no passkey: add one on your profile, or use your pin',
});

/** The purchase flow as the dialog's owner: `heard` is what the dialog reported. */
export const recorder = () => listeningOwner<PinDialogReport>();

export const pinDialogModel: MachineModel = defineModel({
  name: 'pinDialog',
  machine: pinDialogMachine,
  model: createActorTestModel(pinDialogMachine, [
    { type: 'pin.change', values: RIGHT },
    { type: 'pin.change', values: WRONG },
    { type: 'pin.change', values: SHORT },
    { type: 'xstate.done.actor.confirm', output: CONFIRMATION },
    { type: 'xstate.error.actor.confirm', error: CLOSED_PROMPT },
    { type: 'xstate.error.actor.confirm', error: NO_PASSKEY },
  ]),
  transitions: 12,
  traversals: [
    {
      label: 'closed, owned by a purchase',
      options: {
        input: { owner: recorder().actor },
        // Boxes are filled only when empty: a person types a pin, then submits or cancels.
        filterEvents: (snapshot, event) =>
          event.type !== 'pin.change' || snapshot.context.code.every((digit: string) => digit === ''),
        serializeState: serializeTransitionTaken,
      },
    },
    {
      label: 'closed, owned by a purchase, on a device that holds a passkey',
      options: {
        input: { owner: recorder().actor, passkeys: true },
        filterEvents: (snapshot, event) =>
          event.type !== 'pin.change' || snapshot.context.code.every((digit: string) => digit === ''),
        // Each refusal of the passkey is its own path (both go back to the passkey offer).
        serializeState: (snapshot, event, prev) =>
          serializeTransitionTaken(snapshot, event, prev) +
          (event?.type === 'xstate.error.actor.confirm' ? ` (${(event.error as Error).name})` : ''),
      },
    },
  ],
});
