import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { UNNAMED_ACTION, type CaptchaAction } from '../../../core/captcha';
import { humanCheckMachine } from '../../../src/machines/account/humanCheck';
import { humanCheckModel, TOKEN } from '../../../testkit/models/account/humanCheck.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  deferredActor,
  effectLog,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  settled,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = humanCheckModel.traversals;
const coverage = createTransitionCoverage(humanCheckMachine);

describe('humanCheckMachine (model-based)', () => {
  for (const path of shortestPaths(humanCheckModel, traversal)) {
    it(pathTitle(path), async () => {
      const captcha = deferredActor<string, { action: CaptchaAction }>();
      const deliver = deferredActor<void, { token: string }>();
      const actor = createActor(
        humanCheckMachine.provide({ actors: { getCaptchaToken: captcha.logic, postTokenToHost: deliver.logic } }),
        {
          input: { action: 'register' },
          inspect: coverage.inspect,
        },
      ).start();
      const effects = effectLog(actor);

      /** Answers the widget or the app as the case says. */
      const settle = (
        call: { resolve: (output: never) => void; reject: (error: unknown) => void },
        event: { type: string; output?: unknown; error?: unknown },
      ) => {
        if (event.type.startsWith('xstate.done')) call.resolve(event.output as never);
        else call.reject(new Error(String(event.error)));
        return settled();
      };

      await path.test({
        events: {
          'human.confirm': () => void actor.send({ type: 'human.confirm' }),
          'xstate.done.actor.captcha': ({ event }) => settle(captcha.last, event),
          'xstate.error.actor.captcha': ({ event }) => settle(captcha.last, event),
          'xstate.done.actor.deliver': ({ event }) => settle(deliver.last, event),
          'xstate.error.actor.deliver': ({ event }) => settle(deliver.last, event),
        },
        states: {
          '*': (expected) => {
            expectStep(actor, expected, effects);
            // The token is solved for the action the app asked for, and the one obtained is the one handed to it.
            if (expected.matches('verifying')) expect(captcha.last.input).toEqual({ action: 'register' });
            if (expected.matches('delivering')) expect(deliver.last.input.token).toBe(TOKEN);
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('humanCheckMachine', coverage, humanCheckModel.transitions);
});

describe('humanCheckMachine with the development captcha', () => {
  const run = async (input: { action: CaptchaAction }) => {
    const deliver = deferredActor<void, { token: string }>();
    const actor = createActor(humanCheckMachine.provide({ actors: { postTokenToHost: deliver.logic } }), {
      input,
    }).start();
    actor.send({ type: 'human.confirm' });
    await waitFor(actor, (s) => !s.matches('verifying'));
    return { actor, deliver };
  };

  it('hands the app a token bound to the action it named', async () => {
    const { actor, deliver } = await run({ action: 'forgot' });
    expect(actor.getSnapshot().value).toBe('delivering');
    expect(deliver.last.input.token).toBe('dev-ok:forgot');
  });

  it('opened without a named call, hands over a token bound to /iamhuman itself, which no call accepts', async () => {
    const { actor, deliver } = await run({ action: UNNAMED_ACTION });
    expect(actor.getSnapshot().value).toBe('delivering');
    expect(deliver.last.input.token).toBe('dev-ok:iamhuman');
  });
});
