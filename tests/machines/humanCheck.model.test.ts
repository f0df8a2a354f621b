import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { humanCheckMachine } from '../../src/machines/humanCheck';
import { createActorTestModel, createTransitionCoverage, deferredActor, effectLog, expectStep, itWalkedEveryTransition, pathTitle, serializeTransitionTaken, settled } from '../support/flowHarness';

const TOKEN = 'captcha-token';

const model = createActorTestModel(humanCheckMachine, [
  { type: 'xstate.done.actor.captcha', output: TOKEN },
  { type: 'xstate.error.actor.captcha', error: 'widget failed to load' },
  { type: 'xstate.done.actor.deliver' },
  { type: 'xstate.error.actor.deliver', error: 'No app is listening for the captcha token' },
]);
const coverage = createTransitionCoverage(humanCheckMachine);

describe('humanCheckMachine (model-based)', () => {
  for (const path of model.getShortestPaths({ serializeState: serializeTransitionTaken })) {
    it(pathTitle(path), async () => {
      const captcha = deferredActor<string>();
      const deliver = deferredActor<void, { token: string }>();
      const actor = createActor(humanCheckMachine.provide({ actors: { getCaptchaToken: captcha.logic, postTokenToHost: deliver.logic } }), {
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);

      /** Answers the widget or the app as the case says. */
      const settle = (call: { resolve: (output: never) => void; reject: (error: unknown) => void }, event: { type: string; output?: unknown; error?: unknown }) => {
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
            // The token obtained is the one handed to the app.
            if (expected.matches('delivering')) expect(deliver.last.input.token).toBe(TOKEN);
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('humanCheckMachine', coverage, 6);
});
