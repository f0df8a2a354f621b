import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, ForgotRequest } from '../../core/contract';
import { messages } from '../../core/messages';
import { validateForgot } from '../../src/domain/validation';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../src/machines/forgotPassword';
import { createActorTestModel } from '../support/actorTestModel';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { deferredActor, effectLog, errorToast, expectStep, fillInOrder, keyApart, leaves, pathTitle, refusedByServer, successToast } from './authFlowHarness';

// The server answers every address the same way, so the page reveals nothing about who has an account.
const linkSent: Envelope = { type: 'success', message: 'If that e-mail has an account, a reset link is on its way.' };
const tooMany = 'Too many requests, please try again in a minute.';

const model = createActorTestModel(forgotPasswordMachine, [
  // Spaces around the address must not reach the server.
  { type: 'forgot.change', field: 'email', value: ' ada@example.com ' },
  { type: 'xstate.done.actor.captcha', output: 'dev-ok' },
  { type: 'xstate.error.actor.captcha', error: messages.botCheckFailed },
  { type: 'xstate.done.actor.forgot', output: linkSent },
  { type: 'xstate.error.actor.forgot', error: tooMany },
]);
const coverage = createTransitionCoverage(forgotPasswordMachine);

const paths = model.getShortestPaths({
  filterEvents: fillInOrder('forgot.change', ['email']),
  serializeState: keyApart(model, ['forgot.submit']),
});

describe('forgotPasswordMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const captcha = deferredActor<string>();
      const forgot = deferredActor<Envelope, Omit<ForgotRequest, 'device'>>();
      const actor = createActor(forgotPasswordMachine.provide({ actors: { getCaptchaToken: captcha.logic, forgot: forgot.logic } }), {
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const send = (event: { type: string }) => actor.send(event as ForgotPasswordEvent);

      expect(actor.getSnapshot().value).toBe('editing');
      await path.test({
        events: {
          'forgot.change': ({ event }) => send(event),
          'forgot.submit': ({ event }) => {
            const rejection = validateForgot(actor.getSnapshot().context.form);
            effects.expect(rejection ? [errorToast(rejection)] : []);
            send(event);
          },
          'forgot.resend': ({ event }) => send(event),
          'forgot.edit': ({ event }) => send(event),
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
          'xstate.done.actor.forgot': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope };
            expect(forgot.last.input).toEqual({ email: 'ada@example.com', token: 'dev-ok' });
            effects.expect([successToast(output.message)]);
            forgot.last.resolve(output);
            await leaves(actor, 'submitting');
          },
          'xstate.error.actor.forgot': refusedByServer(actor, effects, () => forgot.last),
        },
        states: {
          '*': (expected) => void expectStep(actor, expected, effects),
        },
      });
      actor.stop();
    });
  }

  // Declared last, so it runs after every path above.
  it('walked every transition of forgotPasswordMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(9);
  });
});
