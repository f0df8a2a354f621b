import type { Envelope } from '../../../core/contract';
import { resetPasswordMachine, type ResetPasswordInput } from '../../../src/machines/account/resetPassword';
import { createActorTestModel, fillInOrder, keyApart } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel, type Traversal } from '../kit/machineModel';

// Characters a query value must escape, to prove the token survives the trip to /set-pin.
export const linkToken = 'rst/4+k=';
const passwordReset: Envelope = {
  type: 'success',
  message: 'Your password has been reset. Now set your transaction pin.',
};
const expiredLink = 'This reset link has expired.';

const model = createActorTestModel(resetPasswordMachine, [
  { type: 'reset.change', field: 'new_password', value: 'N3w-secret' },
  { type: 'reset.change', field: 'confirm_new_password', value: 'N3w-secret' },
  { type: 'reset.change', field: 'confirm_new_password', value: 'N3w-secreT' },
  { type: 'xstate.done.actor.reset', output: passwordReset },
  { type: 'xstate.error.actor.reset', error: expiredLink },
]);

const traversalSession = createTestSession().actor;
const from = (label: string, token: string | null): Traversal => ({
  label,
  options: {
    input: { session: traversalSession, token } satisfies ResetPasswordInput,
    filterEvents: fillInOrder('reset.change', ['new_password', 'confirm_new_password']),
    serializeState: keyApart(model, ['reset.submit']),
  },
});

/** The token of the link a traversal opens. */
export const tokenOf = (traversal: Traversal) => (traversal.options.input as ResetPasswordInput).token;

export const resetPasswordModel: MachineModel = defineModel({
  name: 'resetPassword',
  machine: resetPasswordMachine,
  model,
  transitions: 6,
  /** A link as e-mailed, and one whose token got lost (a truncated or hand-typed URL). */
  traversals: [from('a link with a token', linkToken), from('a link without a token', null)],
  words: {
    'xstate.done.actor.reset': (event) => `the reset-password call answers: ${(event.output as Envelope).message}`,
  },
});
