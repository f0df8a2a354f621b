import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/notMe.ts in docs/machines. */
export default {
  summary:
    '/not-me?token=…: the “this wasn’t me” link of a credential-change e-mail; one press signs out every ' +
    'device and locks the account until a new password.',
  events: {
    'notMe.report': '“Sign out everywhere and lock my account”.',
  },
  guards: {
    linkWithoutToken: 'The link has no token (cut short or typed by hand).',
  },
  actions: {
    logOut: 'Signs this browser’s session out: the server ended it too.',
  },
  actors: {
    reportNotMe: 'Reports the change with the link’s token: the server ends every session and locks the account.',
  },
  delays: {},
} satisfies MachineDescription;
