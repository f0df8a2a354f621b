import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type {
  CardPayment,
  Envelope,
  FundingIdentityRequest,
  FundingStatus,
  VirtualAccount,
} from '../../../core/contract';
import type { Wording } from '../../../core/i18n/words';
import { formatNaira } from '../../../core/money';
import { fetchFunding, verifyCardTopUp, verifyFundingIdentity } from '../../api/wallet/funding';
import { digitsInput, idNumberInput } from '../../domain/kit/numericInput';
import { validateIdentity, type IdentityForm } from '../../domain/kit/identityForms';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { checkedSubmit, formGuard } from '../kit/formCheck';
import type { sessionMachine } from '../app/session';

/** A return from the partner's card checkout: the reference it sends back, and whether the customer cancelled. */
export interface CheckoutReturn {
  reference: string;
  cancelled: boolean;
}

export interface FundingInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The user's accounts as the session has them when the screen opens (shown while the rest loads). */
  accounts: VirtualAccount[];
  /** Set when the partner's checkout sent the customer back here (`?reference=`). */
  returned: CheckoutReturn | null;
}

export interface FundingContext {
  session: FundingInput['session'];
  accounts: VirtualAccount[];
  returned: CheckoutReturn | null;
  /** What the server says of the user's funding; null until it has answered. */
  funding: FundingStatus | null;
  form: IdentityForm;
}

export type FundingEvent =
  | { type: 'funding.retry' }
  | { type: 'funding.change'; field: keyof IdentityForm; value: string }
  | { type: 'funding.submit' };

/** How often the screen asks again while a partner is creating an account number. */
export const FUNDING_POLL_MS = 5_000;

const EMPTY_FORM: IdentityForm = {
  kind: 'bvn',
  bvn_or_nin: '',
  date_of_birth: '',
  bank_code: '',
  bank_account_number: '',
};

/** Digits only, at most 11 for the number and 10 for the bank account, whatever was typed or pasted. */
const FIELD_INPUT: Partial<Record<keyof IdentityForm, (value: string) => string>> = {
  bvn_or_nin: idNumberInput,
  bank_account_number: (value) => digitsInput(value, 10),
};

const toRequest = ({ form }: FundingContext): FundingIdentityRequest => ({
  ...(form.kind === 'bvn' ? { bvn: form.bvn_or_nin.trim() } : { nin: form.bvn_or_nin.trim() }),
  date_of_birth: form.date_of_birth.trim(),
  ...(form.bank_code && form.bank_account_number
    ? { bank_code: form.bank_code, bank_account_number: form.bank_account_number.trim() }
    : {}),
});

/** What the customer is told on coming back from the checkout, by the payment's state. */
export function returnMessage(payment: CardPayment): { level: 'success' | 'error' | 'info'; message: Wording } {
  switch (payment.status) {
    case 'success':
      return {
        level: 'success',
        message: {
          words: /*i18n*/ {
            id: 'funding.card.credited',
            message: '{amount} from your card has been added to your wallet.',
          },
          values: { amount: formatNaira(payment.amount) },
        },
      };
    case 'abandoned':
      return {
        level: 'info',
        message: /*i18n*/ {
          id: 'funding.card.abandoned',
          message: 'The card payment was cancelled: nothing was charged.',
        },
      };
    case 'failed':
      return {
        level: 'error',
        message: /*i18n*/ {
          id: 'funding.card.failed',
          message: 'Your card payment did not go through: nothing was added to your wallet.',
        },
      };
    case 'disputed':
      return {
        level: 'error',
        message: /*i18n*/ {
          id: 'funding.card.disputed',
          message: 'We could not confirm this card payment. Support has been told and will contact you.',
        },
      };
    default:
      return {
        level: 'info',
        message: /*i18n*/ {
          id: 'funding.card.pending',
          message: 'Your card payment is not confirmed yet: it shows here as soon as your bank confirms it.',
        },
      };
  }
}

/**
 * /funding: identity first. The screen loads where the user stands (POST /api/funding): with no
 * verified BVN or NIN it says the wallet cannot be funded and offers the verification in place;
 * once verified the partners open the accounts, and while one is still creating its number the
 * screen asks again every few seconds. The same form confirms a number again for a partner that
 * could not be reached, or validates a BVN with a bank account for Paystack. Coming back from
 * the card checkout, the payment is confirmed first (POST /api/card-topups/verify), the result
 * told, and the address cleaned of the reference. The accounts answered are stored in the
 * session; copying a number is each copy button's own flow, a card top-up the cardTopUp flow.
 */
export const fundingMachine = setup({
  types: {
    context: {} as FundingContext,
    events: {} as FundingEvent,
    input: {} as FundingInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    fetchFunding: fromPromise<Envelope<FundingStatus>>(({ signal }) => fetchFunding(signal)),
    verifyIdentity: fromPromise<Envelope<FundingStatus>, FundingIdentityRequest>(({ input, signal }) =>
      verifyFundingIdentity(input, signal),
    ),
    verifyCardPayment: fromPromise<Envelope<CardPayment>, string>(({ input, signal }) =>
      verifyCardTopUp(input, signal),
    ),
  },
  actions: {
    ...effects,
    keepFunding: assign((_, params: { funding: FundingStatus | undefined }) =>
      params.funding ? { funding: params.funding, accounts: params.funding.accounts } : {},
    ),
    storeAccounts: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update' as const, data: { accounts: context.accounts } }),
    ),
    refreshSession: sendTo(({ context }) => context.session, { type: 'session.refresh' as const }),
    change: assign({
      form: ({ context }, params: { field: keyof IdentityForm; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    clearForm: assign({ form: EMPTY_FORM }),
    forgetReturn: assign({ returned: null }),
  },
  guards: {
    returnedFromCheckout: ({ context }) => context.returned !== null,
    ...formGuard(validateIdentity),
    creating: ({ context }) => context.funding?.partners.some((partner) => partner.status === 'creating') ?? false,
  },
  delays: {
    poll: FUNDING_POLL_MS,
  },
}).createMachine({
  id: 'funding',
  context: ({ input }) => ({
    session: input.session,
    accounts: input.accounts,
    returned: input.returned,
    funding: null,
    form: EMPTY_FORM,
  }),
  initial: 'starting',
  // Typing is kept in every state, so nothing entered while a request runs is lost.
  on: {
    'funding.change': {
      actions: {
        type: 'change',
        params: ({ event }) => ({ field: event.field, value: FIELD_INPUT[event.field]?.(event.value) ?? event.value }),
      },
    },
  },
  states: {
    starting: {
      always: [{ guard: 'returnedFromCheckout', target: 'confirmingPayment' }, { target: 'loading' }],
    },
    confirmingPayment: {
      tags: 'busy',
      invoke: {
        id: 'verifyCardPayment',
        src: 'verifyCardPayment',
        input: ({ context }) => context.returned!.reference,
        onDone: {
          target: 'loading',
          actions: [
            {
              type: 'toast',
              params: ({ event }) =>
                event.output.data ? returnMessage(event.output.data) : { level: 'info', message: event.output.message },
            },
            'refreshSession',
            'forgetReturn',
            { type: 'navigate', params: { to: '/funding' } },
          ],
        },
        onError: {
          target: 'loading',
          actions: [
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
            'forgetReturn',
            { type: 'navigate', params: { to: '/funding' } },
          ],
        },
      },
    },
    loading: {
      invoke: {
        id: 'fetchFunding',
        src: 'fetchFunding',
        onDone: {
          target: 'shown',
          actions: [{ type: 'keepFunding', params: ({ event }) => ({ funding: event.output.data }) }, 'storeAccounts'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    failed: {
      on: { 'funding.retry': 'loading' },
    },
    shown: {
      initial: 'idle',
      states: {
        idle: {
          after: { poll: { guard: 'creating', target: 'refreshing' } },
          on: {
            'funding.submit': checkedSubmit(validateIdentity, 'verifying'),
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshFunding',
            src: 'fetchFunding',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepFunding', params: ({ event }) => ({ funding: event.output.data }) },
                'storeAccounts',
              ],
            },
            // A poll that failed is tried again at the next tick; the screen keeps what it shows.
            onError: 'idle',
          },
        },
        verifying: {
          tags: 'busy',
          invoke: {
            id: 'verifyIdentity',
            src: 'verifyIdentity',
            input: ({ context }) => toRequest(context),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepFunding', params: ({ event }) => ({ funding: event.output.data }) },
                'storeAccounts',
                'refreshSession',
                'clearForm',
                { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'toast',
                params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }),
              },
            },
          },
        },
      },
    },
  },
});
