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

/** The purchase flow as the dialog's owner: `heard` is what the dialog reported. */
export const recorder = () => listeningOwner<PinDialogReport>();

export const pinDialogModel: MachineModel = defineModel({
  name: 'pinDialog',
  machine: pinDialogMachine,
  model: createActorTestModel(pinDialogMachine, [
    { type: 'pin.change', values: RIGHT },
    { type: 'pin.change', values: WRONG },
    { type: 'pin.change', values: SHORT },
  ]),
  transitions: 5,
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
  ],
});
