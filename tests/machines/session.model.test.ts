import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Notification, UserData } from '../../core/contract';
import { POLL_INTERVAL_MS } from '../../core/limits';
import { emptyUser, toSessionUser, type SessionUser } from '../../src/domain/user';
import type { FlowEmitted } from '../../src/machines/effects';
import { AuthorizationError, sessionMachine, type PollResult, type SessionEvent, type SessionInput } from '../../src/machines/session';
import { createActorTestModel, serializeTransitionTaken } from '../support/actorTestModel';
import { createTransitionCoverage } from '../support/transitionCoverage';

// The poll invoke has no id of its own; xstate names it after its state node.
const POLL = '0.session.signedIn.polling';
const AFTER_INTERVAL = 'xstate.after.pollInterval.session.signedIn.waiting';

const signedInUser = toSessionUser({ name: 'Ada Obi', email: 'ada@example.com', token: 'stored-token', email_verified_at: '2025-01-01' });
const loginData: Partial<UserData> = { name: 'Chidi Okeke', email: 'chidi@example.com', token: 'fresh-token', pin: '1234' };
const unread: Notification = { id: 1, title: 'Wallet funded', content: '₦5,000.00 received', created_at: '2025-01-02', status: 'unread' };
const polled: PollResult = {
  user: { wallet_balance: 5000 },
  providers: { airtime: [{ id: 1, name: 'MTN', packages: [] }] },
  notifications: [unread],
};

const model = createActorTestModel(sessionMachine, [
  // The app starts on '/', a public route; '/dashboard' is protected (SPEC.md §6).
  { type: 'session.route', pathname: '/dashboard' },
  { type: 'loading.set', value: true },
  { type: 'notification.read', id: unread.id },
  { type: 'session.login', data: loginData },
  { type: 'session.update', data: { name: 'Ada Okafor', phone: '08031234567' } },
  { type: `xstate.done.actor.${POLL}`, output: polled },
  { type: `xstate.error.actor.${POLL}`, error: new AuthorizationError('invalid authorization token') },
  { type: `xstate.error.actor.${POLL}`, error: 'Failed to fetch' },
]);
const coverage = createTransitionCoverage(sessionMachine);

/** The shared-state events (SPEC.md §3/§4) change one flag each and are walked on their own. */
const SHARED_STATE = ['loading.set', 'balance.toggle', 'notification.read', 'pagination.reset'];
const lifecycle = (_: AnyMachineSnapshot, event: AnyEventObject) => !SHARED_STATE.includes(event.type);
// Notifications arrive with the first poll; later polls bring nothing new to mark.
const sharedState = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  SHARED_STATE.includes(event.type) || (event.type === `xstate.done.actor.${POLL}` && snapshot.context.notifications.length === 0);

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function runPath(input: Required<SessionInput>) {
  return async (path: ReturnType<typeof model.getShortestPaths>[number]) => {
    let poll: Settle | undefined;
    let pollsStarted = 0;
    const persisted: SessionUser[] = [];
    const revoked: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          poll: fromPromise<PollResult>(() => {
            pollsStarted++;
            return new Promise((resolve, reject) => (poll = { resolve: resolve as Settle['resolve'], reject }));
          }),
        },
        actions: {
          persistUser: ({ context }) => void persisted.push(context.user),
          revokeOnServer: ({ context }) => void (context.user.token && revoked.push(context.user.token)),
        },
      }),
      { clock, input, inspect: coverage.inspect },
    );
    const emitted: FlowEmitted[] = [];
    actor.on('*', (e) => void emitted.push(e));
    actor.start();
    const send = (event: AnyEventObject) => actor.send(event as SessionEvent);
    /** A new poll starts: after a login, a refresh, or the 60 s wait. */
    const startsPoll = (act: () => void) => {
      const before = pollsStarted;
      act();
      expect(pollsStarted).toBe(before + 1);
    };

    await path.test({
      events: {
        'session.route': ({ event }) => send(event),
        'loading.set': ({ event }) => send(event),
        'balance.toggle': ({ event }) => send(event),
        'notification.read': ({ event }) => send(event),
        'pagination.reset': ({ event }) => send(event),
        'session.update': ({ event }) => send(event),
        'session.login': ({ event }) => startsPoll(() => send(event)),
        'session.refresh': ({ event }) => startsPoll(() => send(event)),
        'session.logout': ({ event }) => {
          const { token } = actor.getSnapshot().context.user;
          send(event);
          // The server is asked to forget the token the user had, if any.
          expect(revoked.splice(0)).toEqual(token ? [token] : []);
        },
        [AFTER_INTERVAL]: () => {
          clock.increment(POLL_INTERVAL_MS - 1);
          expect(actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true);
          startsPoll(() => clock.increment(1));
        },
        [`xstate.done.actor.${POLL}`]: async () => {
          poll!.resolve(polled);
          await flush();
        },
        [`xstate.error.actor.${POLL}`]: async ({ event }) => {
          const { error } = event as unknown as { error: unknown };
          const { pathname } = actor.getSnapshot().context;
          poll!.reject(error instanceof AuthorizationError ? error : new Error(String(error)));
          await flush();
          // Only a lost session on a protected page leads to /login (SPEC.md §6).
          const leaves = error instanceof AuthorizationError && pathname === '/dashboard';
          expect(emitted.splice(0)).toEqual(leaves ? [{ type: 'navigate', to: '/login' }] : []);
          expect(revoked).toEqual([]);
        },
      },
      states: {
        '*': (expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.context).toEqual(expected.context);
          expect(emitted.splice(0)).toEqual([]);
          // Every change of the user is written to storage at once (SPEC.md §3).
          expect(persisted.at(-1) ?? input.user).toEqual(snapshot.context.user);
        },
      },
    });
    actor.stop();
  };
}

describe('sessionMachine (model-based)', () => {
  const signedIn = { user: signedInUser, pathname: '/' };
  const signedOut = { user: emptyUser, pathname: '/' };

  describe('signing in and out, polling', () => {
    for (const path of model.getShortestPaths({ input: signedIn, filterEvents: lifecycle, serializeState: serializeTransitionTaken })) {
      it(path.description, () => runPath(signedIn)(path));
    }
  });

  describe('shared state', () => {
    for (const path of model.getShortestPaths({ input: signedIn, filterEvents: sharedState, serializeState: serializeTransitionTaken })) {
      it(path.description, () => runPath(signedIn)(path));
    }
  });

  describe('starting without a stored token', () => {
    for (const path of model.getShortestPaths({ input: signedOut, toState: (s) => s.matches('signedOut'), stopWhen: () => true })) {
      it(path.description, () => runPath(signedOut)(path));
    }
  });

  it('walked every transition of sessionMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(17);
  });
});
