import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/logout.ts in docs/machines. */
export default {
  summary: 'The account menu’s logout: asks for confirmation, then logs the session out and goes to /login.',
  events: {
    'logout.request': '“Logout” in the account menu.',
    'logout.cancel': 'Cancels in the confirmation.',
    'logout.confirm': 'Confirms the logout.',
  },
  guards: {},
  actions: {
    logOut: 'Logs the session out (revokes the token, empties storage).',
  },
  actors: {},
  delays: {},
} satisfies MachineDescription;
