import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/wallet/cardTopUp.ts in docs/machines. */
export default {
  summary:
    'A card top-up on /funding: the amount, then the fee and total shown before paying, then off to the ' +
    'partner’s own checkout page.',
  events: {
    'card.change': 'Typing the amount (digits and two decimals).',
    'card.submit': '“Pay with card”.',
  },
  guards: {
    amountInvalid: 'The amount is not one the server allows now (validateCardAmount).',
  },
  actions: {
    change: 'Keeps the amount and works out the fee and the total (core/cardFees.ts).',
  },
  actors: {
    startTopUp: 'Starts the payment on the server, which answers the checkout’s address.',
  },
  delays: {},
} satisfies MachineDescription;
