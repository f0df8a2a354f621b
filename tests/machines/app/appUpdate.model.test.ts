import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appUpdateMachine, type AppUpdateEvent } from '../../../src/machines/app/appUpdate';
import { appUpdateModel } from '../../../testkit/models/app/appUpdate.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { effectLog, expectStep, itWalkedEveryTransition, pathTitle } from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import type { FlowEmitted } from '../../../src/machines/kit/effects';

const [traversal] = appUpdateModel.traversals;
const coverage = createTransitionCoverage(appUpdateMachine);
const reload = { type: 'reload' } as unknown as FlowEmitted;

describe('appUpdateMachine (model-based)', () => {
  for (const path of shortestPaths(appUpdateModel, traversal)) {
    it(pathTitle(path), async () => {
      const actor = createActor(appUpdateMachine, { inspect: coverage.inspect }).start();
      const effects = effectLog(actor);
      const send = (event: AppUpdateEvent) => {
        const before = actor.getSnapshot();
        const applies =
          (before.matches('available') && event.type === 'update.apply' && !before.context.busy) ||
          (before.matches('waitingForPurchase') && event.type === 'app.busy' && !event.busy);
        // The new version takes over only when asked, and never while a payment awaits its answer.
        effects.expect(applies ? [reload] : []);
        actor.send(event);
      };
      await path.test({
        events: {
          'update.found': ({ event }) => send(event as AppUpdateEvent),
          'update.apply': ({ event }) => send(event as AppUpdateEvent),
          'app.busy': ({ event }) => send(event as AppUpdateEvent),
        },
        states: { '*': (expected) => void expectStep(actor, expected, effects) },
      });
      actor.stop();
    });
  }

  it('a found version asked for mid-purchase waits for the answer, then reloads once', () => {
    const actor = createActor(appUpdateMachine).start();
    const reloads: unknown[] = [];
    actor.on('reload', (event) => void reloads.push(event));
    actor.send({ type: 'app.busy', busy: true });
    actor.send({ type: 'update.found' });
    actor.send({ type: 'update.apply' });
    expect(actor.getSnapshot().value).toBe('waitingForPurchase');
    actor.send({ type: 'app.busy', busy: true });
    expect(reloads).toEqual([]);
    actor.send({ type: 'app.busy', busy: false });
    expect(reloads).toEqual([{ type: 'reload' }]);
    actor.send({ type: 'app.busy', busy: true });
    actor.send({ type: 'app.busy', busy: false });
    expect(reloads).toHaveLength(1);
    actor.stop();
  });

  itWalkedEveryTransition('appUpdateMachine', coverage, appUpdateModel.transitions);
});
