import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/console/moneyRequest.ts in docs/machines. */
export default {
  summary:
    'The maker’s half of maker-checker: what to move and why, then the maker’s own code; nothing moves ' +
    'until another finance user approves.',
  events: {
    'money.change': 'Typing the amount, the reason or the code.',
    'money.submit': '“Continue”, then “Send for approval”.',
    'money.back': '“Back” from the code to the form.',
  },
  guards: {
    amountInvalid: 'A goodwill amount that is not a positive naira amount (a suspended transfer’s is its own).',
    reasonTooShort: 'The reason is shorter than the least a checker can judge.',
    codeIncomplete: 'The code is not six digits.',
  },
  actions: {
    change: 'Keeps what was typed (digits only for the code).',
    forgetCode: 'Drops the code: each one is good once.',
    keepRequest: 'Keeps the request the server recorded.',
  },
  actors: {
    requestMoney: 'Sends the request with the maker’s code.',
  },
  delays: {},
} satisfies MachineDescription;
