import type { Envelope } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { forgotPasswordMachine } from '../../../src/machines/account/forgotPassword';
import { createActorTestModel, fillInOrder, keyApart } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

// The server answers every address the same way, so the page reveals nothing about who has an account.
export const linkSent: Envelope = {
  type: 'success',
  message: 'If that e-mail has an account, a reset link is on its way.',
};
export const tooMany = 'Too many requests, please try again in a minute.';
export const captchaToken = 'dev-ok:forgot';

const model = createActorTestModel(forgotPasswordMachine, [
  // Spaces around the address must not reach the server.
  { type: 'forgot.change', field: 'email', value: ' ada@example.com ' },
  { type: 'xstate.done.actor.captcha', output: captchaToken },
  { type: 'xstate.error.actor.captcha', error: messages.botCheckFailed },
  { type: 'xstate.done.actor.forgot', output: linkSent },
  { type: 'xstate.error.actor.forgot', error: tooMany },
]);

export const forgotPasswordModel: MachineModel = defineModel({
  name: 'forgotPassword',
  machine: forgotPasswordMachine,
  model,
  transitions: 9,
  traversals: [
    {
      label: 'from an empty form',
      options: {
        filterEvents: fillInOrder('forgot.change', ['email']),
        serializeState: keyApart(model, ['forgot.submit']),
      },
    },
  ],
  words: {
    'xstate.done.actor.captcha': () => 'the bot check answers: passed',
    'xstate.done.actor.forgot': (event) => `the forgot-password call answers: ${(event.output as Envelope).message}`,
  },
});
