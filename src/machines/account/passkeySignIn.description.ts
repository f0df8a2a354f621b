import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/passkeySignIn.ts in docs/machines. */
export default {
  summary:
    '/login with a passkey: offered in the e-mail field’s autofill where the browser can, and by a button; ' +
    'lands where a password login does.',
  events: {
    'passkey.signIn': '“Sign in with a passkey”.',
  },
  guards: {
    answered: 'The autofill ran (the browser supports it) and the server signed the user in.',
    refusedByServer: 'The server refused the passkey the user picked.',
    notUsed: 'The user closed the phone’s prompt, or it held no passkey of ours.',
  },
  actions: {
    logIn: 'Signs the session in with the answered user.',
  },
  actors: {
    autofill: 'Offers the phone’s passkeys in the e-mail field’s suggestions and signs in with the one picked.',
    signIn: 'Asks the phone for a passkey in a dialog and signs in with it.',
  },
  delays: {},
} satisfies MachineDescription;
