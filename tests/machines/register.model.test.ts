import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, RegisterRequest, UserData } from '../../core/contract';
import { messages } from '../../core/messages';
import { validateRegister } from '../../src/domain/validation';
import { registerMachine, type RegisterEvent } from '../../src/machines/register';
import { ada } from '../support/fixtures';
import { acceptedByServer, captchaSteps, createActorTestModel, createTransitionCoverage, deferredActor, effectLog, expectStep, fillInOrder, itWalkedEveryTransition, keyApart, navigation, pathTitle, refusedByServer, submitChecked, successToast } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

/** Just registered, with the phone number typed below: nothing paid in, no pin, e-mail not verified. */
const newUser: UserData = { ...ada, phone: '08012345678', wallet_balance: 0, pin: '', email_verified_at: null };
const created: Envelope<UserData> = { type: 'success', message: 'Account created, check your e-mail for the code', data: newUser };
const taken = 'The email has already been taken.';

const model = createActorTestModel(registerMachine, [
  { type: 'register.change', field: 'name', value: 'Ada Obi' },
  // Spaces around the address must not reach the server.
  { type: 'register.change', field: 'email', value: ' ada@example.com ' },
  // Autofilled in the international form: the field keeps the local number's digits (SPEC.md §5).
  { type: 'register.change', field: 'phone', value: '+234 801 234-5678' },
  { type: 'register.change', field: 'password', value: 'Secret-123' },
  { type: 'register.change', field: 'confirm_password', value: 'Secret-123' },
  { type: 'register.change', field: 'confirm_password', value: 'Secret-999' },
  { type: 'register.terms', accepted: true },
  { type: 'register.terms', accepted: false },
  { type: 'xstate.done.actor.captcha', output: 'dev-ok:register' },
  { type: 'xstate.error.actor.captcha', error: messages.botCheckFailed },
  { type: 'xstate.done.actor.register', output: created },
  { type: 'xstate.error.actor.register', error: taken },
]);
const coverage = createTransitionCoverage(registerMachine);

const paths = model.getShortestPaths({
  input: { session: createTestSession().actor },
  filterEvents: (snapshot, event) =>
    fillInOrder('register.change', ['name', 'email', 'phone', 'password', 'confirm_password'])(snapshot, event) &&
    // Ticking the box only while editing, and only to change it.
    (event.type !== 'register.terms' || (snapshot.matches('editing') && snapshot.context.form.terms !== event.accepted)),
  serializeState: keyApart(model, ['register.submit']),
});

describe('registerMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const { actor: session } = createTestSession();
      const captcha = deferredActor<string>();
      const register = deferredActor<Envelope<UserData>, Omit<RegisterRequest, 'device'>>();
      const actor = createActor(registerMachine.provide({ actors: { getCaptchaToken: captcha.logic, register: register.logic } }), {
        input: { session },
        inspect: coverage.inspect,
      }).start();
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
            // Registering leaves the user logged in (SPEC.md §4), every field saved; nothing before that.
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

  itWalkedEveryTransition('registerMachine', coverage, 8);
});
