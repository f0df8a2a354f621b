import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { humanCheckMachine } from '../../src/machines/humanCheck';
import { createActorTestModel, serializeTransitionTaken } from '../support/actorTestModel';
import { createTransitionCoverage } from '../support/transitionCoverage';

const TOKEN = 'captcha-token';

const model = createActorTestModel(humanCheckMachine, [
  { type: 'xstate.done.actor.captcha', output: TOKEN },
  { type: 'xstate.error.actor.captcha', error: 'widget failed to load' },
  { type: 'xstate.done.actor.deliver' },
  { type: 'xstate.error.actor.deliver', error: 'No app is listening for the captcha token' },
]);
const coverage = createTransitionCoverage(humanCheckMachine);

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('humanCheckMachine (model-based)', () => {
  for (const path of model.getShortestPaths({ serializeState: serializeTransitionTaken })) {
    it(path.description, async () => {
      const pending: Record<string, Settle> = {};
      const delivered: string[] = [];
      const actor = createActor(
        humanCheckMachine.provide({
          actors: {
            getCaptchaToken: fromPromise(() => new Promise((resolve, reject) => (pending.captcha = { resolve, reject }))) as never,
            postTokenToHost: fromPromise(({ input }: { input: { token: string } }) => {
              delivered.push(input.token);
              return new Promise((resolve, reject) => (pending.deliver = { resolve, reject }));
            }) as never,
          },
        }),
        { inspect: coverage.inspect },
      ).start();

      const settle = (id: string, event: { type: string; output?: unknown; error?: unknown }) => {
        if (event.type.startsWith('xstate.done')) pending[id].resolve(event.output);
        else pending[id].reject(new Error(String(event.error)));
        return flush();
      };

      await path.test({
        events: {
          'human.confirm': () => void actor.send({ type: 'human.confirm' }),
          'xstate.done.actor.captcha': ({ event }) => settle('captcha', event),
          'xstate.error.actor.captcha': ({ event }) => settle('captcha', event),
          'xstate.done.actor.deliver': ({ event }) => settle('deliver', event),
          'xstate.error.actor.deliver': ({ event }) => settle('deliver', event),
        },
        states: {
          '*': (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value);
            expect(actor.getSnapshot().context).toEqual(expected.context);
            // The token obtained is the one handed to the app.
            if (expected.matches('delivering')) expect(delivered.at(-1)).toBe(TOKEN);
          },
        },
      });
      actor.stop();
    });
  }

  it('walked every transition of humanCheckMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(6);
  });
});
