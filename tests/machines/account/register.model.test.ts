import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, RegisterRequest, UserData } from '../../../core/contract';
import { validateRegister } from '../../../src/domain/account/accountForms';
import { registerMachine, type RegisterEvent } from '../../../src/machines/account/register';
import { newUser, registerModel } from '../../../testkit/models/account/register.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  acceptedByServer,
  captchaSteps,
  deferredActor,
  effectLog,
  expectStep,
  itWalkedEveryTransition,
  navigation,
  pathTitle,
  refusedByServer,
  submitChecked,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const [traversal] = registerModel.traversals;
const coverage = createTransitionCoverage(registerMachine);

describe('registerMachine (model-based)', () => {
  for (const path of shortestPaths(registerModel, traversal)) {
    it(pathTitle(path), async () => {
      const { actor: session } = createTestSession();
      const captcha = deferredActor<string>();
      const register = deferredActor<Envelope<UserData>, Omit<RegisterRequest, 'device'>>();
      const actor = createActor(
        registerMachine.provide({ actors: { getCaptchaToken: captcha.logic, register: register.logic } }),
        {
          input: { session },
          inspect: coverage.inspect,
        },
      ).start();
      const effects = effectLog(actor);
      const send = (event: { type: string }) => actor.send(event as RegisterEvent);

      expect(actor.getSnapshot().value).toBe('editing');
      await path.test({
        events: {
          'register.change': ({ event }) => send(event),
          'register.terms': ({ event }) => send(event),
          'register.submit': submitChecked(actor, effects, validateRegister),
          ...captchaSteps(actor, effects, captcha),
          'xstate.done.actor.register': acceptedByServer(actor, effects, () => register.last, {
            request: {
              name: 'Ada Obi',
              email: 'ada@example.com',
              phone: '08012345678',
              password: 'Secret-123',
              confirm_password: 'Secret-123',
              token: 'dev-ok:register',
            },
            told: ({ output }) => [successToast(output.message), navigation('/verify-email')],
          }),
          'xstate.error.actor.register': refusedByServer(actor, effects, () => register.last),
        },
        states: {
          // The only key, so every step runs it ('*' is a fallback the graph skips when a named key matches).
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            expect(snapshot.context.form.phone).toMatch(/^\d{0,11}$/);
            // Registering leaves the user logged in, every field saved; nothing before that.
            expect(session.getSnapshot().matches('signedIn')).toBe(snapshot.matches('registered'));
            if (snapshot.matches('registered')) {
              expect(session.getSnapshot().context.user).toMatchObject({
                email: newUser.email,
                name: newUser.name,
                token: newUser.token,
                initial: 'AO',
                email_verified_at: null,
              });
            }
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  it('the phone refuses letters as they are typed or pasted', () => {
    const { actor: session } = createTestSession();
    const actor = createActor(registerMachine, { input: { session } }).start();
    actor.send({ type: 'register.change', field: 'phone', value: '080' });
    actor.send({ type: 'register.change', field: 'phone', value: '080o' });
    expect(actor.getSnapshot().context.form.phone).toBe('080');
    actor.send({ type: 'register.change', field: 'phone', value: 'call 0801 234 5678 now' });
    expect(actor.getSnapshot().context.form.phone).toBe('08012345678');
    actor.send({ type: 'register.change', field: 'email', value: 'ada2@example.com' });
    expect(actor.getSnapshot().context.form.email).toBe('ada2@example.com');
    actor.stop();
    session.stop();
  });

  itWalkedEveryTransition('registerMachine', coverage, registerModel.transitions);
});
