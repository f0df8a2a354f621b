import { createEmptyActor } from 'xstate';
import type { Envelope, ResetLinkStatus, UserData } from '../../../core/contract';
import { setPinMachine, type SetPinInput } from '../../../src/machines/account/setPin';
import { ada } from '../../fixtures';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel, type Traversal } from '../kit/machineModel';

/** The server signs the user in afresh with the pin set. */
export const user: UserData = { ...ada, token: 'new-session' };
export const saved: Envelope<UserData> = { type: 'success', message: 'Pin set', data: user };
/** The reset link's account: without a pin (the form), or with one, which it keeps. */
export const noPinYet: Envelope<ResetLinkStatus> = {
  type: 'success',
  message: 'reset link checked',
  data: { pin_set: false },
};
export const pinAlreadySet: Envelope<ResetLinkStatus> = {
  type: 'success',
  message: 'reset link checked',
  data: { pin_set: true },
};
export const deadLink = 'this reset link is invalid or has expired';

const model = createActorTestModel(setPinMachine, [
  { type: 'pin.change', values: ['2', '5', '8', '0', '2', '5', '8', '0'] },
  { type: 'pin.change', values: ['2', '5', '8', '0', '2', '5', '8', ''] },
  { type: 'xstate.done.actor.setPin', output: saved },
  { type: 'xstate.error.actor.setPin', error: 'pin and confirm pin must match' },
  { type: 'xstate.done.actor.checkResetLink', output: noPinYet },
  { type: 'xstate.done.actor.checkResetLink', output: pinAlreadySet },
  { type: 'xstate.error.actor.checkResetLink', error: deadLink },
]);

// The traversal never runs actions, so any actor stands in for the session there.
const from = (label: string, token: string | undefined): Traversal => ({
  label,
  options: {
    input: { session: createEmptyActor() as unknown as SetPinInput['session'], token } satisfies SetPinInput,
    serializeState: serializeTransitionTaken,
  },
});

/** The reset link's token a traversal starts with, if any. */
export const tokenOf = (traversal: Traversal) => (traversal.options.input as SetPinInput).token;

export const setPinModel: MachineModel = defineModel({
  name: 'setPin',
  machine: setPinMachine,
  model,
  transitions: 11,
  // Signed in after login (no token), or through a reset link's token with no session at all.
  traversals: [from('with a session', undefined), from('with a reset token', 'reset-token')],
  words: {
    'xstate.done.actor.setPin': (event) => `the set-pin call answers: ${(event.output as Envelope).message}`,
    'xstate.done.actor.checkResetLink': (event) =>
      `the reset-link check answers: ${(event.output as Envelope<ResetLinkStatus>).data?.pin_set ? 'the account has a pin' : 'no pin yet'}`,
  },
});
