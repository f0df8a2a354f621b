import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, LoginRequest, UserData } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import { validateLogin } from '../../../src/domain/account/accountForms';
import { loginMachine, type LoginEvent } from '../../../src/machines/account/login';
import { loginModel } from '../../../testkit/models/account/login.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  acceptedByServer,
  captchaSteps,
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  navigation,
  pathTitle,
  refusedByServer,
  submitChecked,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const [traversal] = loginModel.traversals;
const coverage = createTransitionCoverage(loginMachine);

describe('loginMachine (model-based)', () => {
  for (const path of shortestPaths(loginModel, traversal)) {
    it(pathTitle(path), async () => {
      const { actor: session } = createTestSession();
      const login = deferredActor<Envelope<UserData>, Omit<LoginRequest, 'device'>>();
      const captcha = deferredActor<string>();
      const actor = createActor(
        loginMachine.provide({ actors: { login: login.logic, getCaptchaToken: captcha.logic } }),
        {
          input: { session },
          inspect: coverage.inspect,
        },
      ).start();
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
              request: {
                email: 'ada@example.com',
                password: 'Secret-123',
                ...(captchaToken ? { token: captchaToken } : {}),
              },
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
            // the user's in its user, the server's wrong-pin count beside it, as shared state.
            expect(session.getSnapshot().matches('signedIn')).toBe(snapshot.matches('loggedIn'));
            if (expectedUser) {
              // The session's rules are kept beside the user (offlineCopy.ts), not among its fields.
              const {
                pin_attempts,
                max_attempts,
                pin_locked,
                session_idle_seconds,
                session_lifetime_seconds,
                ...userFields
              } = expectedUser;
              expect([session_idle_seconds, session_lifetime_seconds]).toEqual([
                expect.any(Number),
                expect.any(Number),
              ]);
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

  itWalkedEveryTransition('loginMachine', coverage, loginModel.transitions);
});
