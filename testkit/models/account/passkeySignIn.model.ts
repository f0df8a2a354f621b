import { ApiError } from '../../../src/api/kit/http';
import { passkeySignInMachine } from '../../../src/machines/account/passkeySignIn';
import { createTestSession } from '../../testSession';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';
import { loggedIn } from './login.model';

const verified = '2025-01-02T10:00:00Z';
/** The server refused the passkey picked (removed from the account, another site's). */
export const passkeyRefused = new ApiError({
  type: 'error',
  message: 'this passkey could not be checked: try again, or use your password or pin',
});
/** What the browser throws when the user closes its prompt. */
export const closedPrompt = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
});
/** The autofill's wait, ended by the page (the button's dialog takes over, or the page is left). */
export const aborted = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });

const model = createActorTestModel(passkeySignInMachine, [
  { type: 'xstate.done.actor.autofill', output: null },
  {
    type: 'xstate.done.actor.autofill',
    output: loggedIn({ email_verified_at: verified, pin: 'set' }),
    lands: '/dashboard',
  },
  { type: 'xstate.error.actor.autofill', error: passkeyRefused },
  { type: 'xstate.error.actor.autofill', error: aborted },
  { type: 'xstate.done.actor.signIn', output: loggedIn({}), lands: '/verify-email' },
  { type: 'xstate.error.actor.signIn', error: closedPrompt },
  { type: 'xstate.error.actor.signIn', error: passkeyRefused },
]);

export const passkeySignInModel: MachineModel = defineModel({
  name: 'passkeySignIn',
  machine: passkeySignInMachine,
  model,
  transitions: 9,
  traversals: [
    {
      label: 'on /login',
      options: {
        input: { session: createTestSession().actor },
        serializeState: keyApart(model, [
          'xstate.done.actor.autofill',
          'xstate.error.actor.autofill',
          'xstate.error.actor.signIn',
        ]),
      },
    },
  ],
});
