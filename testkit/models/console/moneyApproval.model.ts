import { moneyApprovalMachine } from '../../../src/machines/console/moneyApproval';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { decided, PASSKEY_REFUSED, refused, WRONG_CODE } from './consoleFixtures';
import { defineModel, type MachineModel } from '../kit/machineModel';

const model = createActorTestModel(moneyApprovalMachine, [
  { type: 'approval.change', field: 'code', value: '492039' },
  { type: 'approval.change', field: 'note', value: 'No late delivery on record' },
  { type: 'xstate.done.actor.approveMoney', output: decided('approved') },
  { type: 'xstate.error.actor.approveMoney', error: WRONG_CODE },
  { type: 'xstate.done.actor.rejectMoney', output: decided('rejected') },
  {
    type: 'xstate.error.actor.rejectMoney',
    error: refused('this request was already approved: nothing was done', 409),
  },
  { type: 'xstate.done.actor.cancelMoney', output: decided('cancelled') },
  { type: 'xstate.error.actor.cancelMoney', error: refused('only the person who asked may cancel a request') },
  { type: 'xstate.done.actor.approveWithPasskey', output: decided('approved') },
  { type: 'xstate.error.actor.approveWithPasskey', error: PASSKEY_REFUSED },
]);

export const moneyApprovalModel: MachineModel = defineModel({
  name: 'moneyApproval',
  machine: moneyApprovalMachine,
  model,
  transitions: 19,
  traversals: [
    {
      label: 'pending request 7',
      options: {
        input: { requestId: 7 },
        // The code is typed on the approval form, the note on the refusal's: once each.
        filterEvents: (snapshot, event) =>
          event.type !== 'approval.change' ||
          (event.field === 'code'
            ? snapshot.matches('confirming') && snapshot.context.code === ''
            : snapshot.matches('writingNote') && snapshot.context.note === ''),
        serializeState: keyApart(model, ['approval.submit']),
      },
    },
  ],
});
