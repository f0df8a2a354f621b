import type { Envelope } from '../../../core/contract';
import { changePasswordMachine } from '../../../src/machines/account/changePassword';
import { createActorTestModel, fillInOrder, keyApart } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const changed: Envelope = { type: 'success', message: 'password changed successfully' };
export const wrongOldPassword = 'old password is not correct';

const model = createActorTestModel(changePasswordMachine, [
  { type: 'password.change', field: 'old_password', value: 'Old-pass-1' },
  { type: 'password.change', field: 'new_password', value: 'N3w-secret' },
  { type: 'password.change', field: 'confirm_new_password', value: 'N3w-secret' },
  { type: 'password.change', field: 'confirm_new_password', value: 'N3w-secreT' },
  { type: 'xstate.done.actor.changePassword', output: changed },
  { type: 'xstate.error.actor.changePassword', error: wrongOldPassword },
]);

export const changePasswordModel: MachineModel = defineModel({
  name: 'changePassword',
  machine: changePasswordMachine,
  model,
  transitions: 5,
  traversals: [
    {
      label: 'from an empty form',
      options: {
        filterEvents: fillInOrder('password.change', ['old_password', 'new_password', 'confirm_new_password']),
        serializeState: keyApart(model, ['password.submit']),
      },
    },
  ],
  words: {
    'xstate.done.actor.changePassword': (event) =>
      `the change-password call answers: ${(event.output as Envelope).message}`,
  },
});
