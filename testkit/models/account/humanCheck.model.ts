import { humanCheckMachine } from '../../../src/machines/account/humanCheck';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const TOKEN = 'captcha-token';

export const humanCheckModel: MachineModel = defineModel({
  name: 'humanCheck',
  machine: humanCheckMachine,
  model: createActorTestModel(humanCheckMachine, [
    { type: 'xstate.done.actor.captcha', output: TOKEN },
    { type: 'xstate.error.actor.captcha', error: 'widget failed to load' },
    { type: 'xstate.done.actor.deliver' },
    { type: 'xstate.error.actor.deliver', error: 'No app is listening for the captcha token' },
  ]),
  transitions: 6,
  traversals: [
    { label: 'for registering', options: { serializeState: serializeTransitionTaken, input: { action: 'register' } } },
  ],
  words: {
    'xstate.done.actor.captcha': () => 'the captcha widget answers: a token',
    'xstate.done.actor.deliver': () => 'the mobile app takes the token',
  },
});
