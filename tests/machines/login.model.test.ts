import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, LoginRequest, UserData } from '../../core/contract';
import { validateLogin } from '../../src/domain/validation';
import { loginMachine, type LoginEvent } from '../../src/machines/login';
import { ada } from '../support/fixtures';
import { acceptedByServer, createActorTestModel, createTransitionCoverage, deferredActor, effectLog, expectStep, fillInOrder, itWalkedEveryTransition, keyApart, navigation, pathTitle, refusedByServer, submitChecked } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

/** An account that has neither verified its e-mail nor set a pin; each case adds what it has. */
const loggedIn = (user: Partial<UserData>): Envelope<UserData> => ({
  type: 'success',
  message: 'Login successful',
  data: { ...ada, pin: '', email_verified_at: null, ...user },
});

const verified = '2025-01-02T10:00:00Z';
const wrongCredentials = 'These credentials do not match our records.';

const model = createActorTestModel(loginMachine, [
  // Spaces around the address must not reach the server.
  { type: 'login.change', field: 'email', value: ' ada@example.com ' },
  { type: 'login.change', field: 'password', value: 'Secret-123' },
  // Where each kind of account lands (SPEC.md §4); `lands` only names the case for the test.
  { type: 'xstate.done.actor.login', output: loggedIn({}), lands: '/verify-email' },
  { type: 'xstate.done.actor.login', output: loggedIn({ email_verified_at: verified }), lands: '/set-pin' },
  { type: 'xstate.done.actor.login', output: loggedIn({ email_verified_at: verified, pin: 'set' }), lands: '/dashboard' },
  { type: 'xstate.error.actor.login', error: wrongCredentials },
]);
const coverage = createTransitionCoverage(loginMachine);

const paths = model.getShortestPaths({
  input: { session: createTestSession().actor },
  filterEvents: fillInOrder('login.change', ['email', 'password']),
  // Every landing ends in `loggedIn`; keyed apart, each route gets its own path.
  serializeState: keyApart(model, ['login.submit', 'xstate.done.actor.login']),
});

describe('loginMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const { actor: session } = createTestSession();
      const login = deferredActor<Envelope<UserData>, Omit<LoginRequest, 'device'>>();
      const actor = createActor(loginMachine.provide({ actors: { login: login.logic } }), {
        input: { session },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const send = (event: { type: string }) => actor.send(event as LoginEvent);
      let expectedUser: UserData | undefined;

      expect(actor.getSnapshot().value).toBe('editing');
      await path.test({
        events: {
          'login.change': ({ event }) => send(event),
          'login.submit': submitChecked(actor, effects, validateLogin),
          'xstate.done.actor.login': acceptedByServer(actor, effects, () => login.last, {
            request: { email: 'ada@example.com', password: 'Secret-123' },
            told: ({ lands }) => [navigation(lands)],
            afterwards: ({ output }) => void (expectedUser = output.data),
          }),
          'xstate.error.actor.login': refusedByServer(actor, effects, () => login.last),
        },
        states: {
          // The only key, so every step runs it ('*' is a fallback the graph skips when a named key matches).
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // The session holds every field the server sent once, and only once, the login succeeded:
            // the user's in its user, the wrong-pin count (issue 8) beside it, as shared state.
            expect(session.getSnapshot().matches('signedIn')).toBe(snapshot.matches('loggedIn'));
            if (expectedUser) {
              const { pin_attempts, max_attempts, pin_locked, ...userFields } = expectedUser;
              const { user } = session.getSnapshot().context;
              expect(user).toMatchObject({ ...userFields, initial: 'AO' });
              expect(session.getSnapshot().context).toMatchObject({ pin_attempts, max_attempts, pin_locked });
            }
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  itWalkedEveryTransition('loginMachine', coverage, 5);
});
