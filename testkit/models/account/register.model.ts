import type { Envelope, UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { registerMachine } from '../../../src/machines/account/register';
import { ada } from '../../fixtures';
import { createActorTestModel, fillInOrder, keyApart } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, DEVELOPMENT_CAPTCHA_NEVER_FAILS, type MachineModel } from '../kit/machineModel';

/** Just registered, with the phone number typed below: nothing paid in, no pin, e-mail not verified. */
export const newUser: UserData = { ...ada, phone: '08012345678', wallet_balance: 0, pin: '', email_verified_at: null };
const created: Envelope<UserData> = {
  type: 'success',
  message: 'Account created, check your e-mail for the code',
  data: newUser,
};
const taken = 'The email has already been taken.';

const model = createActorTestModel(registerMachine, [
  { type: 'register.change', field: 'name', value: 'Ada Obi' },
  // Spaces around the address must not reach the server.
  { type: 'register.change', field: 'email', value: ' ada@example.com ' },
  // Autofilled in the international form: the field keeps the local number's digits.
  { type: 'register.change', field: 'phone', value: '+234 801 234-5678' },
  { type: 'register.change', field: 'password', value: 'Secret-123' },
  { type: 'register.change', field: 'confirm_password', value: 'Secret-123' },
  { type: 'register.change', field: 'confirm_password', value: 'Secret-999' },
  { type: 'register.terms', accepted: true },
  { type: 'register.terms', accepted: false },
  { type: 'xstate.done.actor.captcha', output: 'dev-ok:register' },
  { type: 'xstate.error.actor.captcha', error: messages.botCheckFailed },
  { type: 'xstate.done.actor.register', output: created },
  { type: 'xstate.error.actor.register', error: taken },
]);

export const registerModel: MachineModel = defineModel({
  name: 'register',
  machine: registerMachine,
  model,
  transitions: 8,
  traversals: [
    {
      label: 'from an empty form',
      options: {
        input: { session: createTestSession().actor },
        filterEvents: (snapshot, event) =>
          fillInOrder('register.change', ['name', 'email', 'phone', 'password', 'confirm_password'])(snapshot, event) &&
          // Ticking the box only while editing, and only to change it.
          (event.type !== 'register.terms' ||
            (snapshot.matches('editing') && snapshot.context.form.terms !== event.accepted)),
        serializeState: keyApart(model, ['register.submit']),
      },
    },
  ],
  browserUnreachable: DEVELOPMENT_CAPTCHA_NEVER_FAILS,
  words: {
    'register.terms': (event) => (event.accepted ? 'tick the terms box' : 'untick the terms box'),
  },
});
