import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, SimulatedClock, type AnyEventObject } from 'xstate';
import { POLL_INTERVAL_MS } from '../../../core/limits';
import { AUTHORISATION_FAILED, authorisationFailed, sessionExpired } from '../../../core/words/session';
import { call } from '../../../src/api/kit/http';
import { saveUser } from '../../../src/api/kit/storage';
import { MemoryStorage } from '../../support/memoryStorage';
import { emptyUser, type SessionUser } from '../../../src/domain/account/user';
import { SessionLapsed, sessionMachine, type PollResult, type SessionEvent } from '../../../src/machines/app/session';
import { shortestPaths, type ModelPath } from '../../../testkit/models/kit/machineModel';
import {
  AFTER_INTERVAL,
  EXPIRED,
  loginData,
  POLL,
  polled,
  sessionModel,
  signedIn,
  signedInUser,
  startOf,
  type SessionStart,
} from '../../../testkit/models/app/session.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  navigation,
  pathTitle,
  settled,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const coverage = createTransitionCoverage(sessionMachine);

/** The page's visibility as the model's paths send it: the browser's own is never heard here. */
const quietPage = fromCallback<SessionEvent, { visible: boolean }>(() => () => undefined);

function runPath(input: SessionStart) {
  return async (path: ModelPath) => {
    const poll = deferredActor<PollResult>();
    const persisted: SessionUser[] = [];
    const revoked: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      sessionMachine.provide({
        actors: { poll: poll.logic, watchVisibility: quietPage },
        actions: {
          persistUser: ({ context }) => void persisted.push(context.user),
          // What storage holds when the app starts from a prerendered page (the model's readsSignedInUser
          // and readsLapsedUser).
          restoreUser: assign({ user: signedInUser, restored: true, lapsed: input.storedLapsed === true }),
          revokeOnServer: ({ context }) => void (context.user.token && revoked.push(context.user.token)),
        },
      }),
      { clock, input, inspect: coverage.inspect },
    );
    const effects = effectLog(actor);
    actor.start();
    const send = (event: AnyEventObject) => actor.send(event as SessionEvent);
    /** A new poll starts: after a login, a refresh, or the 60 s wait. */
    const startsPoll = (act: () => void) => {
      const before = poll.count;
      act();
      expect(poll.count).toBe(before + 1);
    };

    await path.test({
      events: {
        'session.route': ({ event }) => send(event),
        // Read from a signed-in user's storage, the session starts polling at once; a session that
        // ended while the app was closed is forgotten at once, and the user told why.
        'session.restore': ({ event }) => {
          if (!input.storedLapsed) return startsPoll(() => send(event));
          effects.expect([errorToast(EXPIRED)]);
          send(event);
          expect(poll.count).toBe(0);
        },
        'loading.set': ({ event }) => send(event),
        'balance.toggle': ({ event }) => send(event),
        'notification.read': ({ event }) => send(event),
        'pagination.reveal': ({ event }) => send(event),
        'pagination.reset': ({ event }) => send(event),
        'session.update': ({ event }) => send(event),
        'session.login': ({ event }) => startsPoll(() => send(event)),
        'session.refresh': ({ event }) => startsPoll(() => send(event)),
        'page.hide': ({ event }) => {
          const before = poll.count;
          send(event);
          // Hidden, nothing polls: not the minutes passing, not a poll asked for.
          if (actor.getSnapshot().matches({ signedIn: 'hidden' })) {
            clock.increment(30 * POLL_INTERVAL_MS);
            send({ type: 'session.refresh' });
          }
          expect(poll.count).toBe(before);
        },
        // Shown again after being hidden: one poll at once. A page shown while a poll is under way asks nothing more.
        'page.show': ({ event }) => {
          if (actor.getSnapshot().matches({ signedIn: 'hidden' })) return startsPoll(() => send(event));
          const before = poll.count;
          send(event);
          expect(poll.count).toBe(before);
        },
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
          poll.last.resolve(polled);
          await settled();
        },
        'session.refused': ({ event }) => {
          const { pathname } = actor.getSnapshot().context;
          // Only a lost session on a protected page is told, and leads to /login.
          effects.expect(pathname === '/dashboard' ? [errorToast(EXPIRED), navigation('/login')] : []);
          send(event);
          // The server has already dropped the token: nothing to revoke.
          expect(revoked).toEqual([]);
        },
        [`xstate.error.actor.${POLL}`]: async ({ event }) => {
          const { error } = event as unknown as { error: string | SessionLapsed };
          if (error instanceof SessionLapsed) {
            // As the server's refusal would: logged out, told, and off a protected page.
            const { pathname } = actor.getSnapshot().context;
            effects.expect(pathname === '/dashboard' ? [errorToast(EXPIRED), navigation('/login')] : []);
            poll.last.reject(error);
            await settled();
            expect(revoked).toEqual([]);
            return;
          }
          // A poll that fails for another reason keeps the user signed in, silently.
          effects.expect([]);
          poll.last.reject(new Error(error));
          await settled();
          expect(revoked).toEqual([]);
        },
      },
      states: {
        '*': (expected) => {
          const snapshot = expectStep(actor, expected, effects);
          // Every change of the user is written to storage at once, so a reload finds it.
          const started = snapshot.context.restored ? (input.user ?? signedInUser) : emptyUser;
          expect(persisted.at(-1) ?? started).toEqual(snapshot.context.user);
          // Stored and held: the marker of a pin, never a pin.
          for (const user of [snapshot.context.user, ...persisted]) expect(['set', '']).toContain(user.pin);
          // Signed out, nothing of the last user's pin count is left.
          if (!snapshot.matches('signedIn'))
            expect(snapshot.context).toMatchObject({ pin_attempts: 0, max_attempts: 3, pin_locked: false });
        },
      },
    });
    actor.stop();
  };
}

describe('sessionMachine (model-based)', () => {
  for (const traversal of sessionModel.traversals) {
    describe(traversal.label, () => {
      for (const path of shortestPaths(sessionModel, traversal))
        it(pathTitle(path), () => runPath(startOf(traversal))(path));
    });
  }

  it('logging out, or losing the session, resets pagination and more_reveal together to 5 and false', async () => {
    for (const end of ['logout', 'expired'] as const) {
      const poll = deferredActor<PollResult>();
      const actor = createActor(
        sessionMachine.provide({
          actors: { poll: poll.logic },
          actions: { persistUser: () => undefined, revokeOnServer: () => undefined },
        }),
        { input: signedIn },
      ).start();
      actor.send({ type: 'pagination.reveal', more: true });
      expect(actor.getSnapshot().context.more_reveal).toBe(true);
      if (end === 'logout') actor.send({ type: 'session.logout' });
      else {
        actor.send({ type: 'session.refused', message: EXPIRED });
      }
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ pagination: 5, more_reveal: false });
      actor.stop();
    }
  });

  itWalkedEveryTransition('sessionMachine', coverage, sessionModel.transitions);
});

/** A page the test hides and shows: the session's visibility actor, provided. */
function fakePage() {
  let report: (visible: boolean) => void = () => undefined;
  return {
    logic: fromCallback<SessionEvent, { visible: boolean }>(({ sendBack }) => {
      report = (visible) => sendBack({ type: visible ? 'page.show' : 'page.hide' });
      return () => (report = () => undefined);
    }),
    hide: () => report(false),
    show: () => report(true),
  };
}

describe('sessionMachine: no poll while the page is hidden', () => {
  function signedInWith(page: ReturnType<typeof fakePage>) {
    const poll = deferredActor<PollResult>();
    const clock = new SimulatedClock();
    const actor = createActor(
      sessionMachine.provide({
        actors: { poll: poll.logic, watchVisibility: page.logic },
        actions: { persistUser: () => undefined, revokeOnServer: () => undefined },
      }),
      { input: signedIn, clock },
    ).start();
    return { actor, poll, clock };
  }

  it('polls every 60 s while shown, none while hidden however long, and once at once when shown again', async () => {
    const page = fakePage();
    const { actor, poll, clock } = signedInWith(page);
    expect(poll.count).toBe(1);
    poll.last.resolve(polled);
    await settled();
    clock.increment(POLL_INTERVAL_MS);
    expect(poll.count).toBe(2);
    poll.last.resolve(polled);
    await settled();

    page.hide();
    clock.increment(60 * POLL_INTERVAL_MS);
    // What asks for a poll at once (the network back, a purchase done) waits for the page too.
    actor.send({ type: 'session.refresh' });
    expect(poll.count).toBe(2);
    expect(actor.getSnapshot().matches({ signedIn: 'hidden' })).toBe(true);

    page.show();
    expect(poll.count).toBe(3);
    page.show();
    expect(poll.count).toBe(3);
    poll.last.resolve(polled);
    await settled();
    // The cadence starts again from the catch-up.
    clock.increment(POLL_INTERVAL_MS - 1);
    expect(poll.count).toBe(3);
    clock.increment(1);
    expect(poll.count).toBe(4);
    actor.stop();
  });

  it('lets a poll under way when the page is hidden finish and keeps what it brought, then waits', async () => {
    const page = fakePage();
    const { actor, poll, clock } = signedInWith(page);
    page.hide();
    poll.last.resolve(polled);
    await settled();
    expect(actor.getSnapshot().context.user.wallet_balance).toBe(5000);
    expect(actor.getSnapshot().matches({ signedIn: 'hidden' })).toBe(true);
    clock.increment(10 * POLL_INTERVAL_MS);
    expect(poll.count).toBe(1);
    page.show();
    expect(poll.count).toBe(2);
    actor.stop();
  });

  it('a page hidden and shown again while a poll is under way asks nothing more', async () => {
    const page = fakePage();
    const { actor, poll, clock } = signedInWith(page);
    page.hide();
    page.show();
    poll.last.resolve(polled);
    await settled();
    expect(poll.count).toBe(1);
    expect(actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true);
    clock.increment(POLL_INTERVAL_MS);
    expect(poll.count).toBe(2);
    actor.stop();
  });
});

describe('sessionMachine: the server’s pin count', () => {
  const start = (user: SessionUser = signedInUser) => {
    const poll = deferredActor<PollResult>();
    const actor = createActor(
      sessionMachine.provide({
        actors: { poll: poll.logic },
        actions: { persistUser: () => undefined, revokeOnServer: () => undefined },
      }),
      {
        input: { user, pathname: '/' },
      },
    ).start();
    return { actor, poll };
  };

  it('takes the count, the threshold and the lock from login, each poll, and a wrong pin’s answer', async () => {
    const { actor, poll } = start(emptyUser);
    expect(actor.getSnapshot().context).toMatchObject({ pin_attempts: 0, max_attempts: 3, pin_locked: false });
    actor.send({ type: 'session.login', data: loginData });
    expect(actor.getSnapshot().context).toMatchObject({ pin_attempts: 1, max_attempts: 5, pin_locked: false });
    poll.last.resolve(polled);
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ pin_attempts: 2, max_attempts: 3, pin_locked: true });
    // What a purchase's wrong pin tells: the rest stays as the last answer said.
    actor.send({ type: 'session.update', data: { pin_attempts: 3 } });
    expect(actor.getSnapshot().context).toMatchObject({ pin_attempts: 3, max_attempts: 3, pin_locked: true });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().context).toMatchObject({ pin_attempts: 0, max_attempts: 3, pin_locked: false });
    actor.stop();
  });

  it('keeps only the marker of whatever pin an answer carries', () => {
    const { actor } = start(emptyUser);
    // An older server answered the pin itself; the session must not hold it.
    actor.send({ type: 'session.login', data: { ...loginData, pin: '4826' as unknown as 'set' } });
    expect(actor.getSnapshot().context.user.pin).toBe('set');
    actor.send({ type: 'session.update', data: { pin: '' } });
    expect(actor.getSnapshot().context.user.pin).toBe('');
    actor.stop();
  });
});

describe('a session refused on any call (the http layer reports it)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The server answers every call with `status` and this envelope. */
  const serverAnswers = (status: number, envelope: object) =>
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } }),
    );

  function signedInOn(pathname: string) {
    // The calls below are made with the stored session, as the app's are.
    vi.stubGlobal('localStorage', new MemoryStorage());
    saveUser(signedInUser, ['token']);
    const poll = deferredActor<PollResult>();
    const actor = createActor(
      sessionMachine.provide({
        actors: { poll: poll.logic },
        actions: { persistUser: () => undefined, revokeOnServer: () => undefined },
      }),
      {
        input: { user: signedInUser, pathname },
      },
    );
    const effects: unknown[] = [];
    actor.on('*', (emitted) => void effects.push(emitted));
    return { actor: actor.start(), effects };
  }

  it('logs out, says why and lands on /login when a call that is not a poll meets an expired session', async () => {
    const { actor, effects } = signedInOn('/dashboard');
    serverAnswers(401, { type: 'error', message: EXPIRED });
    expect(await call('/api/fetch-transactions')).toEqual({ type: 'error', message: EXPIRED });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toEqual(emptyUser);
    // Said in the reader's language: the server's English is the sign, the words are the app's.
    expect(effects).toEqual([errorToast(sessionExpired), navigation('/login')]);
    actor.stop();
  });

  it("says an unknown or revoked session's refusal in the reader's words too", async () => {
    const { actor, effects } = signedInOn('/profile');
    serverAnswers(401, { type: 'error', message: AUTHORISATION_FAILED });
    await call('/api/get-user');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects).toEqual([errorToast(authorisationFailed), navigation('/login')]);
    actor.stop();
  });

  it.each([
    [
      'a refusal without the word authorization (a wrong password)',
      401,
      { type: 'error', message: 'invalid email or password' },
    ],
    [
      'a refusal its flow handles (data.reason)',
      401,
      { type: 'error', message: 'you have been logged out (authorization revoked)', data: { reason: 'pin-logout' } },
    ],
    ['another failure with the word', 403, { type: 'error', message: 'authorization of this transfer failed' }],
  ])('leaves the session alone on %s', async (_case, status, envelope) => {
    const { actor, effects } = signedInOn('/dashboard');
    serverAnswers(status, envelope);
    await call('/api/fetch-transactions');
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(effects).toEqual([]);
    actor.stop();
  });

  it("leaves the session alone when the refused token was not the session's (a reset link)", async () => {
    const { actor } = signedInOn('/dashboard');
    serverAnswers(401, { type: 'error', message: 'authorization failed: please log in again' });
    await call('/api/set-pin', {}, { token: 'reset-link-token' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    actor.stop();
  });

  it('stops listening once signed out', async () => {
    const { actor, effects } = signedInOn('/dashboard');
    actor.send({ type: 'session.logout' });
    serverAnswers(401, { type: 'error', message: EXPIRED });
    await call('/api/get-user');
    expect(effects).toEqual([]);
    actor.stop();
  });
});
