import type { MachineDescription } from './machineDescription';

/** The page of src/machines/funding.ts in docs/machines. */
export default {
  summary: '/funding: creates the user’s virtual accounts on opening when there are none, and stores them in the session.',
  events: {
    'funding.retry': '“Try again” after creating the accounts failed.',
  },
  guards: {
    hasAccounts: 'The user already has virtual accounts.',
    answeredAccounts: 'The server answered at least one account.',
  },
  actions: {
    keepAccounts: 'Keeps the answered accounts.',
    storeAccounts: 'Stores the answered accounts in the session.',
  },
  actors: {
    createAccounts: 'Asks the bank partner, through the server, for the user’s accounts.',
  },
  delays: {},
} satisfies MachineDescription;
