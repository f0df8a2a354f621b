import { assign, fromPromise, setup } from 'xstate';
import { TOTP_CODE, type MoneyRequest } from '../../../core/console';
import { approveMoney, approveMoneyWithPasskey, cancelMoney, rejectMoney } from '../../api/console/calls';
import { passkeyNotUsed } from '../../api/kit/webauthn';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface MoneyApprovalInput {
  requestId: number;
}

export interface MoneyApprovalContext extends MoneyApprovalInput {
  code: string;
  note: string;
  decided: MoneyRequest | null;
}

export type MoneyApprovalEvent =
  | { type: 'approval.approve' }
  | { type: 'approval.reject' }
  | { type: 'approval.cancel' }
  | { type: 'approval.change'; field: 'code' | 'note'; value: string }
  | { type: 'approval.submit' }
  | { type: 'approval.passkey' }
  | { type: 'approval.back' };

export const APPROVAL_CODE_NEEDED = 'Enter the six-digit code from your authenticator app to approve.';
export const NOTE_NEEDED = 'Say why you turn it down (at least three characters).';
export const PASSKEY_NOT_USED = 'No passkey was used: nothing moved. Try again.';

type Refused = { event: { error: unknown } };

/**
 * Approving with the code and with the passkey end alike: approved, the request is kept as
 * decided and the input dropped; refused, the checker is back at the approval with `refused`
 * (what each way says of its failure).
 */
const approvalOutcomes = <const A>(refused: A) =>
  ({
    onDone: {
      target: 'decided',
      actions: [
        'forgetInput',
        {
          type: 'keepDecision',
          params: ({ event }: { event: { output: MoneyRequest } }) => ({ request: event.output }),
        },
        { type: 'toast', params: { level: 'success', message: 'Approved: the money has moved.' } },
      ],
    },
    onError: { target: 'confirming', actions: refused },
  }) as const;

/**
 * The checker's half of maker-checker, on one pending request: approve it (their own code
 * first: re-authentication; the server refuses the maker, an expired request, and a request above
 * the admin threshold unless the checker is an admin), turn it down with a note, or, for the
 * maker, withdraw it. Every refusal leaves the request as it was, with the server's reason.
 */
export const moneyApprovalMachine = setup({
  types: {
    context: {} as MoneyApprovalContext,
    events: {} as MoneyApprovalEvent,
    input: {} as MoneyApprovalInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    approveMoney: fromPromise<MoneyRequest, { requestId: number; code: string }>(
      async ({ input, signal }) => (await approveMoney(input.requestId, input.code, signal)).data,
    ),
    rejectMoney: fromPromise<MoneyRequest, { requestId: number; note: string }>(
      async ({ input, signal }) => (await rejectMoney(input.requestId, input.note, signal)).data,
    ),
    approveWithPasskey: fromPromise<MoneyRequest, { requestId: number }>(
      async ({ input, signal }) => (await approveMoneyWithPasskey(input.requestId, signal)).data,
    ),
    cancelMoney: fromPromise<MoneyRequest, { requestId: number }>(
      async ({ input, signal }) => (await cancelMoney(input.requestId, signal)).data,
    ),
  },
  actions: {
    ...effects,
    change: assign(({ context }, params: { field: 'code' | 'note'; value: string }) => ({
      ...context,
      [params.field]:
        params.field === 'code' ? params.value.replace(/\D/g, '').slice(0, 6) : params.value.slice(0, 500),
    })),
    forgetInput: assign({ code: '', note: '' }),
    forgetCode: assign({ code: '' }),
    keepDecision: assign({ decided: (_, params: { request: MoneyRequest }) => params.request }),
  },
  guards: {
    codeIncomplete: ({ context }) => !TOTP_CODE.test(context.code),
    noteTooShort: ({ context }) => context.note.trim().length < 3,
  },
}).createMachine({
  id: 'moneyApproval',
  context: ({ input }) => ({ requestId: input.requestId, code: '', note: '', decided: null }),
  initial: 'reviewing',
  on: {
    'approval.change': {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    reviewing: {
      on: { 'approval.approve': 'confirming', 'approval.reject': 'writingNote', 'approval.cancel': 'cancelling' },
    },
    confirming: {
      on: {
        'approval.back': { target: 'reviewing', actions: 'forgetInput' },
        'approval.submit': [
          {
            guard: 'codeIncomplete',
            actions: { type: 'toast', params: { level: 'error', message: APPROVAL_CODE_NEEDED } },
          },
          { target: 'approving' },
        ],
        'approval.passkey': { target: 'approvingWithPasskey', actions: 'forgetCode' },
      },
    },
    // The checker's re-authentication with their passkey in place of the code.
    approvingWithPasskey: {
      tags: 'busy',
      invoke: {
        id: 'approveWithPasskey',
        src: 'approveWithPasskey',
        input: ({ context }) => ({ requestId: context.requestId }),
        ...approvalOutcomes({
          type: 'toast',
          params: ({ event }: Refused) => ({
            level: 'error' as const,
            message: passkeyNotUsed(event.error) ? PASSKEY_NOT_USED : errorMessage(event.error),
          }),
        }),
      },
    },
    approving: {
      tags: 'busy',
      invoke: {
        id: 'approveMoney',
        src: 'approveMoney',
        input: ({ context }) => ({ requestId: context.requestId, code: context.code }),
        // A refused code is spent or wrong: it is not offered again.
        ...approvalOutcomes([
          'forgetCode',
          {
            type: 'toast',
            params: ({ event }: Refused) => ({ level: 'error' as const, message: errorMessage(event.error) }),
          },
        ]),
      },
    },
    writingNote: {
      on: {
        'approval.back': { target: 'reviewing', actions: 'forgetInput' },
        'approval.submit': [
          { guard: 'noteTooShort', actions: { type: 'toast', params: { level: 'error', message: NOTE_NEEDED } } },
          { target: 'rejecting' },
        ],
      },
    },
    rejecting: {
      tags: 'busy',
      invoke: {
        id: 'rejectMoney',
        src: 'rejectMoney',
        input: ({ context }) => ({ requestId: context.requestId, note: context.note.trim() }),
        onDone: {
          target: 'decided',
          actions: [
            'forgetInput',
            { type: 'keepDecision', params: ({ event }) => ({ request: event.output }) },
            { type: 'toast', params: { level: 'success', message: 'Turned down: nothing moved.' } },
          ],
        },
        onError: {
          target: 'writingNote',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    cancelling: {
      tags: 'busy',
      invoke: {
        id: 'cancelMoney',
        src: 'cancelMoney',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: {
          target: 'decided',
          actions: [
            { type: 'keepDecision', params: ({ event }) => ({ request: event.output }) },
            { type: 'toast', params: { level: 'success', message: 'Withdrawn: nothing moved.' } },
          ],
        },
        onError: {
          target: 'reviewing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    decided: { type: 'final' },
  },
});
