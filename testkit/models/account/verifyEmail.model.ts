import { createEmptyActor } from 'xstate';
import type { Envelope } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { verifyEmailMachine, type VerifyEmailInput } from '../../../src/machines/account/verifyEmail';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const COUNTDOWN_S = 2;
export const SERVER_WAIT_S = 1;

export const sent: Envelope = { type: 'success', message: 'A new code is on its way' };
export const verified: Envelope = { type: 'success', message: 'Email verified' };
const tooSoon = messages.resendIn.message.replace('{seconds}', String(SERVER_WAIT_S));

// The traversal never runs actions, so any actor stands in for the session there.
const traversalInput: VerifyEmailInput = {
  session: createEmptyActor() as unknown as VerifyEmailInput['session'],
  countdownSeconds: COUNTDOWN_S,
};

export const verifyEmailModel: MachineModel = defineModel({
  name: 'verifyEmail',
  machine: verifyEmailMachine,
  model: createActorTestModel(verifyEmailMachine, [
    { type: 'verify.change', values: ['1', '2', '3', '4'] },
    { type: 'verify.change', values: ['1', '', '3', ''] },
    { type: 'xstate.done.actor.resend', output: sent },
    { type: 'xstate.error.actor.resend', error: tooSoon },
    { type: 'xstate.error.actor.resend', error: 'Failed to fetch' },
    { type: 'xstate.done.actor.verify', output: verified },
    { type: 'xstate.error.actor.verify', error: 'invalid otp' },
  ]),
  transitions: 10,
  traversals: [
    {
      label: `with a ${COUNTDOWN_S} s countdown`,
      options: { input: traversalInput, serializeState: serializeTransitionTaken },
    },
  ],
  words: {
    'xstate.done.actor.countdown': () => 'the countdown runs out',
  },
});
