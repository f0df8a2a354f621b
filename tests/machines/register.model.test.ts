import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, RegisterRequest, UserData } from '../../core/contract';
import { messages } from '../../core/messages';
import { validateRegister } from '../../src/domain/validation';
import { registerMachine, type RegisterEvent } from '../../src/machines/register';
import { createActorTestModel } from '../support/actorTestModel';
import { createTestSession } from '../support/testSession';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { deferredActor, effectLog, errorToast, expectStep, fillInOrder, keyApart, leaves, navigation, pathTitle, refusedByServer, successToast } from './authFlowHarness';

const newUser: UserData = {
  tenant: '0',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08012345678',
  accounts: [],
  wallet_balance: 0,
  pin: '',
  nin: '',
  bvn: '',
  avatar: '',
  token: 'session-token-1',
  email_verified_at: null,
};
const created: Envelope<UserData> = { type: 'success', message: 'Account created, check your e-mail for the code', data: newUser };
const taken = 'The email has already been taken.';

const model = createActorTestModel(registerMachine, [
  { type: 'register.change', field: 'name', value: 'Ada Obi' },
  // Spaces around the address must not reach the server.
  { type: 'register.change', field: 'email', value: ' ada@example.com ' },
  { type: 'register.change', field: 'phone', value: '08012345678' },
  { type: 'register.change', field: 'password', value: 'Secret-123' },
  { type: 'register.change', field: 'confirm_password', value: 'Secret-123' },
  { type: 'register.change', field: 'confirm_password', value: 'Secret-999' },
  { type: 'register.terms', accepted: true },
  { type: 'register.terms', accepted: false },
  { type: 'xstate.done.actor.captcha', output: 'dev-ok' },
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
          'register.submit': ({ event }) => {
            const rejection = validateRegister(actor.getSnapshot().context.form);
            effects.expect(rejection ? [errorToast(rejection)] : []);
            send(event);
          },
          'xstate.done.actor.captcha': async ({ event }) => {
            captcha.last.resolve((event as unknown as { output: string }).output);
            await leaves(actor, 'verifyingHuman');
          },
          'xstate.error.actor.captcha': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            captcha.last.reject(new Error(error));
            await leaves(actor, 'verifyingHuman');
          },
          'xstate.done.actor.register': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<UserData> };
            expect(register.last.input).toEqual({
              name: 'Ada Obi',
              email: 'ada@example.com',
              phone: '08012345678',
              password: 'Secret-123',
              confirm_password: 'Secret-123',
              token: 'dev-ok',
            });
            effects.expect([successToast(output.message), navigation('/verify-email')]);
            register.last.resolve(output);
            await leaves(actor, 'submitting');
          },
          'xstate.error.actor.register': refusedByServer(actor, effects, () => register.last),
        },
        states: {
          // The only key, so every step runs it ('*' is a fallback the graph skips when a named key matches).
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
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

  // Declared last, so it runs after every path above.
  it('walked every transition of registerMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(8);
  });
});
