import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, LoginRequest, UserData } from '../../core/contract';
import { messages } from '../../core/messages';
import { ApiError } from '../../src/api/http';
import { validateLogin } from '../../src/domain/validation';
import { loginMachine, type LoginEvent } from '../../src/machines/login';
import { ada } from '../support/fixtures';
import { acceptedByServer, captchaSteps, createActorTestModel, createTransitionCoverage, deferredActor, effectLog, errorToast, expectStep, fillInOrder, itWalkedEveryTransition, keyApart, leaves, navigation, pathTitle, refusedByServer, submitChecked } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

/** An account that has neither verified its e-mail nor set a pin; each case adds what it has. */
const loggedIn = (user: Partial<UserData>): Envelope<UserData> => ({
  type: 'success',
  message: 'Login successful',
  data: { ...ada, pin: '', email_verified_at: null, ...user },
});

const verified = '2025-01-02T10:00:00Z';
const wrongCredentials = 'These credentials do not match our records.';
// After repeated failures on the e-mail the server checks the password only with a captcha token.
const captchaRequired = new ApiError({
  type: 'error',
  message: 'please complete the bot check to log in: there were too many failed attempts',
  data: { reason: 'captcha-required' },
});

const model = createActorTestModel(loginMachine, [
  // Spaces around the address must not reach the server.
  { type: 'login.change', field: 'email', value: ' ada@example.com ' },
  { type: 'login.change', field: 'password', value: 'Secret-123' },
  // Where each kind of account lands (SPEC.md §4); `lands` only names the case for the test.
  { type: 'xstate.done.actor.login', output: loggedIn({}), lands: '/verify-email' },
  { type: 'xstate.done.actor.login', output: loggedIn({ email_verified_at: verified }), lands: '/set-pin' },
  { type: 'xstate.done.actor.login', output: loggedIn({ email_verified_at: verified, pin: 'set' }), lands: '/dashboard' },
  { type: 'xstate.error.actor.login', error: wrongCredentials },
  { type: 'xstate.error.actor.login', error: captchaRequired },
  { type: 'xstate.done.actor.captcha', output: 'dev-ok' },
  { type: 'xstate.error.actor.captcha', error: messages.botCheckFailed },
]);
const coverage = createTransitionCoverage(loginMachine);

const paths = model.getShortestPaths({
  input: { session: createTestSession().actor },
  filterEvents: fillInOrder('login.change', ['email', 'password']),
  // Every landing ends in `loggedIn`; keyed apart, each route gets its own path, and so does
  // each answer to the attempt that carried a captcha token.
  serializeState: (snapshot, event, prev) =>
    keyApart(model, ['login.submit', 'xstate.done.actor.login', 'xstate.error.actor.login'])(snapshot, event, prev) +
    (event?.type.endsWith('.actor.login') && prev?.context.captchaToken ? ' (sent with a captcha token)' : ''),
});

describe('loginMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const { actor: session } = createTestSession();
      const login = deferredActor<Envelope<UserData>, Omit<LoginRequest, 'device'>>();
      const captcha = deferredActor<string>();
      const actor = createActor(loginMachine.provide({ actors: { login: login.logic, getCaptchaToken: captcha.logic } }), {
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
          // The token goes with the one attempt after the bot check, and only with it.
          'xstate.done.actor.login': (step) => {
            const { captchaToken } = actor.getSnapshot().context;
            return acceptedByServer(actor, effects, () => login.last, {
              request: { email: 'ada@example.com', password: 'Secret-123', ...(captchaToken ? { token: captchaToken } : {}) },
              told: ({ lands }) => [navigation(lands)],
              afterwards: ({ output }) => void (expectedUser = output.data),
            })(step);
          },
          'xstate.error.actor.login': async (step) => {
            const { error } = step.event as unknown as { error: unknown };
            if (!(error instanceof ApiError)) return refusedByServer(actor, effects, () => login.last)(step);
            // Asked for the bot check, the flow gets a token without a word; refused with one, it says so.
            const { captchaToken } = actor.getSnapshot().context;
            expect(login.last.input.token).toBe(captchaToken || undefined);
            effects.expect(captchaToken ? [errorToast(error.message)] : []);
            login.last.reject(error);
            await leaves(actor, 'submitting');
          },
          ...captchaSteps(actor, effects, captcha),
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

  itWalkedEveryTransition('loginMachine', coverage, 8);
});
