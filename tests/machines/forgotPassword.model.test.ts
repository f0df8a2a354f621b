import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, ForgotRequest } from '../../core/contract';
import { messages } from '../../core/messages';
import { validateForgot } from '../../src/domain/validation';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../src/machines/forgotPassword';
import { acceptedByServer, captchaSteps, createActorTestModel, createTransitionCoverage, deferredActor, effectLog, expectStep, fillInOrder, itWalkedEveryTransition, keyApart, pathTitle, refusedByServer, submitChecked, successToast } from '../support/flowHarness';

// The server answers every address the same way, so the page reveals nothing about who has an account.
const linkSent: Envelope = { type: 'success', message: 'If that e-mail has an account, a reset link is on its way.' };
const tooMany = 'Too many requests, please try again in a minute.';

const model = createActorTestModel(forgotPasswordMachine, [
  // Spaces around the address must not reach the server.
  { type: 'forgot.change', field: 'email', value: ' ada@example.com ' },
  { type: 'xstate.done.actor.captcha', output: 'dev-ok:forgot' },
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
          'forgot.submit': submitChecked(actor, effects, validateForgot),
          'forgot.resend': ({ event }) => send(event),
          'forgot.edit': ({ event }) => send(event),
          ...captchaSteps(actor, effects, captcha),
          'xstate.done.actor.forgot': acceptedByServer(actor, effects, () => forgot.last, {
            request: { email: 'ada@example.com', token: 'dev-ok:forgot' },
            told: ({ output }) => [successToast(output.message)],
          }),
          'xstate.error.actor.forgot': refusedByServer(actor, effects, () => forgot.last),
        },
        states: {
          '*': (expected) => void expectStep(actor, expected, effects),
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('forgotPasswordMachine', coverage, 9);
});
