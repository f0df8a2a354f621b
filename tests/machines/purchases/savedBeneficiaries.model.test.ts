import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type {
  DeleteBeneficiaryRequest,
  Envelope,
  RenameBeneficiaryRequest,
  SaveBeneficiaryRequest,
  SavedBeneficiary,
} from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import {
  savedBeneficiariesMachine,
  type SavedBeneficiariesEvent,
} from '../../../src/machines/purchases/savedBeneficiaries';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  CATEGORY,
  deleteRequest,
  ok,
  renameRequest,
  saveRequest,
  savedBeneficiariesModel,
} from '../../../testkit/models/purchases/savedBeneficiaries.model';
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
import { heardInEnglish } from '../../support/inEnglish';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = savedBeneficiariesModel.traversals;
const coverage = createTransitionCoverage(savedBeneficiariesMachine);

describe('savedBeneficiariesMachine (model-based)', () => {
  for (const path of shortestPaths(savedBeneficiariesModel, traversal)) {
    it(pathTitle(path), async () => {
      const list = deferredActor<Envelope<SavedBeneficiary[]>, { category: string }>();
      const save = deferredActor<Envelope<SavedBeneficiary>, SaveBeneficiaryRequest>();
      const rename = deferredActor<Envelope<SavedBeneficiary>, RenameBeneficiaryRequest>();
      const remove = deferredActor<number, DeleteBeneficiaryRequest>();
      const actor = createActor(
        savedBeneficiariesMachine.provide({
          actors: { list: list.logic, save: save.logic, rename: rename.logic, remove: remove.logic },
        }),
        {
          input: { category: CATEGORY },
          inspect: coverage.inspect,
        },
      ).start();
      const effects = effectLog(heardInEnglish(actor));
      const send = (event: AnyEventObject) => actor.send(event as SavedBeneficiariesEvent);
      expect(list.last.input).toEqual({ category: CATEGORY });

      /** A call's answer: the server's output, or its refusal as the error toast; then the busy state is left. */
      const answer = <T>(
        call: () => { resolve: (output: T) => void; reject: (error: unknown) => void },
        state: string,
        told?: (output: T) => string,
      ) => ({
        done: async ({ event }: { event: AnyEventObject }) => {
          const { output } = event as unknown as { output: T };
          if (told) effects.expect([successToast(told(output))]);
          call().resolve(output);
          await leaves(actor, state);
        },
        error: async ({ event }: { event: AnyEventObject }) => {
          const { error } = event as unknown as { error: string };
          effects.expect([errorToast(error)]);
          call().reject(new ApiError({ type: 'error', message: error }));
          await leaves(actor, state);
        },
      });
      const saving = answer(
        () => save.last,
        'saving',
        (output: Envelope<SavedBeneficiary>) => `Saved as ${output.data!.name}`,
      );
      const renaming = answer(
        () => rename.last,
        'renaming',
        (output: Envelope<SavedBeneficiary>) => `Renamed to ${output.data!.name}`,
      );
      const deleting = answer(
        () => remove.last,
        'deleting',
        () => 'Deleted',
      );

      await path.test({
        events: {
          'xstate.done.actor.list': async ({ event }) => {
            list.last.resolve((event as unknown as { output: Envelope<SavedBeneficiary[]> }).output);
            await leaves(actor, 'loading');
          },
          // A list that cannot load says so on screen, not in a toast: the form works without it.
          'xstate.error.actor.list': async () => {
            list.last.reject(new Error('Failed to fetch'));
            await leaves(actor, 'loading');
          },
          'saved.retry': ({ event }) => {
            const calls = list.count;
            send(event);
            expect(list.count).toBe(calls + 1);
          },
          'saved.save': ({ event }) => {
            send(event);
            // The category is the screen's: the request never names another.
            expect(save.last.input).toEqual({ ...saveRequest, category: CATEGORY });
          },
          'saved.rename': ({ event }) => {
            send(event);
            expect(rename.last.input).toEqual(renameRequest);
          },
          'saved.delete': ({ event }) => {
            send(event);
            expect(remove.last.input).toEqual(deleteRequest);
          },
          'xstate.done.actor.save': saving.done,
          'xstate.error.actor.save': saving.error,
          'xstate.done.actor.rename': renaming.done,
          'xstate.error.actor.rename': renaming.error,
          'xstate.done.actor.remove': deleting.done,
          'xstate.error.actor.remove': deleting.error,
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            const names = snapshot.context.list.map((entry) => entry.name);
            // Always by name, each number once.
            expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
            expect(new Set(snapshot.context.list.map((entry) => entry.beneficiary)).size).toBe(names.length);
            expect(snapshot.hasTag('loading')).toBe(expected.matches('loading'));
          },
        },
      });
      actor.stop();
    });
  }

  it('one change at a time: a second save while the first runs is not sent', () => {
    const save = deferredActor<Envelope<SavedBeneficiary>, SaveBeneficiaryRequest>();
    const list = deferredActor<Envelope<SavedBeneficiary[]>, { category: string }>();
    const actor = createActor(savedBeneficiariesMachine.provide({ actors: { list: list.logic, save: save.logic } }), {
      input: { category: CATEGORY },
    }).start();
    list.last.resolve(ok([]));
    return leaves(actor, 'loading').then(() => {
      actor.send({ type: 'saved.save', request: saveRequest });
      actor.send({ type: 'saved.delete', request: deleteRequest });
      actor.send({ type: 'saved.save', request: saveRequest });
      expect(save.count).toBe(1);
      expect(actor.getSnapshot().value).toBe('saving');
      actor.stop();
    });
  });

  itWalkedEveryTransition('savedBeneficiariesMachine', coverage, savedBeneficiariesModel.transitions);
});
