import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, LoginRequest, UserData } from '../../core/contract';
import { validateLogin } from '../../src/domain/validation';
import { loginMachine, type LoginEvent } from '../../src/machines/login';
import { createActorTestModel } from '../support/actorTestModel';
import { createTestSession } from '../support/testSession';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { deferredActor, effectLog, errorToast, expectStep, fillInOrder, keyApart, leaves, navigation, pathTitle, refusedByServer } from './authFlowHarness';

const ada: UserData = {
  tenant: '0',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08012345678',
  accounts: [{ bank_name: 'Wema Bank', account_number: '0123456789' }],
  wallet_balance: 1500,
  pin: '',
  nin: '',
  bvn: '',
  avatar: '',
  token: 'session-token-1',
  email_verified_at: null,
};
const loggedIn = (user: Partial<UserData>): Envelope<UserData> => ({ type: 'success', message: 'Login successful', data: { ...ada, ...user } });

const verified = '2025-01-02T10:00:00Z';
const wrongCredentials = 'These credentials do not match our records.';

const model = createActorTestModel(loginMachine, [
  // Spaces around the address must not reach the server.
  { type: 'login.change', field: 'email', value: ' ada@example.com ' },
  { type: 'login.change', field: 'password', value: 'Secret-123' },
  // Where each kind of account lands (SPEC.md §4); `lands` only names the case for the test.
  { type: 'xstate.done.actor.login', output: loggedIn({}), lands: '/verify-email' },
  { type: 'xstate.done.actor.login', output: loggedIn({ email_verified_at: verified }), lands: '/set-pin' },
  { type: 'xstate.done.actor.login', output: loggedIn({ email_verified_at: verified, pin: '1234' }), lands: '/dashboard' },
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
          'login.submit': ({ event }) => {
            const rejection = validateLogin(actor.getSnapshot().context.form);
            effects.expect(rejection ? [errorToast(rejection)] : []);
            send(event);
          },
          'xstate.done.actor.login': async ({ event }) => {
            const { output, lands } = event as unknown as { output: Envelope<UserData>; lands: string };
            expect(login.last.input).toEqual({ email: 'ada@example.com', password: 'Secret-123' });
            expectedUser = output.data;
            effects.expect([navigation(lands)]);
            login.last.resolve(output);
            await leaves(actor, 'submitting');
          },
          'xstate.error.actor.login': refusedByServer(actor, effects, () => login.last),
        },
        states: {
          // The only key, so every step runs it ('*' is a fallback the graph skips when a named key matches).
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // The session holds every field the server sent once, and only once, the login succeeded.
            expect(session.getSnapshot().matches('signedIn')).toBe(snapshot.matches('loggedIn'));
            if (expectedUser) {
              const { user } = session.getSnapshot().context;
              expect(user).toMatchObject({ ...expectedUser, initial: 'AO' });
            }
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  // Declared last, so it runs after every path above.
  it('walked every transition of loginMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(5);
  });
});
