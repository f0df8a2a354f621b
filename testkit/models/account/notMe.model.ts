import type { Envelope } from '../../../core/contract';
import { notMeMachine, type NotMeInput } from '../../../src/machines/account/notMe';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel, type Traversal } from '../kit/machineModel';

export const linkToken = 'nm-4Kq9Zx0T';
export const secured: Envelope = { type: 'success', message: 'every device is signed out and your account is locked' };
export const usedLink = 'this link is invalid, was already used or has expired';

const model = createActorTestModel(notMeMachine, [
  { type: 'xstate.done.actor.reportNotMe', output: secured },
  { type: 'xstate.error.actor.reportNotMe', error: usedLink },
]);

const traversalSession = createTestSession().actor;
const from = (label: string, token: string | null): Traversal => ({
  label,
  options: {
    input: { session: traversalSession, token } satisfies NotMeInput,
    serializeState: serializeTransitionTaken,
  },
});

/** The token of the link a traversal opens. */
export const tokenOf = (traversal: Traversal) => (traversal.options.input as NotMeInput).token;

export const notMeModel: MachineModel = defineModel({
  name: 'notMe',
  machine: notMeMachine,
  model,
  transitions: 4,
  /** A link as e-mailed, and one whose token got lost. */
  traversals: [from('a link with a token', linkToken), from('a link without a token', null)],
  words: {
    'xstate.done.actor.reportNotMe': (event) => `the not-me call answers: ${(event.output as Envelope).message}`,
  },
});
