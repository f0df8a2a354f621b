import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, ForgotRequest } from '../../../core/contract';
import { validateForgot } from '../../../src/domain/account/accountForms';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../../src/machines/account/forgotPassword';
import { captchaToken, forgotPasswordModel } from '../../../testkit/models/account/forgotPassword.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  acceptedByServer,
  captchaSteps,
  deferredActor,
  effectLog,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  refusedByServer,
  submitChecked,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = forgotPasswordModel.traversals;
const coverage = createTransitionCoverage(forgotPasswordMachine);

describe('forgotPasswordMachine (model-based)', () => {
  for (const path of shortestPaths(forgotPasswordModel, traversal)) {
    it(pathTitle(path), async () => {
      const captcha = deferredActor<string>();
      const forgot = deferredActor<Envelope, Omit<ForgotRequest, 'device'>>();
      const actor = createActor(
        forgotPasswordMachine.provide({ actors: { getCaptchaToken: captcha.logic, forgot: forgot.logic } }),
        {
          inspect: coverage.inspect,
        },
      ).start();
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
            request: { email: 'ada@example.com', token: captchaToken },
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

  itWalkedEveryTransition('forgotPasswordMachine', coverage, forgotPasswordModel.transitions);
});
