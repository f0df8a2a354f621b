import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  consoleActionMachine,
  NOTE_TOO_SHORT,
  sentence,
  type ConsoleActionEvent,
  type ConsoleActionInput,
  type Performed,
} from '../../../src/machines/console/consoleAction';
import type { ActionName } from '../../../src/machines/console/consoleCalls';
import { CASE, consoleActionModel } from '../../../testkit/models/console/consoleAction.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  pathTitle,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const coverage = createTransitionCoverage(consoleActionMachine);

describe('consoleActionMachine (model-based)', () => {
  for (const traversal of consoleActionModel.traversals) {
    for (const path of shortestPaths(consoleActionModel, traversal)) {
      it(`${traversal.label}: ${pathTitle(path)}`, async () => {
        const input = traversal.options.input as ConsoleActionInput;
        const { noteMin } = input;
        const perform = deferredActor<Performed, { action: ActionName; args: unknown; note: string }>();
        const actor = createActor(consoleActionMachine.provide({ actors: { perform: perform.logic } }), {
          input,
          inspect: coverage.inspect,
        }).start();
        const effects = effectLog(actor);
        const done: unknown[] = [];
        actor.on('action.done', (event) => void done.push(event.data));
        const send = (event: AnyEventObject) => actor.send(event as ConsoleActionEvent);
        await path.test({
          events: {
            'action.start': ({ event }) => {
              send(event);
              // Without a note, the call goes at once, about what the start named.
              if (noteMin === 0) expect(perform.last.input).toEqual({ action: input.action, args: CASE, note: '' });
            },
            'action.note': ({ event }) => send(event),
            'action.cancel': ({ event }) => send(event),
            'action.submit': ({ event }) => {
              const short = actor.getSnapshot().context.note.trim().length < noteMin;
              effects.expect(short ? [errorToast(NOTE_TOO_SHORT(noteMin))] : []);
              send(event);
              if (!short)
                expect(perform.last.input).toEqual({
                  action: input.action,
                  args: CASE,
                  note: 'Token resent by the biller.',
                });
            },
            'xstate.done.actor.perform': async ({ event }) => {
              const { output } = event as unknown as { output: Performed };
              effects.expect([
                successToast(sentence(output.message)),
                { type: 'action.done', data: output.data } as never,
              ]);
              perform.last.resolve(output);
              await leaves(actor, 'running');
              expect(done).toEqual([output.data]);
            },
            'xstate.error.actor.perform': async ({ event }) => {
              const { error } = event as unknown as { error: Error };
              effects.expect([errorToast(error.message)]);
              perform.last.reject(error);
              await leaves(actor, 'running');
              // A refused action keeps its note for another try, and reloads nothing.
              expect(done).toEqual([]);
            },
          },
          states: { '*': (expected) => void expectStep(actor, expected, effects) },
        });
        actor.stop();
      });
    }
  }

  itWalkedEveryTransition('consoleActionMachine', coverage, consoleActionModel.transitions);
});
