import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Envelope, FetchTransactionsRequest, Paginated, Transaction } from '../../core/contract';
import { ApiError } from '../../src/api/http';
import { activitiesMachine, showsLoadMore, type ActivitiesEvent } from '../../src/machines/activities';
import { airtimePurchase } from '../support/fixtures';
import { createTestSession } from '../support/testSession';
import { createActorTestModel, createTransitionCoverage, deferredActor, effectLog, errorToast, expectStep, itWalkedEveryTransition, pathTitle, serializeTransitionTaken, settled, successToast } from '../support/flowHarness';

const PAGE_SIZE = 2;

const completed = airtimePurchase(1, 'completed');
const pending = airtimePurchase(2, 'pending');
const canceled = airtimePurchase(3, 'canceled');
const processing = airtimePurchase(4, 'processing');

const page = (data: Transaction[], current_page: number, last_page: number): Envelope<Paginated<Transaction>> => ({
  type: 'success',
  message: 'transactions fetched successfully',
  data: { data, current_page, per_page: PAGE_SIZE, total: 4, last_page },
});
/** Full, with a second page behind it: "Load more" shows. */
const firstOfTwo = page([completed, pending], 1, 2);
/** Full, and the last: nothing more to load. */
const secondOfTwo = page([canceled, processing], 2, 2);
/** Full, but the server says it is the last: more is not revealed. */
const fullAndLast = page([completed, pending], 1, 1);
/** A lone page that is not full. */
const onlyPage = page([pending], 1, 1);
const nothing = page([], 1, 1);
const checked: Envelope<Transaction> = { type: 'success', message: 'Transaction status updated', data: { ...pending, status: 'completed' } };
/** Still processing, placed long over a day ago: its details open to offer a report (issue 12). */
const stuck: Envelope<Transaction> = { type: 'success', message: 'transaction status refreshed', data: { ...processing, created_at: '2020-01-01T00:00:00Z' } };

const model = createActorTestModel(activitiesMachine, [
  ...[completed, pending, canceled, processing].map((t) => ({ type: 'activities.select', id: t.id })),
  { type: 'xstate.done.actor.firstPage', output: firstOfTwo },
  { type: 'xstate.done.actor.firstPage', output: fullAndLast },
  { type: 'xstate.done.actor.firstPage', output: onlyPage },
  { type: 'xstate.done.actor.firstPage', output: nothing },
  { type: 'xstate.error.actor.firstPage', error: 'Failed to fetch' },
  { type: 'xstate.done.actor.nextPage', output: secondOfTwo },
  { type: 'xstate.error.actor.nextPage', error: 'Service temporarily unavailable' },
  { type: 'xstate.done.actor.refresh', output: checked },
  { type: 'xstate.done.actor.refresh', output: stuck },
  { type: 'xstate.error.actor.refresh', error: 'transaction not found' },
]);
const coverage = createTransitionCoverage(activitiesMachine);

/** Rows are tapped only once they are on screen; a tap on nothing is not a thing a person does. */
const onScreen = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  event.type !== 'activities.select' || snapshot.context.items.some((t: Transaction) => t.id === event.id);

// The list on /activities: it keeps the session's `more_reveal` (SPEC.md §3) as its answers say.
const traversalSession = createTestSession().actor;
const paths = model.getShortestPaths({ input: { pageSize: PAGE_SIZE, session: traversalSession }, filterEvents: onScreen, serializeState: serializeTransitionTaken });

describe('activitiesMachine (model-based)', () => {
  afterAll(() => traversalSession.stop());

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const session = createTestSession().actor;
      const fetch = deferredActor<Envelope<Paginated<Transaction>>, FetchTransactionsRequest>();
      const refresh = deferredActor<Envelope<Transaction>, { id: number }>();
      const actor = createActor(
        activitiesMachine.provide({
          actors: {
            fetchTransactions: fetch.logic,
            refreshTransaction: refresh.logic,
          },
        }),
        { input: { pageSize: PAGE_SIZE, session }, inspect: coverage.inspect },
      );
      actor.start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as ActivitiesEvent);
      /** Every load asks for one page of the list's size: page 1 on opening and after a status check, the next one on "Load more". */
      const expectFetch = (pageNumber: number) => {
        expect(fetch.last.input).toEqual({ pagination: PAGE_SIZE, page: pageNumber });
      };
      expectFetch(1);

      await path.test({
        events: {
          'activities.select': ({ event }) => {
            const { id } = event as unknown as { id: number };
            const before = actor.getSnapshot();
            send(event);
            const after = actor.getSnapshot();
            const status = before.context.items.find((t: Transaction) => t.id === id)!.status;
            // A settled row opens its details; an unsettled one is checked with the server, if the list is idle.
            if (status === 'pending' || status === 'processing') {
              if (before.matches({ list: 'ready' })) expect(refresh.last.input).toEqual({ id });
              expect(after.context.selected).toBe(before.context.selected);
            }
          },
          'activities.close': ({ event }) => send(event),
          'activities.retry': ({ event }) => {
            send(event);
            expectFetch(1);
          },
          'activities.reload': ({ event }) => {
            send(event);
            expectFetch(1);
          },
          'activities.more': ({ event }) => {
            const before = actor.getSnapshot();
            send(event);
            if (showsLoadMore(before.context.pageFull, before.context.moreRevealed) && before.matches({ list: 'ready' })) expectFetch(before.context.page + 1);
          },
          'xstate.done.actor.firstPage': async ({ event }) => {
            fetch.last.resolve((event as unknown as { output: Envelope<Paginated<Transaction>> }).output);
            await settled();
          },
          'xstate.error.actor.firstPage': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            fetch.last.reject(new Error(error));
            await settled();
          },
          'xstate.done.actor.nextPage': async ({ event }) => {
            fetch.last.resolve((event as unknown as { output: Envelope<Paginated<Transaction>> }).output);
            await settled();
          },
          'xstate.error.actor.nextPage': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            fetch.last.reject(new ApiError({ type: 'error', message: error }));
            await settled();
          },
          'xstate.done.actor.refresh': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<Transaction> };
            effects.expect([output === stuck ? { type: 'toast', level: 'info', message: output.message } : successToast(output.message)]);
            refresh.last.resolve(output);
            await settled();
            // The list starts again from page 1 (SPEC.md §4).
            expectFetch(1);
          },
          'xstate.error.actor.refresh': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            refresh.last.reject(new ApiError({ type: 'error', message: error }));
            await settled();
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            const { items, pageFull, moreRevealed, selected, refreshing } = snapshot.context;
            // Each row once, newest first as the server sent them.
            expect(new Set(items.map((t) => t.id)).size).toBe(items.length);
            // "Load more" only after a full page with more behind it (SPEC.md §9), and the session's flag says so too.
            if (showsLoadMore(pageFull, moreRevealed)) expect(items.length % PAGE_SIZE).toBe(0);
            expect(session.getSnapshot().context.more_reveal).toBe(moreRevealed);
            // Settled rows open when tapped; an unsettled one only as a check found it, stuck for a day.
            expect(selected === null || selected.status === 'completed' || selected.status === 'canceled' || selected === stuck.data).toBe(true);
            expect(snapshot.matches({ detail: 'open' })).toBe(selected !== null);
            expect(snapshot.matches({ list: 'refreshing' })).toBe(refreshing !== null);
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  it('the dashboard list (no session given) leaves the shared flag alone', async () => {
    const session = createTestSession().actor;
    const fetch = deferredActor<Envelope<Paginated<Transaction>>, FetchTransactionsRequest>();
    const actor = createActor(activitiesMachine.provide({ actors: { fetchTransactions: fetch.logic } }), { input: { pageSize: PAGE_SIZE } }).start();
    fetch.last.resolve(firstOfTwo);
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ pageFull: true, moreRevealed: true });
    expect(session.getSnapshot().context.more_reveal).toBe(false);
    actor.stop();
    session.stop();
  });

  itWalkedEveryTransition('activitiesMachine', coverage, 14);
});
