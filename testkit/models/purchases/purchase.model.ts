import { waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type {
  MerchantDetails,
  ProvidersByCategory,
  PurchaseAnswer,
  RecentBeneficiary,
  Transaction,
  UserData,
} from '../../../core/contract';
import * as messages from '../../../core/messages';
import { SERVICES, serviceByKey, type ServiceEntry } from '../../../core/services';
import { purchaseMachine } from '../../../src/machines/purchases/purchase';
import { ADA_PIN } from '../../fixtures';
import { createActorTestModel } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel, type Traversal } from '../kit/machineModel';
import { serviceTitles } from '../../../src/ui/purchases/serviceWords';

export const ada: Partial<UserData> = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  token: 'session-token',
  pin: 'set',
  email_verified_at: '2025-01-01T00:00:00Z',
  pin_attempts: 0,
  max_attempts: 3,
  pin_locked: false,
};

export const providers: ProvidersByCategory = {
  airtime: [
    { id: 1, name: 'MTN', packages: [], paused: null },
    { id: 2, name: 'Airtel', packages: [], paused: null },
  ],
  data: [
    { id: 11, name: 'MTN Data', packages: [{ id: 111, name: 'MTN 1GB – 30 days', amount: 500 }], paused: null },
    { id: 12, name: 'Airtel Data', packages: [{ id: 121, name: 'Airtel 2GB – 30 days', amount: 1000 }], paused: null },
  ],
  'electricity-bill': [{ id: 21, name: 'Ikeja Electric', packages: [], paused: null }],
  betting: [{ id: 31, name: 'Bet9ja', packages: [], paused: null }],
  'tv-subscription': [
    { id: 41, name: 'DStv', packages: [{ id: 411, name: 'DStv Compact', amount: 15700 }], paused: null },
  ],
  education: [
    { id: 51, name: 'WAEC', packages: [{ id: 511, name: 'WAEC Result Checker PIN', amount: 3500 }], paused: null },
  ],
};

/** Per service: the provider a person picks (for mobile services not the number's network), what they type, and what the server answers. */
export const fixtures: Record<
  string,
  { provider: string; beneficiary: string; merchant: MerchantDetails; value: [string, string] }
> = {
  airtime: { provider: '2', beneficiary: '08031234567', merchant: { name: '' }, value: ['', ''] },
  internet: { provider: '12', beneficiary: '08031234567', merchant: { name: '' }, value: ['', ''] },
  electricity: {
    provider: '21',
    beneficiary: '45012345678',
    merchant: { name: 'ADA OBI', address: '12 Allen Avenue, Ikeja' },
    value: ['Token', '1234-5678-9012-3456-7890'],
  },
  betting: {
    provider: '31',
    beneficiary: '8012345',
    merchant: { name: 'Ada Obi', username: 'adaobi' },
    value: ['', ''],
  },
  cable: { provider: '41', beneficiary: '7012345678', merchant: { name: 'ADA OBI' }, value: ['', ''] },
  education: {
    provider: '51',
    beneficiary: '1234567890',
    merchant: { name: '' },
    value: ['Pin', 'Serial: WRN123 Pin: 4567-8901'],
  },
};
export const AMOUNT = '500';
/**
 * What a person types, pastes or autofills holds more than the number (these inputs
 * are numeric): the flow keeps the digits of the beneficiary and the naira of the amount.
 */
export const withJunk = (digits: string) => `${digits.slice(0, 4)}-x ${digits.slice(4)}`;
export const AMOUNT_TYPED = '₦5e00';
/** What the server remembers this user paying before (with the service's provider); never the number typed in the paths. */
export const earlier = (service: ServiceEntry): RecentBeneficiary[] => {
  const provider = providers[service.category].find((p) => String(p.id) === fixtures[service.key].provider)!;
  return [{ beneficiary: '08099990000', provider_id: provider.id, provider_name: provider.name }];
};
/** What the user types: the dialog hands any four digits on, and the answers below say whether the server took them. */
export const TYPED_PIN = ADA_PIN.split('');

export const transaction = (service: ServiceEntry, status: Transaction['status']): Transaction => {
  const [display_name, display_value] = status === 'completed' ? fixtures[service.key].value : ['', ''];
  return {
    id: 7,
    category: service.category,
    amount: 500,
    status,
    created_at: '2026-11-21T10:00:00Z',
    reference: 'NW-20261121-0007',
    from: 'Wallet',
    to: fixtures[service.key].beneficiary,
    description: `${serviceTitles[service.key].title.message} purchase`,
    display_name,
    display_value,
  };
};
export const outcomes = (service: ServiceEntry) => ({
  delivered: {
    type: 'success',
    message:
      service.key === 'electricity'
        ? 'Token : 1234-5678-9012-3456-7890'
        : `${serviceTitles[service.key].title.message} purchase successful`,
    data: transaction(service, 'completed'),
  } satisfies PurchaseAnswer,
  processing: {
    type: 'success',
    message: 'your purchase is processing',
    data: transaction(service, 'processing'),
  } satisfies PurchaseAnswer,
  refunded: { type: 'error', message: 'transaction failed, your wallet has been refunded' } satisfies PurchaseAnswer,
  // The pin the server refused: counted, past max_attempts, or locked until it is reset.
  wrongPin: {
    type: 'error',
    message: messages.pinNotCorrect.message,
    data: { reason: 'pin-incorrect', pin_attempts: 1, max_attempts: 3, attempts_left: 2 },
  } satisfies PurchaseAnswer,
  pinLogout: {
    type: 'error',
    message: 'too many wrong transaction pins: you have been logged out (authorization revoked)',
    data: { reason: 'pin-logout' },
  } satisfies PurchaseAnswer,
  pinLocked: {
    type: 'error',
    message: 'purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)',
    data: { reason: 'pin-locked' },
  } satisfies PurchaseAnswer,
});
export const NETWORK_DOWN = 'Failed to fetch';

/** A signed-in session holding the providers; `polls` counts its fetches (a purchase asks for one, so the balance updates). */
export async function loadedSession() {
  let polls = 0;
  const session = createTestSession(ada, async () => {
    polls += 1;
    return { user: {}, providers };
  });
  await waitFor(session.actor, (s) => s.matches({ signedIn: 'waiting' }));
  return {
    ...session,
    get polls() {
      return polls;
    },
  };
}
const traversalSession = await loadedSession();

/** Context as compared: no actor refs, and whether an attempt key is held rather than its random value. */
export function comparable(snapshot: AnyMachineSnapshot) {
  const { session: _s, pinDialog: _p, verification: _v, idempotencyKey, ...rest } = snapshot.context;
  return { ...rest, idempotencyKey: idempotencyKey !== null };
}
/**
 * States keyed by the transition that reached them (see serializeTransitionTaken), with the random
 * key left out. A refusal and a locked pin end in the same state (what differs is the session's),
 * so a purchase's answer is keyed by its message too.
 */
const key = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: comparable(snapshot) });
const answered = (event: AnyEventObject) =>
  event.type === 'xstate.done.actor.purchase' ? `(${(event.output as PurchaseAnswer).message})` : '';
const serializeState = (snapshot: AnyMachineSnapshot, event?: AnyEventObject, prev?: AnyMachineSnapshot) =>
  event && prev ? `${key(prev)} --${event.type}${answered(event)}--> ${key(snapshot)}` : key(snapshot);

/** The paths of one service's screen: the model of its events (its plans, its fixtures) and the traversal. */
function serviceTraversal(service: ServiceEntry): Traversal {
  const fixture = fixtures[service.key];
  const answers = outcomes(service);
  const plans = (providers[service.category] ?? []).flatMap((provider) =>
    provider.packages.map((plan) => String(plan.id)),
  );

  const model = createActorTestModel(purchaseMachine, [
    { type: 'form.provider', value: fixture.provider },
    ...plans.map((value) => ({ type: 'form.plan', value })),
    { type: 'form.beneficiary', value: withJunk(fixture.beneficiary) },
    { type: 'form.amount', value: AMOUNT_TYPED },
    { type: 'form.recent', beneficiary: earlier(service)[0].beneficiary, providerId: fixture.provider },
    { type: 'pin.accepted', pin: ADA_PIN },
    // The verification names the number it was asked for: typed, or a recent one.
    ...[fixture.beneficiary, earlier(service)[0].beneficiary].map((beneficiary) => ({
      type: 'merchant.verified',
      details: fixture.merchant,
      beneficiary,
    })),
    { type: 'xstate.done.actor.purchase', output: answers.delivered },
    { type: 'xstate.done.actor.purchase', output: answers.processing },
    { type: 'xstate.done.actor.purchase', output: answers.refunded },
    { type: 'xstate.done.actor.purchase', output: answers.wrongPin },
    { type: 'xstate.done.actor.purchase', output: answers.pinLogout },
    { type: 'xstate.done.actor.purchase', output: answers.pinLocked },
    { type: 'xstate.error.actor.purchase', error: NETWORK_DOWN },
    {
      type: 'xstate.done.actor.recent',
      output: { type: 'success', message: 'recent beneficiaries', data: earlier(service) },
    },
    { type: 'xstate.error.actor.recent', error: NETWORK_DOWN },
  ]);

  const options: Traversal['options'] = {
    input: { session: traversalSession.actor, service },
    filterEvents: (snapshot, event) => {
      const { form, recent } = snapshot.context;
      const recentLoading = snapshot.matches({ recent: 'loading' });
      if (event.type.endsWith('.actor.recent')) return recentLoading;
      // The rest runs once the recent numbers arrived (an empty list after a failure ends its path).
      if (recentLoading || recent.length === 0) return false;
      const editing = snapshot.matches({ flow: 'editing' });
      // After a purchase went through the form is empty again; one purchase per path.
      const bought = recent.some((item: RecentBeneficiary) => item.beneficiary === fixture.beneficiary);
      switch (event.type) {
        case 'result.dismiss':
          return snapshot.context.result !== null;
        case 'merchant.verified':
          return event.beneficiary === form.beneficiary;
        case 'form.provider':
          return editing && !bought && form.providerId === '';
        case 'form.plan': {
          const provider = providers[service.category].find((p) => String(p.id) === form.providerId);
          return (
            editing && !bought && form.planId === '' && !!provider?.packages.some((p) => String(p.id) === event.value)
          );
        }
        case 'form.beneficiary':
          return editing && !bought && form.beneficiary === '';
        // A recent beneficiary is tapped on a fresh form, instead of typing.
        case 'form.recent':
          return editing && !bought && form.beneficiary === '' && form.providerId === '';
        case 'form.amount':
          return editing && !bought && service.pricing.kind === 'amount' && form.amount === '';
        default:
          return true;
      }
    },
    serializeState,
  };
  return { label: service.key, model, options };
}

export const purchaseModel: MachineModel = defineModel({
  name: 'purchase',
  machine: purchaseMachine,
  traversals: SERVICES.map(serviceTraversal),
  // Electricity has it all: merchant verification, the pin dialog, a token to keep.
  browser: serviceTraversal(serviceByKey('electricity')),
  transitions: 25,
  words: {
    'form.provider': (event) => `pick the provider #${event.value}`,
    'form.plan': (event) => `pick the plan #${event.value}`,
    'form.beneficiary': (event) => `type the number: ${JSON.stringify(event.value)}`,
    'form.amount': (event) => `type the amount: ${JSON.stringify(event.value)}`,
    'form.recent': (event) => `tap the recent number ${event.beneficiary}`,
    'purchase.continue': () => 'press Continue',
    'pin.accepted': () => 'type the transaction pin <pin> and submit it',
    'pin.cancelled': () => 'cancel the pin dialog',
    'merchant.verified': (event) =>
      `the merchant check answers: ${(event.details as MerchantDetails).name || 'verified'} for ${event.beneficiary}`,
    'merchant.failed': () => 'the merchant check answers: merchant not found',
    'result.dismiss': () => 'close the result',
    'xstate.done.actor.purchase': (event) => {
      const answer = event.output as PurchaseAnswer;
      const reason = answer.type === 'error' ? answer.data?.reason : undefined;
      return `the purchase call answers: ${reason ?? (answer.type === 'success' ? answer.data?.status : 'refunded')} (“${answer.message}”)`;
    },
  },
});
