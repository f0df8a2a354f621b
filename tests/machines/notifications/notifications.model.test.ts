import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import type { Envelope } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import { sessionMachine, type PollResult } from '../../../src/machines/app/session';
import { toSessionUser } from '../../../src/domain/account/user';
import { notificationsMachine, type NotificationsEvent } from '../../../src/machines/notifications/notifications';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { notificationsModel } from '../../../testkit/models/notifications/notifications.model';
import { adaSignedIn as user, walletFunded as funded, welcome as older } from '../../../testkit/fixtures';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  settled,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const [traversal] = notificationsModel.traversals;
const coverage = createTransitionCoverage(notificationsMachine);

/** A signed-in session whose polls the test answers; the first (at sign-in) is already answered. */
async function polledSession() {
  const polls: ((result: PollResult) => void)[] = [];
  const session = createTestSession(user, () => new Promise<PollResult>((resolve) => polls.push(resolve)));
  polls[0]({ user: {}, notifications: [funded] });
  await Promise.resolve();
  await Promise.resolve();
  expect(session.actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true);
  return { session: session.actor, polls };
}

describe('notificationsMachine (model-based)', () => {
  for (const path of shortestPaths(notificationsModel, traversal)) {
    it(pathTitle(path), async () => {
      const { session, polls } = await polledSession();
      const mark = deferredActor<Envelope, { id: number }>();
      const actor = createActor(notificationsMachine.provide({ actors: { markNotification: mark.logic } }), {
        input: { session },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const statusOf = (id: number) => session.getSnapshot().context.notifications.find((n) => n.id === id)?.status;

      // Opening the screen asks the session for a fresh list at once.
      expect(polls).toHaveLength(2);
      expect(session.getSnapshot().matches({ signedIn: 'polling' })).toBe(true);

      await path.test({
        events: {
          'notifications.mark': ({ event }) => {
            actor.send(event as NotificationsEvent);
            expect(mark.last.input).toEqual({ id: funded.id });
            // Nothing changes locally before the server agrees, so the list never shows what the server lacks.
            expect(statusOf(funded.id)).toBe('unread');
          },
          'xstate.done.actor.sessionRefresh': async () => {
            polls[1]({ user: {}, notifications: [funded, older] });
            await settled();
          },
          'xstate.done.actor.markNotification': async ({ event }) => {
            mark.last.resolve((event as unknown as { output: Envelope }).output);
            await settled();
            expect(statusOf(funded.id)).toBe('read');
          },
          'xstate.error.actor.markNotification': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            mark.last.reject(new ApiError({ type: 'error', message: error }));
            await settled();
            expect(statusOf(funded.id)).toBe('unread');
          },
        },
        states: {
          '*': (expected) => {
            expectStep(actor, expected, effects);
            // The list on screen is the session's: refreshed once the wait is over.
            const ids = session.getSnapshot().context.notifications.map((n) => n.id);
            expect(ids).toEqual(expected.matches({ list: 'ready' }) ? [funded.id, older.id] : [funded.id]);
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  it('waits for a poll already under way instead of starting another', async () => {
    const polls: ((result: PollResult) => void)[] = [];
    const { actor: session } = createTestSession(user, () => new Promise<PollResult>((resolve) => polls.push(resolve)));
    const actor = createActor(notificationsMachine, { input: { session } }).start();
    expect(polls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    polls[0]({ user: {}, notifications: [funded] });
    await settled();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    actor.stop();
    session.stop();
  });

  it('on a page just opened, waits for the session to restore its user and for that first poll, claiming no empty list before', async () => {
    const polls: ((result: PollResult) => void)[] = [];
    // The session of a prerendered page: it reads its stored user only once the screen is the app's.
    const session = createActor(
      sessionMachine.provide({
        actors: { poll: fromPromise(() => new Promise<PollResult>((resolve) => polls.push(resolve))) },
        actions: {
          restoreUser: assign({ user: toSessionUser(user), restored: true, lapsed: false }),
          persistUser: () => undefined,
        },
      }),
      { input: { deferRestore: true, pathname: '/notification' } },
    ).start();
    const actor = createActor(notificationsMachine, { input: { session } }).start();
    await settled();
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    expect(polls).toHaveLength(0);

    session.send({ type: 'session.restore' });
    await settled();
    expect(polls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    polls[0]({ user: {}, notifications: [funded] });
    await settled();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(session.getSnapshot().context.notifications.map((n) => n.id)).toEqual([funded.id]);
    actor.stop();
    session.stop();
  });

  itWalkedEveryTransition('notificationsMachine', coverage, notificationsModel.transitions);
});
