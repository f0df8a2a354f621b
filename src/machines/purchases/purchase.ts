import { assign, fromCallback, fromPromise, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import type {
  AmountPurchaseRequest,
  Envelope,
  MerchantDetails,
  PlanPurchaseRequest,
  Provider,
  PurchaseAnswer,
  PurchaseResult,
  RecentBeneficiary,
} from '../../../core/contract';
import { newIdempotencyKey, purchase, recentBeneficiaries } from '../../api/purchases/purchases';
import { pausedNoticeWording } from '../../domain/purchases/pausedNotice';
import type { Wording } from '../../../core/i18n/words';
import { providerForNetwork, suggestNetwork, type Network } from '../../../core/phone';
import {
  RECENT_BENEFICIARIES,
  serviceByKey,
  type ServiceCategory,
  type ServiceEntry,
  type ServiceKey,
} from '../../../core/services';
import { rememberBeneficiary } from '../../domain/purchases/beneficiaries';
import { amountInput, beneficiaryInput } from '../../domain/kit/numericInput';
import { validatePurchase, type PurchaseForm } from '../../domain/purchases/purchaseForm';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { merchantVerificationMachine } from './merchantVerification';
import {
  confirmationOf,
  pinAnswerActions,
  pinConfirmationActions,
  pinDialogMachine,
  pinRefused,
  PIN_NOT_CORRECT,
} from '../account/pinDialog';
import type { PasskeyConfirmation } from '../../api/account/passkeys';
import { passkeyHere } from '../../api/kit/webauthn';
import type { sessionMachine } from '../app/session';
import * as messages from '../../../core/messages';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

export interface PurchaseInput {
  session: SessionRef;
  service: ServiceEntry;
}

export interface PurchaseContext {
  session: SessionRef;
  /**
   * The service, by key: its entry is read from the table, so the context stays plain data
   * that serialises (the entry's limits are bigints, its rules functions).
   */
  service: ServiceKey;
  form: PurchaseForm;
  /** The user picked the provider: the phone number no longer picks the network. */
  providerChosen: boolean;
  /** The network the phone number's prefix suggests (airtime, internet). */
  suggestedNetwork: Network | null;
  /** Beneficiaries paid recently in this category, with the provider used, for one-tap reuse. */
  recent: RecentBeneficiary[];
  /**
   * The verified holder (electricity, betting, cable) and the number verified. Kept when fields
   * change (as the product was specified), so the number is kept with it: the screen says whose
   * details these are, and warns once the field holds another number (see
   * `numberChangedSinceVerified`).
   */
  merchant: { details: MerchantDetails; beneficiary: string } | null;
  /**
   * The key of the current purchase attempt. Kept after a failure with no answer (the
   * purchase may have gone through), so trying again cannot buy twice, and after a wrong pin
   * (the server released it for the corrected request); a changed field or an answered
   * purchase lets the next one get a new key.
   */
  idempotencyKey: string | null;
  /** The pin typed in the dialog, for the one request it authorises; the server checks it. */
  pin: string;
  /** Or a passkey's answer in its place (the pin dialog offers one where this device holds it). */
  passkey: PasskeyConfirmation | null;
  /** A delivered purchase whose token or pin the user must keep (electricity, education). */
  result: PurchaseResult | null;
  pinDialog: ActorRefFrom<typeof pinDialogMachine>;
  /**
   * Only for services that verify before paying: a JAMB code can be verified, yet the education
   * screen has no Verify button.
   */
  verification: ActorRefFrom<typeof merchantVerificationMachine> | null;
}

export type PurchaseEvent =
  | { type: 'form.provider'; value: string }
  | { type: 'form.plan'; value: string }
  | { type: 'form.beneficiary'; value: string }
  | { type: 'form.amount'; value: string }
  /** One tap on a recent or saved beneficiary: the number and the provider it was paid or saved with ('' for none). */
  | { type: 'form.recent'; beneficiary: string; providerId: string }
  | { type: 'purchase.continue' }
  | { type: 'result.dismiss' }
  // Reports of the two child flows.
  | { type: 'pin.accepted'; pin: string; passkey?: PasskeyConfirmation }
  | { type: 'pin.cancelled' }
  | { type: 'merchant.verified'; details: MerchantDetails; beneficiary: string }
  | { type: 'merchant.failed' }
  /** The session's catalogue poll brought new providers: a product may have been paused or resumed. */
  | { type: 'catalogue.changed' };

/** One purchase call as the app sends it: the body, with the category its path names and its Idempotency-Key header. */
export interface PurchaseCall {
  category: ServiceCategory;
  body: AmountPurchaseRequest | PlanPurchaseRequest;
  idempotencyKey: string;
}

const emptyForm = (): PurchaseForm => ({ providerId: '', planId: '', beneficiary: '', amount: '' });

const serviceOf = (context: PurchaseContext): ServiceEntry => serviceByKey(context.service);

/** What the beneficiary field holds after a change: only what the service's number can be made of. */
const typedBeneficiary = (context: PurchaseContext, value: string) =>
  beneficiaryInput(serviceOf(context).beneficiary, value);

/** The field no longer holds the number the shown details were verified for; paying bills the field's number. */
export const numberChangedSinceVerified = ({ merchant, form }: Pick<PurchaseContext, 'merchant' | 'form'>): boolean =>
  merchant !== null && form.beneficiary.trim() !== merchant.beneficiary;

/** The providers of this service's category, as the session last fetched them. */
const providersOf = (context: PurchaseContext): Provider[] =>
  context.session.getSnapshot().context.providers[serviceOf(context).category] ?? [];

const providerById = (context: PurchaseContext, id: string) =>
  providersOf(context).find((provider) => String(provider.id) === id);

/** The provider the phone number suggests, when the user has not picked one and it differs from the current. */
function suggestedProvider(context: PurchaseContext, beneficiary: string): Provider | undefined {
  if (!serviceOf(context).suggestsNetwork || context.providerChosen) return undefined;
  const provider = providerForNetwork(providersOf(context), suggestNetwork(beneficiary));
  return provider && String(provider.id) !== context.form.providerId ? provider : undefined;
}

/** The chosen product's pause, as the session's last catalogue poll told it; null while it is sold. */
export const pauseOfChoice = (context: PurchaseContext) =>
  providerById(context, context.form.providerId)?.paused ?? null;

/**
 * The notice of the chosen product's pause, for the toast of a Continue pressed anyway: the words
 * the screen shows (domain/purchases/pausedNotice.ts), said by the view in the reader's language.
 */
export function pausedNoticeOf(context: PurchaseContext): Wording {
  const provider = providerById(context, context.form.providerId);
  const pause = provider?.paused;
  return provider && pause ? pausedNoticeWording(serviceOf(context), provider.name, pause) : '';
}

/** What Continue says of a form validatePurchase refuses: its one message, for every service screen. */
const FIELDS_REQUIRED = messages.allFieldsRequired;

function toCall(context: PurchaseContext): PurchaseCall {
  const { form } = context;
  const service = serviceOf(context);
  const common = {
    provider_id: Number(form.providerId),
    beneficiary: form.beneficiary.trim(),
    ...confirmationOf(context),
  };
  return {
    category: service.category,
    body:
      service.pricing.kind === 'plan'
        ? { ...common, package_id: Number(form.planId) }
        : { ...common, amount: form.amount.trim() },
    idempotencyKey: context.idempotencyKey!,
  };
}

/**
 * One service screen (docs/product.md, "Purchases"), configured by its entry in the service table:
 * the form, Continue's validation (and merchant verification first where the service asks for it),
 * the pin dialog, the purchase call with the loading overlay, and its outcome. The purchase call is
 * also the pin check (only the server knows the pin): a wrong pin reopens the dialog, the one past
 * the session's max_attempts logs out, a locked pin points to "Forgot pin?". The pin dialog and the
 * merchant verification are their own machines, spawned for the screen's life and reporting back
 * here.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as PurchaseInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    pinDialog: pinDialogMachine,
    merchantVerification: merchantVerificationMachine,
    purchase: fromPromise<PurchaseAnswer, PurchaseCall>(({ input, signal }) =>
      purchase(input.category, input.body, input.idempotencyKey, signal),
    ),
    recentBeneficiaries: fromPromise<Envelope<RecentBeneficiary[]>, { category: string }>(({ input, signal }) =>
      recentBeneficiaries(input.category, signal),
    ),
    /** Tells the flow when the session's catalogue changes: the chosen product's pause is read again. */
    watchCatalogue: fromCallback<PurchaseEvent, SessionRef>(({ input, sendBack }) => {
      let providers = input.getSnapshot().context.providers;
      const subscription = input.subscribe((snapshot) => {
        if (snapshot.context.providers === providers) return;
        providers = snapshot.context.providers;
        sendBack({ type: 'catalogue.changed' });
      });
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    ...effects,
    // Selecting a provider clears the plan (and a plan's amount) and offers that provider's plans:
    // a plan belongs to one provider.
    selectProvider: assign(({ context }, params: { value: string }) => ({
      form: {
        ...context.form,
        providerId: params.value,
        planId: '',
        amount: serviceOf(context).pricing.kind === 'plan' ? '' : context.form.amount,
      },
      providerChosen: params.value !== '',
      idempotencyKey: null,
    })),
    // Selecting a plan sets the amount, read-only: a plan has one price.
    selectPlan: assign(({ context }, params: { value: string }) => {
      const plan = providerById(context, context.form.providerId)?.packages.find((p) => String(p.id) === params.value);
      return {
        form: { ...context.form, planId: params.value, amount: plan ? String(plan.amount) : '' },
        idempotencyKey: null,
      };
    }),
    setBeneficiary: assign(({ context }, params: { value: string }) => ({
      form: { ...context.form, beneficiary: params.value },
      suggestedNetwork: serviceOf(context).suggestsNetwork ? suggestNetwork(params.value) : null,
      idempotencyKey: null,
    })),
    selectSuggestedProvider: assign(({ context }, params: { value: string }) => {
      const provider = suggestedProvider(context, params.value)!;
      const planKept = serviceOf(context).pricing.kind === 'plan' ? { planId: '', amount: '' } : {};
      return { form: { ...context.form, providerId: String(provider.id), ...planKept } };
    }),
    pickRecent: assign(({ context }, params: { beneficiary: string; providerId: string }) => {
      // A provider no longer offered is not picked; the user chooses one.
      const providerId = providerById(context, params.providerId) ? params.providerId : context.form.providerId;
      const samePlan = providerId === context.form.providerId || serviceOf(context).pricing.kind === 'amount';
      return {
        form: {
          ...context.form,
          providerId,
          beneficiary: params.beneficiary,
          ...(samePlan ? {} : { planId: '', amount: '' }),
        },
        providerChosen: providerId !== '',
        suggestedNetwork: serviceOf(context).suggestsNetwork ? suggestNetwork(params.beneficiary) : null,
        idempotencyKey: null,
      };
    }),
    setAmount: assign(({ context }, params: { value: string }) => ({
      form: { ...context.form, amount: params.value },
      idempotencyKey: null,
    })),
    keepRecent: assign({
      recent: (_, params: { list: RecentBeneficiary[] }) => params.list.slice(0, RECENT_BENEFICIARIES),
    }),
    verify: sendTo(
      ({ context }) => context.verification!,
      ({ context }) => ({
        type: 'merchant.verify' as const,
        request: { provider_id: Number(context.form.providerId), beneficiary: context.form.beneficiary.trim() },
      }),
    ),
    keepMerchant: assign({ merchant: (_, params: { details: MerchantDetails; beneficiary: string }) => params }),
    openPin: sendTo(({ context }) => context.pinDialog, { type: 'pin.open' as const }),
    authorise: assign(({ context }, params: { pin: string; passkey?: PasskeyConfirmation }) => ({
      pin: params.pin,
      passkey: params.passkey ?? null,
      idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
      result: null,
    })),
    forgetPin: pinConfirmationActions.forgetPin,
    forgetKey: assign({ idempotencyKey: null }),
    showLoading: sendTo(({ context }) => context.session, { type: 'loading.set' as const, value: true }),
    hideLoading: sendTo(({ context }) => context.session, { type: 'loading.set' as const, value: false }),
    // The balance changed: the session fetches the user again.
    refreshSession: sendTo(({ context }) => context.session, { type: 'session.refresh' as const }),
    // The server's wrong-pin count, a locked pin, or the session it has ended already: read as every
    // flow that opens the pin dialog reads them.
    ...pinAnswerActions,
    // The form, pin boxes and amount clear: no pin is left on screen, and the next purchase starts
    // afresh; the beneficiary joins the recent ones.
    completed: assign(({ context }, params: { answer: PurchaseAnswer }) => {
      const data = params.answer.type === 'success' ? params.answer.data : undefined;
      return {
        form: emptyForm(),
        providerChosen: false,
        suggestedNetwork: null,
        merchant: null,
        recent: rememberBeneficiary(context.recent, {
          beneficiary: context.form.beneficiary,
          provider_id: Number(context.form.providerId),
          provider_name: providerById(context, context.form.providerId)?.name ?? '',
        }),
        result: data && data.status === 'completed' && data.display_value ? data : null,
      };
    }),
    // Electricity, betting and cable start the next purchase unverified; the others have nothing to reset.
    resetVerification: ({ context }) => context.verification?.send({ type: 'merchant.reset' }),
    clearResult: assign({ result: null }),
  },
  guards: {
    productPaused: ({ context }) => pauseOfChoice(context) !== null,
    formInvalid: ({ context }) => validatePurchase(context.form, serviceOf(context).pricing.kind) !== null,
    awaitsVerification: ({ context }) => context.verification !== null && context.merchant === null,
    suggestsProvider: ({ context }, params: { value: string }) =>
      suggestedProvider(context, params.value) !== undefined,
    amountEditable: ({ context }) => serviceOf(context).pricing.kind === 'amount',
    succeeded: (_, params: { answer: PurchaseAnswer }) => params.answer.type === 'success',
    pinRefused,
  },
}).createMachine({
  id: 'purchase',
  context: ({ input, spawn, self }) => ({
    session: input.session,
    service: input.service.key,
    form: emptyForm(),
    providerChosen: false,
    suggestedNetwork: null,
    recent: [],
    merchant: null,
    idempotencyKey: null,
    pin: '',
    passkey: null,
    result: null,
    pinDialog: spawn('pinDialog', { id: 'pinDialog', input: { owner: self, passkeys: passkeyHere() } }),
    verification: input.service.verification?.beforePaying
      ? spawn('merchantVerification', { id: 'merchantVerification', input: { owner: self } })
      : null,
  }),
  type: 'parallel',
  invoke: { src: 'watchCatalogue', input: ({ context }) => context.session },
  states: {
    /**
     * Whether the chosen product is sold now: paused (its biller failing, or staff), the screen
     * says so and Continue is refused, until a catalogue poll brings it back or another is chosen.
     */
    product: {
      initial: 'available',
      states: {
        available: { always: { guard: 'productPaused', target: 'paused' } },
        paused: { tags: 'paused', always: { guard: not('productPaused'), target: 'available' } },
      },
    },
    flow: {
      initial: 'editing',
      // Typing is kept in every step; the dialog and the loading overlay cover the form meanwhile.
      on: {
        'form.provider': { actions: { type: 'selectProvider', params: ({ event }) => ({ value: event.value }) } },
        'form.plan': { actions: { type: 'selectPlan', params: ({ event }) => ({ value: event.value }) } },
        // What is not part of a number never enters the form, typed, pasted or autofilled.
        'form.beneficiary': [
          {
            guard: {
              type: 'suggestsProvider',
              params: ({ context, event }) => ({ value: typedBeneficiary(context, event.value) }),
            },
            actions: [
              {
                type: 'selectSuggestedProvider',
                params: ({ context, event }) => ({ value: typedBeneficiary(context, event.value) }),
              },
              {
                type: 'setBeneficiary',
                params: ({ context, event }) => ({ value: typedBeneficiary(context, event.value) }),
              },
            ],
          },
          {
            actions: {
              type: 'setBeneficiary',
              params: ({ context, event }) => ({ value: typedBeneficiary(context, event.value) }),
            },
          },
        ],
        'form.recent': {
          actions: {
            type: 'pickRecent',
            params: ({ event }) => ({ beneficiary: event.beneficiary, providerId: event.providerId }),
          },
        },
        'form.amount': {
          guard: 'amountEditable',
          actions: { type: 'setAmount', params: ({ event }) => ({ value: amountInput(event.value) }) },
        },
      },
      states: {
        editing: {
          on: {
            'purchase.continue': [
              {
                guard: 'productPaused',
                actions: {
                  type: 'toast',
                  params: ({ context }) => ({ level: 'error', message: pausedNoticeOf(context) }),
                },
              },
              {
                guard: 'formInvalid',
                actions: {
                  type: 'toast',
                  params: { level: 'error', message: FIELDS_REQUIRED },
                },
              },
              { guard: 'awaitsVerification', target: 'verifying' },
              { target: 'authorising' },
            ],
            'result.dismiss': { actions: 'clearResult' },
          },
        },
        verifying: {
          tags: 'busy',
          entry: 'verify',
          on: {
            'merchant.verified': {
              target: 'editing',
              actions: {
                type: 'keepMerchant',
                params: ({ event }) => ({ details: event.details, beneficiary: event.beneficiary }),
              },
            },
            'merchant.failed': 'editing',
          },
        },
        authorising: {
          entry: 'openPin',
          on: {
            'pin.accepted': {
              target: 'submitting',
              actions: { type: 'authorise', params: ({ event }) => ({ pin: event.pin, passkey: event.passkey }) },
            },
            'pin.cancelled': 'editing',
          },
        },
        submitting: {
          tags: 'busy',
          entry: 'showLoading',
          exit: ['hideLoading', 'forgetPin'],
          invoke: {
            id: 'purchase',
            src: 'purchase',
            input: ({ context }) => toCall(context),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ answer: event.output }) },
                target: 'editing',
                actions: [
                  {
                    type: 'toast',
                    // Delivered (success), or accepted and still processing with the biller (information).
                    params: ({ event }) => ({
                      level:
                        event.output.type === 'success' && event.output.data && event.output.data.status !== 'completed'
                          ? 'info'
                          : 'success',
                      message: event.output.message,
                    }),
                  },
                  { type: 'completed', params: ({ event }) => ({ answer: event.output }) },
                  'resetVerification',
                  'forgetKey',
                  'refreshSession',
                ],
              },
              {
                // A wrong pin, counted by the server: say so and ask again, same form, same key.
                guard: {
                  type: 'pinRefused',
                  params: ({ event }) => ({ answer: event.output, reason: 'pin-incorrect' as const }),
                },
                target: 'authorising',
                actions: [
                  // The server's words: a wrong pin, or a passkey it could not check.
                  { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
                  { type: 'countWrongPin', params: ({ event }) => ({ answer: event.output }) },
                ],
              },
              {
                // A wrong pin once the count had reached max_attempts: the server has revoked the session.
                guard: {
                  type: 'pinRefused',
                  params: ({ event }) => ({ answer: event.output, reason: 'pin-logout' as const }),
                },
                target: 'signedOut',
                actions: [
                  { type: 'toast', params: { level: 'error', message: PIN_NOT_CORRECT } },
                  'logout',
                  { type: 'navigate', params: { to: '/login' } },
                ],
              },
              {
                // Locked until the pin is reset: the server's message, and the screen offers "Forgot pin?".
                guard: {
                  type: 'pinRefused',
                  params: ({ event }) => ({ answer: event.output, reason: 'pin-locked' as const }),
                },
                target: 'editing',
                actions: [
                  { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
                  'lockPurchases',
                  'forgetKey',
                ],
              },
              {
                // Refused or failed and refunded: the server's message; the form stays, to be corrected
                // or sent again.
                target: 'editing',
                actions: [
                  { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
                  'forgetKey',
                  'refreshSession',
                ],
              },
            ],
            // No answer (network): the message, the form and the attempt's key stay for a retry.
            onError: {
              target: 'editing',
              actions: {
                type: 'toast',
                params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }),
              },
            },
          },
        },
        /** Logged out after too many wrong pins; the screen is on its way to /login. */
        signedOut: { type: 'final' },
      },
    },
    recent: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'recent',
            src: 'recentBeneficiaries',
            input: ({ context }) => ({ category: serviceOf(context).category }),
            onDone: {
              target: 'loaded',
              actions: { type: 'keepRecent', params: ({ event }) => ({ list: event.output.data ?? [] }) },
            },
            // Recent numbers are a convenience: without them the form works as before.
            onError: 'loaded',
          },
        },
        loaded: {},
      },
    },
  },
});
