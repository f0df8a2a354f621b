import { assign, fromPromise, setup } from 'xstate';
import {
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  TOTP_CODE,
  type MoneyRequest,
  type MoneyRequestKind,
  type NewMoneyRequest,
} from '../../../core/console';
import { nairaToKobo } from '../../../core/money';
import { requestMoney } from '../../api/console/calls';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface MoneyRequestInput {
  kind: MoneyRequestKind;
  customerId: number | null;
  /** A suspended transfer: its amount is its own, not typed. */
  incomingTransferId: number | null;
}

export interface MoneyRequestContext extends MoneyRequestInput {
  amount: string;
  reason: string;
  code: string;
  request: MoneyRequest | null;
}

export type MoneyRequestEvent =
  | { type: 'money.change'; field: 'amount' | 'reason' | 'code'; value: string }
  | { type: 'money.submit' }
  | { type: 'money.back' };

export const AMOUNT_NEEDED = 'Enter the amount in naira, with at most two decimals.';
export const REASON_NEEDED =
  `Say why, in at least ${REASON_MIN_LENGTH} ` + 'characters: whoever approves and whoever audits will read it.';
export const CODE_NEEDED = 'Enter the six-digit code from your authenticator app to confirm.';

const typedAmount = (context: MoneyRequestContext) =>
  context.incomingTransferId !== null ? 1n : nairaToKobo(context.amount);

/**
 * The maker's half of maker-checker: what to move and why, then the maker's own code
 * (re-authentication) before the request is sent. Nothing moves until another finance user
 * approves it (moneyApproval); the request is answered as pending.
 */
export const moneyRequestMachine = setup({
  types: {
    context: {} as MoneyRequestContext,
    events: {} as MoneyRequestEvent,
    input: {} as MoneyRequestInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    requestMoney: fromPromise<MoneyRequest, NewMoneyRequest>(
      async ({ input, signal }) => (await requestMoney(input, signal)).data,
    ),
  },
  actions: {
    ...effects,
    change: assign(({ context }, params: { field: 'amount' | 'reason' | 'code'; value: string }) => ({
      ...context,
      [params.field]:
        params.field === 'code'
          ? params.value.replace(/\D/g, '').slice(0, 6)
          : params.value.slice(0, REASON_MAX_LENGTH),
    })),
    forgetCode: assign({ code: '' }),
    keepRequest: assign({ request: (_, params: { request: MoneyRequest }) => params.request }),
  },
  guards: {
    amountInvalid: ({ context }) => {
      const kobo = typedAmount(context);
      return kobo === null || kobo <= 0n;
    },
    reasonTooShort: ({ context }) => context.reason.trim().length < REASON_MIN_LENGTH,
    codeIncomplete: ({ context }) => !TOTP_CODE.test(context.code),
  },
}).createMachine({
  id: 'moneyRequest',
  context: ({ input }) => ({ ...input, amount: '', reason: '', code: '', request: null }),
  initial: 'editing',
  on: {
    'money.change': {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    editing: {
      on: {
        'money.submit': [
          { guard: 'amountInvalid', actions: { type: 'toast', params: { level: 'error', message: AMOUNT_NEEDED } } },
          { guard: 'reasonTooShort', actions: { type: 'toast', params: { level: 'error', message: REASON_NEEDED } } },
          { target: 'confirming' },
        ],
      },
    },
    confirming: {
      on: {
        'money.back': { target: 'editing', actions: 'forgetCode' },
        'money.submit': [
          { guard: 'codeIncomplete', actions: { type: 'toast', params: { level: 'error', message: CODE_NEEDED } } },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'requestMoney',
        src: 'requestMoney',
        input: ({ context }) => ({
          kind: context.kind,
          ...(context.customerId !== null ? { customer_id: context.customerId } : {}),
          ...(context.incomingTransferId !== null
            ? { incoming_transfer_id: context.incomingTransferId }
            : { amount: context.amount.trim() }),
          reason: context.reason.trim(),
          code: context.code,
        }),
        onDone: {
          target: 'requested',
          actions: [
            'forgetCode',
            { type: 'keepRequest', params: ({ event }) => ({ request: event.output }) },
            {
              type: 'toast',
              params: {
                level: 'success',
                message: 'Request recorded: another finance user must approve it before any money moves.',
              },
            },
          ],
        },
        onError: {
          target: 'confirming',
          actions: [
            'forgetCode',
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          ],
        },
      },
    },
    requested: { type: 'final' },
  },
});
