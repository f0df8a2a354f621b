import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/wallet/funding.ts in docs/machines. */
export default {
  summary:
    '/funding, identity first: loads where the user stands, offers the BVN/NIN verification in place (the ' +
    'partners then open the accounts), polls while a partner is creating a number, and confirms a card ' +
    'payment on the return from the checkout.',
  events: {
    'funding.retry': '“Try again” after loading failed.',
    'funding.change':
      'Typing in the verification form (kind, number, date of birth, bank, account number; digits only in numbers).',
    'funding.submit': '“Verify” in the verification form.',
  },
  guards: {
    returnedFromCheckout:
      'The page was opened by the card checkout sending the customer back (a reference in the address).',
    formInvalid: 'The verification form breaks a rule (validateIdentity).',
    creating: 'A partner is still creating an account number.',
  },
  actions: {
    keepFunding: 'Keeps what the server answered of the user’s funding, and its accounts.',
    storeAccounts: 'Stores the accounts in the session.',
    refreshSession: 'Asks the session to fetch the user again (limits, masked numbers, balance).',
    change: 'Keeps what was typed, filtered for the field.',
    clearForm: 'Empties the verification form (the number and the date of birth are never kept).',
    forgetReturn: 'Forgets the checkout’s reference once it is confirmed.',
  },
  actors: {
    fetchFunding: 'Asks the server where the user stands (POST /api/funding).',
    verifyIdentity: 'Sends the number, the date of birth (and bank account) to be verified and handed to the partners.',
    verifyCardPayment: 'Asks the server to confirm the card payment the checkout returned from.',
  },
  delays: {
    poll: 'How long the screen waits before asking again while a partner is creating a number.',
  },
} satisfies MachineDescription;
