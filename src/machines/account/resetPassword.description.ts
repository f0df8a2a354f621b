import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/resetPassword.ts in docs/machines. */
export default {
  summary:
    '/reset?token=…: a new password with the e-mailed link’s token, then logout and set-pin with the same ' +
    'token (which sets a pin only for an account that has none).',
  events: {
    'reset.change': 'Typing the new password or its confirmation.',
    'reset.submit': '“Reset password”.',
  },
  guards: {
    linkWithoutToken: 'The link carried no token.',
    formInvalid: 'The form breaks a rule (validateReset).',
  },
  actions: {
    change: 'Keeps what was typed in the field.',
    logOut: 'Logs out whoever was signed in on this browser.',
  },
  actors: {
    reset: 'Sends the new password and the link’s token to the server.',
  },
  delays: {},
} satisfies MachineDescription;
