import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  consoleRecordMachine,
  type ConsoleRecordEvent,
  type ConsoleRecordInput,
} from '../../../src/machines/console/consoleRecord';
import { consoleRecordModel } from '../../../testkit/models/console/consoleRecord.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  pathTitle,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = consoleRecordModel.traversals;
const coverage = createTransitionCoverage(consoleRecordMachine);

describe('consoleRecordMachine (model-based)', () => {
  for (const path of shortestPaths(consoleRecordModel, traversal)) {
    it(pathTitle(path), async () => {
      const load = deferredActor<unknown, ConsoleRecordInput>();
      const input = traversal.options.input as ConsoleRecordInput;
      const actor = createActor(consoleRecordMachine.provide({ actors: { load: load.logic } }), {
        input,
        inspect: coverage.inspect,
      }).start();
      // Each load asks for the screen's read with its arguments.
      expect(load.last.input).toEqual(input);
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as ConsoleRecordEvent);
      const answer =
        (from: string, toastOnError: boolean) =>
        async ({ event }: { event: AnyEventObject }) => {
          if (event.type.startsWith('xstate.error')) {
            // A failed first load is said on the screen (Try again); a failed reload keeps what is shown and says why.
            effects.expect(toastOnError ? [errorToast((event.error as Error).message)] : []);
            load.last.reject(event.error);
          } else load.last.resolve(event.output);
          await leaves(actor, from);
        };
      await path.test({
        events: {
          'xstate.done.actor.load': answer('loading', false),
          'xstate.error.actor.load': answer('loading', false),
          'xstate.done.actor.reload': answer('reloading', true),
          'xstate.error.actor.reload': answer('reloading', true),
          'record.reload': ({ event }) => {
            const calls = load.count;
            send(event);
            expect(load.count).toBe(calls + 1);
          },
          'record.retry': ({ event }) => {
            const calls = load.count;
            send(event);
            expect(load.count).toBe(calls + 1);
          },
        },
        states: { '*': (expected) => void expectStep(actor, expected, effects) },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('consoleRecordMachine', coverage, consoleRecordModel.transitions);
});
