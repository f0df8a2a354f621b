import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { Envelope, FetchTransactionsRequest, Paginated, Transaction } from '../../../core/contract';
import { ApiError, CallFailure } from '../../../src/api/kit/http';
import { callFailures } from '../../../src/api/kit/messages';
import type { Kept } from '../../../src/api/kit/offlineCopy';
import { activitiesMachine, showsLoadMore, type ActivitiesEvent } from '../../../src/machines/records/activities';
import {
  activitiesModel,
  firstOfTwo,
  keptCopy,
  PAGE_SIZE,
  stuck,
  traversalSession,
} from '../../../testkit/models/records/activities.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { createTestSession } from '../../../testkit/testSession';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  settled,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = activitiesModel.traversals;
const coverage = createTransitionCoverage(activitiesMachine);

describe('activitiesMachine (model-based)', () => {
  afterAll(() => traversalSession.stop());

  for (const path of shortestPaths(activitiesModel, traversal)) {
    it(pathTitle(path), async () => {
      const session = createTestSession().actor;
      const fetch = deferredActor<Envelope<Paginated<Transaction>>, FetchTransactionsRequest>();
      const refresh = deferredActor<Envelope<Transaction>, { id: number }>();
      const kept = deferredActor<Kept<Transaction> | null, { pageSize: number }>();
      const actor = createActor(
        activitiesMachine.provide({
          actors: {
            fetchTransactions: fetch.logic,
            refreshTransaction: refresh.logic,
            keptFirstPage: kept.logic,
          },
          // Storage is the offline copy's own suite's (tests/machines/kit/offlineCopy.test.ts).
          actions: { keepFirstPage: () => undefined },
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
      /**
       * Money moved while the answer was on its way: once it is in, page 1 is asked for again (unless
       * the list failed, or stands in with the kept copy, where "Try again" and the network's return ask).
       */
      const answered = async (answer: () => void) => {
        const { stale } = actor.getSnapshot().context;
        const asked = fetch.count;
        answer();
        await settled();
        const after = actor.getSnapshot();
        if (stale && !after.matches({ list: 'failed' }) && !after.matches({ list: 'recalling' })) {
          expect(fetch.count).toBe(asked + 1);
          expectFetch(1);
        }
      };

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
            const before = actor.getSnapshot();
            const asked = fetch.count;
            send(event);
            if (before.matches({ list: 'ready' }) || before.matches({ list: 'kept' })) {
              expect(fetch.count).toBe(asked + 1);
              expectFetch(1);
            } else {
              // Another call is under way: it finishes, and the list asks again after it.
              expect(fetch.count).toBe(asked);
              expect(actor.getSnapshot().context.stale).toBe(true);
            }
          },
          'activities.more': ({ event }) => {
            const before = actor.getSnapshot();
            send(event);
            if (
              showsLoadMore(before.context.pageFull, before.context.moreRevealed) &&
              (before.matches({ list: 'ready' }) || before.matches({ list: 'loading' }))
            )
              expectFetch(before.context.page + 1);
          },
          'xstate.done.actor.firstPage': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<Paginated<Transaction>> };
            const before = actor.getSnapshot().context;
            const fresh = output.data!.data;
            await answered(() => fetch.last.resolve(output));
            const after = actor.getSnapshot().context;
            // Page 1 stands first, fresh as the server sent it.
            expect(after.items.slice(0, fresh.length)).toEqual(fresh);
            const freshIds = new Set(fresh.map((t) => t.id));
            const joins = before.items.some((t) => freshIds.has(t.id));
            if (before.page > 1 && joins) {
              // Joined above the later pages: every row the user paged through is still there, in order.
              expect(after.items.slice(fresh.length)).toEqual(before.items.filter((t) => !freshIds.has(t.id)));
              expect(after.page).toBe(before.page);
            } else {
              // Page 1 alone was shown, or a page all new may hide more between: the list is page 1.
              expect(after.items).toEqual(fresh);
              expect(after.page).toBe(1);
            }
          },
          'xstate.error.actor.firstPage': async ({ event }) => {
            const { error } = event as unknown as { error: string | CallFailure };
            const before = actor.getSnapshot().context;
            const failure = error instanceof CallFailure ? new CallFailure('unreachable') : new Error(error);
            if (before.page > 0 && before.asOf === null) {
              // The server's list is on screen: it stays, and the toast says what went wrong.
              effects.expect([errorToast(error instanceof CallFailure ? callFailures.unreachable : error)]);
              await answered(() => fetch.last.reject(failure));
              expect(actor.getSnapshot().context.items).toEqual(before.items);
              return;
            }
            if (error instanceof CallFailure) {
              // Out of reach: nothing is said yet, the kept copy is looked for.
              effects.expect([]);
              fetch.last.reject(failure);
              await settled();
              expect(kept.last.input).toEqual({ pageSize: PAGE_SIZE });
              return;
            }
            effects.expect([errorToast(error)]);
            await answered(() => fetch.last.reject(failure));
          },
          'xstate.done.actor.kept': async ({ event }) => {
            const { output } = event as unknown as { output: Kept<Transaction> | null };
            // With nothing kept, the list fails as it would have, saying the server is out of reach.
            effects.expect(output === null ? [errorToast(callFailures.unreachable)] : []);
            kept.last.resolve(output);
            await settled();
          },
          'xstate.error.actor.kept': async ({ event }) => {
            effects.expect([errorToast(callFailures.unreachable)]);
            kept.last.reject(new Error(String((event as unknown as { error: string }).error)));
            await settled();
          },
          'xstate.done.actor.nextPage': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<Paginated<Transaction>> };
            await answered(() => fetch.last.resolve(output));
          },
          'xstate.error.actor.nextPage': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            await answered(() => fetch.last.reject(new ApiError({ type: 'error', message: error })));
          },
          'xstate.done.actor.refresh': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<Transaction> };
            effects.expect([
              output === stuck
                ? { type: 'toast', level: 'info', message: output.message }
                : successToast(output.message),
            ]);
            refresh.last.resolve(output);
            await settled();
            // Page 1 is asked for again, to show what the check changed.
            expectFetch(1);
          },
          'xstate.error.actor.refresh': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            await answered(() => refresh.last.reject(new ApiError({ type: 'error', message: error })));
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            const { items, pageFull, moreRevealed, selected, refreshing } = snapshot.context;
            // Each row once, newest first as the server sent them.
            expect(new Set(items.map((t) => t.id)).size).toBe(items.length);
            // "Load more" only after a full page with more behind it (every page fetched is held, a
            // renewed page 1 above them), and the session's flag says so too.
            if (showsLoadMore(pageFull, moreRevealed))
              expect(items.length).toBeGreaterThanOrEqual(snapshot.context.page * PAGE_SIZE);
            expect(session.getSnapshot().context.more_reveal).toBe(moreRevealed);
            // Settled rows open when tapped; an unsettled one only as a check found it, stuck for a day.
            expect(
              selected === null ||
                selected.status === 'completed' ||
                selected.status === 'canceled' ||
                selected === stuck.data,
            ).toBe(true);
            expect(snapshot.matches({ detail: 'open' })).toBe(selected !== null);
            expect(snapshot.matches({ list: 'refreshing' })).toBe(refreshing !== null);
            // The kept copy is shown, and marked with its time, only while the server is out of reach.
            if (snapshot.matches({ list: 'kept' })) expect(snapshot.context.asOf).toBe(keptCopy.at);
            if (snapshot.matches({ list: 'ready' })) expect(snapshot.context.asOf).toBeNull();
            // Money that moved while a call was under way is never left unasked once the list is idle.
            if (snapshot.matches({ list: 'ready' })) expect(snapshot.context.stale).toBe(false);
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
    const actor = createActor(activitiesMachine.provide({ actors: { fetchTransactions: fetch.logic } }), {
      input: { pageSize: PAGE_SIZE },
    }).start();
    fetch.last.resolve(firstOfTwo);
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ pageFull: true, moreRevealed: true });
    expect(session.getSnapshot().context.more_reveal).toBe(false);
    actor.stop();
    session.stop();
  });

  itWalkedEveryTransition('activitiesMachine', coverage, activitiesModel.transitions);
});
