import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Envelope, VirtualAccount } from '../../core/contract';
import { createAccounts } from '../api/wallet';
import { effects, errorMessage, type FlowEmitted } from './effects';
import type { sessionMachine } from './session';

export interface FundingInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The user's virtual accounts as the session has them when the screen opens. */
  accounts: VirtualAccount[];
}

export type FundingContext = FundingInput;

export type FundingEvent = { type: 'funding.retry' };

const answered = (answer: Envelope<VirtualAccount[]>): VirtualAccount[] => (Array.isArray(answer.data) ? answer.data : []);

/**
 * /funding (SPEC.md §4): a user without virtual accounts gets them created on opening; the
 * accounts answered are stored in the session and the screen starts over with them. Copying
 * a number is each copy button's own flow (copyToClipboard).
 */
export const fundingMachine = setup({
  types: {
    context: {} as FundingContext,
    events: {} as FundingEvent,
    input: {} as FundingInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    createAccounts: fromPromise<Envelope<VirtualAccount[]>>(({ signal }) => createAccounts(signal)),
  },
  actions: {
    ...effects,
    keepAccounts: assign({ accounts: (_, params: { accounts: VirtualAccount[] }) => params.accounts }),
    storeAccounts: sendTo(
      ({ context }) => context.session,
      (_, params: { accounts: VirtualAccount[] }) => ({ type: 'session.update' as const, data: { accounts: params.accounts } }),
    ),
  },
  guards: {
    hasAccounts: ({ context }) => context.accounts.length > 0,
    answeredAccounts: (_, params: { answer: Envelope<VirtualAccount[]> }) => answered(params.answer).length > 0,
  },
}).createMachine({
  id: 'funding',
  context: ({ input }) => ({ session: input.session, accounts: input.accounts }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasAccounts', target: 'ready' }, { target: 'creating' }],
    },
    creating: {
      invoke: {
        id: 'createAccounts',
        src: 'createAccounts',
        onDone: [
          {
            guard: { type: 'answeredAccounts', params: ({ event }) => ({ answer: event.output }) },
            // Starting over from `checking` is the reinitialising of SPEC.md §4.
            target: 'checking',
            actions: [
              { type: 'keepAccounts', params: ({ event }) => ({ accounts: answered(event.output) }) },
              { type: 'storeAccounts', params: ({ event }) => ({ accounts: answered(event.output) }) },
            ],
          },
          // A success without accounts (the bank partner has none to give yet): nothing to store, try again later.
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) } },
      },
    },
    failed: {
      on: { 'funding.retry': 'creating' },
    },
    ready: {},
  },
});
