import type { CardPayment, CardTopUpTerms, Envelope, FundingStatus, VirtualAccount } from '../../../core/contract';
import { fundingMachine, type CheckoutReturn } from '../../../src/machines/wallet/funding';
import { adaSignedIn } from '../../fixtures';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel, type Traversal } from '../kit/machineModel';

export const ACCOUNTS: VirtualAccount[] = [
  { bank_name: 'Wema Bank', account_number: '9912345678', account_name: 'ADA OBI' },
  { bank_name: 'Sterling Bank', account_number: '6612345678', account_name: 'ADA OBI' },
];

export const CARD_TERMS: CardTopUpTerms = { provider: 'Paystack', fee_bearer: 'customer', min: 100, max: 300_000 };

/** No BVN or NIN verified: the wallet cannot be funded, and the screen offers the verification. */
export const UNVERIFIED: FundingStatus = {
  identity: { bvn: false, nin: false },
  accounts: [],
  partners: [],
  card: null,
  card_payments: [],
};

/** A BVN verified: Monnify's accounts ready, Paystack still creating its number (the screen polls). */
export const CREATING: FundingStatus = {
  identity: { bvn: true, nin: false },
  accounts: ACCOUNTS,
  partners: [
    { partner: 'Monnify', status: 'ready', message: 'Your Monnify account numbers are listed above.', needs: [] },
    {
      partner: 'Paystack',
      status: 'creating',
      message: 'Paystack is creating your account number.',
      needs: ['bvn', 'bank_account'],
    },
  ],
  card: CARD_TERMS,
  card_payments: [],
};

/** Every partner ready. */
export const READY: FundingStatus = {
  ...CREATING,
  partners: CREATING.partners.map((partner) => ({ ...partner, status: 'ready' })),
};

export const BVN = '22212345678';
/** The date of birth on the BVN's record, typed with it. */
export const BORN = '1990-01-01';
export const RETURNED: CheckoutReturn = { reference: 'NWC-mabc12-0123456789ab', cancelled: false };
const payment = (status: CardPayment['status']): CardPayment => ({
  reference: RETURNED.reference,
  amount: 5_000,
  fee: 177.67,
  charged: 5_177.67,
  status,
  created_at: '2026-11-21T10:00:00.000Z',
});
export const PAID = payment('success');
export const CANCELLED = payment('abandoned');

const loaded = (data: FundingStatus): Envelope<FundingStatus> => ({
  type: 'success',
  message: 'funding fetched successfully',
  data,
});
const verified: Envelope<FundingStatus> = { type: 'success', message: 'identity verified', data: CREATING };
const confirmed = (data: CardPayment): Envelope<CardPayment> => ({
  type: 'success',
  message: `card payment ${data.status}`,
  data,
});

const model = createActorTestModel(fundingMachine, [
  { type: 'xstate.done.actor.fetchFunding', output: loaded(UNVERIFIED) },
  { type: 'xstate.done.actor.fetchFunding', output: loaded(CREATING) },
  {
    type: 'xstate.error.actor.fetchFunding',
    error: 'Could not reach the server. Check your connection and try again.',
  },
  { type: 'xstate.done.actor.refreshFunding', output: loaded(READY) },
  {
    type: 'xstate.error.actor.refreshFunding',
    error: 'Could not reach the server. Check your connection and try again.',
  },
  { type: 'funding.change', field: 'bvn_or_nin', value: BVN },
  { type: 'funding.change', field: 'date_of_birth', value: BORN },
  { type: 'xstate.done.actor.verifyIdentity', output: verified },
  {
    type: 'xstate.error.actor.verifyIdentity',
    error: 'the name on this BVN does not match the name on your profile; correct your name and try again',
  },
  { type: 'xstate.done.actor.verifyCardPayment', output: confirmed(PAID) },
  { type: 'xstate.done.actor.verifyCardPayment', output: confirmed(CANCELLED) },
  { type: 'xstate.error.actor.verifyCardPayment', error: 'we have no card payment with this reference' },
]);

const from = (label: string, accounts: VirtualAccount[], returned: CheckoutReturn | null): Traversal => ({
  label,
  options: {
    input: { session: createTestSession(adaSignedIn).actor, accounts, returned },
    // Each answer gets its own path, though several end where another does.
    serializeState: keyApart(model, [
      'xstate.done.actor.verifyCardPayment',
      'xstate.error.actor.verifyCardPayment',
      'xstate.error.actor.refreshFunding',
      'funding.submit',
    ]),
  },
});

/** The input a traversal's screen opens with. */
export const inputOf = (traversal: Traversal) =>
  traversal.options.input as { accounts: VirtualAccount[]; returned: CheckoutReturn | null };

export const fundingModel: MachineModel = defineModel({
  name: 'funding',
  machine: fundingMachine,
  model,
  transitions: 15,
  traversals: [from('a user opening /funding', [], null), from('back from the card checkout', ACCOUNTS, RETURNED)],
  words: {
    'xstate.done.actor.fetchFunding': (event) => {
      const status = (event.output as Envelope<FundingStatus>).data!;
      return status.identity.bvn || status.identity.nin
        ? 'the server answers: verified, a partner still creating its number'
        : 'the server answers: no BVN or NIN verified';
    },
    'xstate.done.actor.verifyCardPayment': (event) =>
      `the server confirms the card payment: ${(event.output as Envelope<CardPayment>).data!.status}`,
    'xstate.after.poll.funding.shown.idle': () => 'five seconds pass while a partner is creating its number',
  },
});
