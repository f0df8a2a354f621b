import type { Envelope, UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { ApiError } from '../../../src/api/kit/http';
import { loginMachine } from '../../../src/machines/account/login';
import { ada } from '../../fixtures';
import { createActorTestModel, fillInOrder, keyApart } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, DEVELOPMENT_CAPTCHA_NEVER_FAILS, type MachineModel } from '../kit/machineModel';

/** An account that has neither verified its e-mail nor set a pin; each case adds what it has. */
export const loggedIn = (user: Partial<UserData>): Envelope<UserData> => ({
  type: 'success',
  message: 'Login successful',
  data: { ...ada, pin: '', email_verified_at: null, ...user },
});

const verified = '2025-01-02T10:00:00Z';
export const wrongCredentials = 'These credentials do not match our records.';
// After repeated failures on the e-mail the server checks the password only with a captcha token.
export const captchaRequired = new ApiError({
  type: 'error',
  message: 'please complete the bot check to log in: there were too many failed attempts',
  data: { reason: 'captcha-required' },
});

const model = createActorTestModel(loginMachine, [
  // Spaces around the address must not reach the server.
  { type: 'login.change', field: 'email', value: ' ada@example.com ' },
  { type: 'login.change', field: 'password', value: 'Secret-123' },
  // Where each kind of account lands; `lands` only names the case for the test.
  { type: 'xstate.done.actor.login', output: loggedIn({}), lands: '/verify-email' },
  { type: 'xstate.done.actor.login', output: loggedIn({ email_verified_at: verified }), lands: '/set-pin' },
  {
    type: 'xstate.done.actor.login',
    output: loggedIn({ email_verified_at: verified, pin: 'set' }),
    lands: '/dashboard',
  },
  { type: 'xstate.error.actor.login', error: wrongCredentials },
  { type: 'xstate.error.actor.login', error: captchaRequired },
  { type: 'xstate.done.actor.captcha', output: 'dev-ok' },
  { type: 'xstate.error.actor.captcha', error: messages.botCheckFailed },
]);

export const loginModel: MachineModel = defineModel({
  name: 'login',
  machine: loginMachine,
  model,
  transitions: 8,
  traversals: [
    {
      label: 'from an empty form',
      options: {
        input: { session: createTestSession().actor },
        filterEvents: fillInOrder('login.change', ['email', 'password']),
        // Every landing ends in `loggedIn`; keyed apart, each route gets its own path, and so does
        // each answer to the attempt that carried a captcha token.
        serializeState: (snapshot, event, prev) =>
          keyApart(model, ['login.submit', 'xstate.done.actor.login', 'xstate.error.actor.login'])(
            snapshot,
            event,
            prev,
          ) +
          (event?.type.endsWith('.actor.login') && prev?.context.captchaToken ? ' (sent with a captcha token)' : ''),
      },
    },
  ],
  browserUnreachable: DEVELOPMENT_CAPTCHA_NEVER_FAILS,
  words: {
    'xstate.done.actor.login': (event) =>
      `the login call answers: ${(event.output as Envelope).message}, landing on ${event.lands}`,
  },
});
