import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Envelope, FetchTransactionsRequest, Paginated, Transaction } from '../../../core/contract';
import { CallFailure } from '../../api/kit/http';
import { callFailureWords } from '../../api/kit/messages';
import { keepActivities, keptActivities, type Kept } from '../../api/kit/offlineCopy';
import { fetchTransactions, refreshTransaction } from '../../api/wallet/wallet';
import { needsRefresh, opensDetail, stuckUnsettled } from '../../domain/records/transactionStatus';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

export interface ActivitiesInput {
  /** Transactions per page: ACTIVITIES_PAGE_SIZE on /activities, the session's `pagination` on the dashboard. */
  pageSize: number;
  /** The list that pages (/activities): it keeps the session's shared `more_reveal` up to date. */
  session?: ActorRefFrom<typeof sessionMachine>;
}

export interface ActivitiesContext extends ActivitiesInput {
  /** Every page fetched so far, in order, newest first. */
  items: Transaction[];
  /** The last page fetched (0 before the first answer). */
  page: number;
  /** The last page fetched held a whole page of rows. */
  pageFull: boolean;
  /** The server's answer says more pages lie behind the last one fetched: the session's `more_reveal`. */
  moreRevealed: boolean;
  /** The row whose details are open. */
  selected: Transaction | null;
  /** The row being checked with the server. */
  refreshing: number | null;
  /**
   * The list shown is the copy kept from this time, the server being out of reach; null when it is
   * the server's answer.
   */
  asOf: number | null;
  /** Money moved while a page was on its way: the list is asked for again once that page is in. */
  stale: boolean;
}

export type ActivitiesEvent =
  | { type: 'activities.select'; id: number }
  | { type: 'activities.close' }
  | { type: 'activities.more' }
  | { type: 'activities.retry' }
  /**
   * Something outside moved money (a transfer arrived): show the list afresh, keeping the pages
   * the user has loaded.
   */
  | { type: 'activities.reload' };

/**
 * "Load more" shows only when the page is full and more is revealed. The page is
 * full when the last page fetched holds `pageSize` rows; more is revealed when the server's
 * answer says pages lie beyond it (current_page < last_page). The list on /activities sets the
 * session's `more_reveal` from each answer, and the screen shows "Load more" by that flag; the
 * session's `pagination.reset` puts it back to false when the user leaves /activities or logs out.
 */
export const showsLoadMore = (pageFull: boolean, moreReveal: boolean): boolean => pageFull && moreReveal;

function pageState(page: Paginated<Transaction>, pageSize: number) {
  return {
    page: page.current_page,
    pageFull: page.data.length >= pageSize,
    moreRevealed: page.current_page < page.last_page,
  };
}

const find = (items: Transaction[], id: number) => items.find((item) => item.id === id);

/**
 * The rows above, then those below that are not among them: each row once. A transaction created
 * between two page loads shifts the list by one, and the next page would repeat the row that was
 * last; page 1 asked for again while later pages are shown goes above them, fresh, so nothing the
 * user paged through is lost.
 */
function joinRows(above: Transaction[], below: Transaction[]): Transaction[] {
  const seen = new Set(above.map((item) => item.id));
  return [...above, ...below.filter((item) => !seen.has(item.id))];
}

/**
 * A list of the user's transactions (/activities, the dashboard's recent activities): page 1 on
 * opening, further pages appended on demand. Tapping a settled row opens its details; tapping a
 * pending or processing one asks the server to check on it, and on success page 1 is asked for
 * again, to show what the check changed (as when money moves: pages already loaded stay below
 * it, so "Load more" never loses the user's place); one still unsettled a day after it was placed
 * also opens its details, which offer to report it (the 2026 NCC/CBN direction on pending bills).
 * The list and the details are two regions, so details stay open while the list reloads underneath.
 */
export const activitiesMachine = setup({
  types: {
    context: {} as ActivitiesContext,
    events: {} as ActivitiesEvent,
    input: {} as ActivitiesInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    fetchTransactions: fromPromise<Envelope<Paginated<Transaction>>, FetchTransactionsRequest>(({ input, signal }) =>
      fetchTransactions(input, signal),
    ),
    refreshTransaction: fromPromise<Envelope<Transaction>, { id: number }>(({ input, signal }) =>
      refreshTransaction(input.id, signal),
    ),
    /** The first page as the server last answered it (kept in the app's storage), or null. */
    keptFirstPage: fromPromise<Kept<Transaction> | null, { pageSize: number }>(async ({ input }) =>
      keptActivities<Transaction>(input.pageSize),
    ),
  },
  actions: {
    ...effects,
    showFirstPage: assign(({ context }, params: { answer: Envelope<Paginated<Transaction>> }) => {
      const page = params.answer.data;
      return page
        ? { items: page.data, asOf: null, ...pageState(page, context.pageSize) }
        : { items: [], asOf: null, page: 1, pageFull: false, moreRevealed: false };
    }),
    // Kept for a later visit with no network; the time is when the answer came.
    keepFirstPage: ({ context }) => keepActivities(context.items, Date.now()),
    showKept: assign((_, params: { kept: Kept<Transaction> }) => ({
      items: params.kept.rows,
      asOf: params.kept.at,
      page: 1,
      pageFull: false,
      moreRevealed: false,
    })),
    showNextPage: assign(({ context }, params: { answer: Envelope<Paginated<Transaction>> }) => {
      const page = params.answer.data;
      return page
        ? { items: joinRows(context.items, page.data), ...pageState(page, context.pageSize) }
        : { pageFull: false, moreRevealed: false };
    }),
    renewFirstPage: assign({
      items: ({ context }, params: { answer: Envelope<Paginated<Transaction>> }) =>
        joinRows(params.answer.data?.data ?? [], context.items),
    }),
    markStale: assign({ stale: true }),
    markFresh: assign({ stale: false }),
    tellSession: ({ context }) => context.session?.send({ type: 'pagination.reveal', more: context.moreRevealed }),
    select: assign({ selected: ({ context }, params: { id: number }) => find(context.items, params.id) ?? null }),
    unselect: assign({ selected: null }),
    showStuck: assign({ selected: (_, params: { transaction: Transaction }) => params.transaction }),
    markRefreshing: assign({ refreshing: (_, params: { id: number }) => params.id }),
    unmarkRefreshing: assign({ refreshing: null }),
  },
  guards: {
    /** No answer came at all (offline, the server down): the kept copy may stand in. */
    unreachable: (_, params: { error: unknown }) =>
      params.error instanceof CallFailure && params.error.reason === 'unreachable',
    stale: ({ context }) => context.stale,
    /** The server's list is on screen (not placeholders, not the copy kept for no network). */
    listShown: ({ context }) => context.page > 0 && context.asOf === null,
    /**
     * Pages after the first are shown (/activities after "Load more") and the renewed page 1 shares a
     * row with them, so nothing lies between. A page 1 of rows all new may have more new ones behind
     * it, and the list is page 1 alone.
     */
    joinsPagesShown: ({ context }, params: { answer: Envelope<Paginated<Transaction>> }) =>
      context.page > 1 && (params.answer.data?.data ?? []).some((item) => find(context.items, item.id)),
    somethingKept: (_, params: { kept: Kept<Transaction> | null }) => params.kept !== null,
    showsLoadMore: ({ context }) => showsLoadMore(context.pageFull, context.moreRevealed),
    opensDetail: ({ context }, params: { id: number }) => {
      const item = find(context.items, params.id);
      return item !== undefined && opensDetail(item.status);
    },
    stuck: (_, params: { transaction: Transaction | undefined }) =>
      params.transaction !== undefined && stuckUnsettled(params.transaction, Date.now()),
    hasSelected: ({ context }) => context.selected !== null,
    needsRefresh: ({ context }, params: { id: number }) => {
      const item = find(context.items, params.id);
      return item !== undefined && needsRefresh(item.status);
    },
  },
}).createMachine({
  id: 'activities',
  context: ({ input }) => ({
    ...input,
    items: [],
    page: 0,
    pageFull: false,
    moreRevealed: false,
    selected: null,
    refreshing: null,
    asOf: null,
    stale: false,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        // Page 1 asked for: on opening (placeholders), or again with the list on screen (money moved,
        // a row checked), where the rows stay, "Load more" still answers and pages loaded after page 1
        // stay below it. A pending row is checked once the list is in (the check asks for page 1 too).
        loading: {
          entry: 'markFresh',
          on: {
            // Money moved while page 1 was on its way: it is asked for again once this answer is in.
            'activities.reload': { actions: 'markStale' },
            // "Load more" is not kept waiting: page 1 is set aside and asked for again after it.
            'activities.more': { guard: 'showsLoadMore', target: 'loadingMore', actions: 'markStale' },
          },
          invoke: {
            id: 'firstPage',
            src: 'fetchTransactions',
            input: ({ context }) => ({ pagination: context.pageSize, page: 1 }),
            onDone: [
              {
                guard: { type: 'joinsPagesShown', params: ({ event }) => ({ answer: event.output }) },
                target: 'ready',
                actions: [
                  { type: 'renewFirstPage', params: ({ event }) => ({ answer: event.output }) },
                  'keepFirstPage',
                ],
              },
              {
                target: 'ready',
                actions: [
                  { type: 'showFirstPage', params: ({ event }) => ({ answer: event.output }) },
                  'tellSession',
                  'keepFirstPage',
                ],
              },
            ],
            onError: [
              // The server's list is on screen: it stays, and the next change asks again.
              {
                guard: 'listShown',
                target: 'ready',
                actions: {
                  type: 'toast',
                  params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }),
                },
              },
              { guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) }, target: 'recalling' },
              {
                target: 'failed',
                actions: {
                  type: 'toast',
                  params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }),
                },
              },
            ],
          },
        },
        // Out of reach of the server: the first page as it last answered, marked with its time.
        recalling: {
          invoke: {
            id: 'kept',
            src: 'keptFirstPage',
            input: ({ context }) => ({ pageSize: context.pageSize }),
            onDone: [
              {
                guard: { type: 'somethingKept', params: ({ event }) => ({ kept: event.output }) },
                target: 'kept',
                actions: [{ type: 'showKept', params: ({ event }) => ({ kept: event.output! }) }, 'tellSession'],
              },
              {
                target: 'failed',
                actions: { type: 'toast', params: { level: 'error', message: callFailureWords.unreachable } },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'toast', params: { level: 'error', message: callFailureWords.unreachable } },
            },
          },
        },
        // Nothing here calls the server; back online, the list is asked for again.
        kept: {
          on: { 'activities.reload': 'loading', 'activities.retry': 'loading' },
        },
        ready: {
          always: { guard: 'stale', target: 'loading' },
          on: {
            'activities.reload': 'loading',
            'activities.more': { guard: 'showsLoadMore', target: 'loadingMore' },
            'activities.select': {
              guard: { type: 'needsRefresh', params: ({ event }) => ({ id: event.id }) },
              target: 'refreshing',
              actions: { type: 'markRefreshing', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        loadingMore: {
          on: { 'activities.reload': { actions: 'markStale' } },
          invoke: {
            id: 'nextPage',
            src: 'fetchTransactions',
            input: ({ context }) => ({ pagination: context.pageSize, page: context.page + 1 }),
            onDone: {
              target: 'ready',
              actions: [{ type: 'showNextPage', params: ({ event }) => ({ answer: event.output }) }, 'tellSession'],
            },
            // What is shown stays; the button is still there to try again.
            onError: {
              target: 'ready',
              actions: {
                type: 'toast',
                params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }),
              },
            },
          },
        },
        refreshing: {
          exit: 'unmarkRefreshing',
          on: { 'activities.reload': { actions: 'markStale' } },
          invoke: {
            id: 'refresh',
            src: 'refreshTransaction',
            input: ({ context }) => ({ id: context.refreshing! }),
            onDone: [
              {
                // Still unsettled a day on: its details open, offering to report it.
                guard: { type: 'stuck', params: ({ event }) => ({ transaction: event.output.data }) },
                target: 'loading',
                actions: [
                  { type: 'toast', params: ({ event }) => ({ level: 'info', message: event.output.message }) },
                  { type: 'showStuck', params: ({ event }) => ({ transaction: event.output.data! }) },
                ],
              },
              {
                target: 'loading',
                actions: {
                  type: 'toast',
                  params: ({ event }) => ({ level: 'success', message: event.output.message }),
                },
              },
            ],
            onError: {
              target: 'ready',
              actions: {
                type: 'toast',
                params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }),
              },
            },
          },
        },
        failed: {
          on: { 'activities.retry': 'loading' },
        },
      },
    },
    detail: {
      initial: 'closed',
      states: {
        closed: {
          // A check that found a bill stuck for a day has put it here to be shown.
          always: { guard: 'hasSelected', target: 'open' },
          on: {
            'activities.select': {
              guard: { type: 'opensDetail', params: ({ event }) => ({ id: event.id }) },
              target: 'open',
              actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        open: {
          exit: 'unselect',
          on: { 'activities.close': 'closed' },
        },
      },
    },
  },
});
