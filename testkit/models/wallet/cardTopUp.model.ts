import type { CardTopUpStarted, Envelope } from '../../../core/contract';
import { cardTopUpMachine } from '../../../src/machines/wallet/cardTopUp';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { CARD_TERMS } from './funding.model';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const CHECKOUT_URL = 'https://checkout.paystack.com/0peioxfhpn';

const started: Envelope<CardTopUpStarted> = {
  type: 'success',
  message: 'card payment started',
  data: {
    reference: 'NWC-mabc12-0123456789ab',
    authorization_url: CHECKOUT_URL,
    payment: {
      reference: 'NWC-mabc12-0123456789ab',
      amount: 5_000,
      fee: 177.67,
      charged: 5_177.67,
      status: 'pending',
      created_at: '2026-11-21T10:00:00.000Z',
    },
  },
};

const model = createActorTestModel(cardTopUpMachine, [
  // Too little, then an amount within the terms.
  { type: 'card.change', value: '50' },
  { type: 'card.change', value: '5000' },
  { type: 'xstate.done.actor.startTopUp', output: started },
  {
    type: 'xstate.error.actor.startTopUp',
    error: 'your wallet can take ₦1,000.00 more at your tier; verify more of your identity to raise it',
  },
]);

export const cardTopUpModel: MachineModel = defineModel({
  name: 'cardTopUp',
  machine: cardTopUpMachine,
  model,
  transitions: 5,
  traversals: [
    {
      label: 'card top-ups through Paystack, the customer bearing the fee',
      options: { input: { terms: CARD_TERMS }, serializeState: keyApart(model, ['card.submit']) },
    },
  ],
  words: {
    'xstate.done.actor.startTopUp': () => "the server starts the payment: off to the partner's checkout",
  },
});
