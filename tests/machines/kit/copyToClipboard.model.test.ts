import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CopyOutcome } from '../../../src/api/kit/clipboard';
import * as clipboard from '../../../core/words/clipboard';
import { copyToClipboardMachine, type CopyToClipboardEvent } from '../../../src/machines/kit/copyToClipboard';
import { copyToClipboardModel, NUMBER } from '../../../testkit/models/kit/copyToClipboard.model';
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

const [traversal] = copyToClipboardModel.traversals;
const coverage = createTransitionCoverage(copyToClipboardMachine);

/** What the user reads for each outcome (fixed strings, typed out so a change fails here). */
const told = {
  copied: successToast(clipboard.copied),
  unsupported: errorToast(clipboard.noClipboard),
  failed: errorToast(clipboard.copyFailed),
} satisfies Record<CopyOutcome, unknown>;

describe('copyToClipboardMachine (model-based)', () => {
  for (const path of shortestPaths(copyToClipboardModel, traversal)) {
    it(pathTitle(path), async () => {
      const copy = deferredActor<CopyOutcome, CopyToClipboardEvent>();
      const actor = createActor(copyToClipboardMachine.provide({ actors: { copyText: copy.logic } }), {
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);

      await path.test({
        events: {
          'clipboard.copy': ({ event }) => {
            actor.send(event as { type: 'clipboard.copy'; text: string });
            expect(copy.last.input).toEqual({ type: 'clipboard.copy', text: NUMBER });
          },
          'xstate.done.actor.copy': async ({ event }) => {
            const { output } = event as unknown as { output: CopyOutcome };
            effects.expect([told[output]]);
            copy.last.resolve(output);
            await leaves(actor, 'copying');
          },
        },
        states: {
          '*': (expected) => void expectStep(actor, expected, effects),
        },
      });
      actor.stop();
    });
  }

  it('ignores a second press while the first copy runs', () => {
    const copy = deferredActor<CopyOutcome, CopyToClipboardEvent>();
    const actor = createActor(copyToClipboardMachine.provide({ actors: { copyText: copy.logic } })).start();
    actor.send({ type: 'clipboard.copy', text: NUMBER });
    const first = copy.last;
    actor.send({ type: 'clipboard.copy', text: 'other' });
    expect(copy.last).toBe(first);
    actor.stop();
  });

  describe('with the real clipboard adapter', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** Copies through the real copyText with `navigator` as given; answers what the user is told. */
    async function copyWith(navigator: unknown) {
      vi.stubGlobal('navigator', navigator);
      const actor = createActor(copyToClipboardMachine).start();
      const toasts: unknown[] = [];
      actor.on('toast', (e) => void toasts.push(e));
      actor.send({ type: 'clipboard.copy', text: NUMBER });
      await waitFor(actor, (s) => s.matches('idle'));
      actor.stop();
      return toasts;
    }

    it('copies the text and says so', async () => {
      const writeText = vi.fn(async () => undefined);
      expect(await copyWith({ clipboard: { writeText } })).toEqual([told.copied]);
      expect(writeText).toHaveBeenCalledWith(NUMBER);
    });

    it('says when the browser refuses', async () => {
      expect(
        await copyWith({
          clipboard: { writeText: async () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
        }),
      ).toEqual([told.failed]);
    });

    it('says when there is no clipboard at all (an old WebView, plain HTTP)', async () => {
      expect(await copyWith({})).toEqual([told.unsupported]);
      expect(await copyWith(undefined)).toEqual([told.unsupported]);
    });
  });

  itWalkedEveryTransition('copyToClipboardMachine', coverage, copyToClipboardModel.transitions);
});
