import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { otpCountdownMachine } from '../../../src/machines/account/otpCountdown';
import { OTP_RESEND_COUNTDOWN_S } from '../../../core/limits';
import { otpCountdownModel } from '../../../testkit/models/account/otpCountdown.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { effectLog, expectStep, itWalkedEveryTransition, pathTitle } from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const coverage = createTransitionCoverage(otpCountdownMachine);

describe('otpCountdownMachine (model-based)', () => {
  for (const traversal of otpCountdownModel.traversals) {
    const input = traversal.options.input as { seconds: number };
    describe(traversal.label, () => {
      for (const path of shortestPaths(otpCountdownModel, traversal)) {
        it(pathTitle(path), async () => {
          const clock = new SimulatedClock();
          const actor = createActor(otpCountdownMachine, { clock, input, inspect: coverage.inspect });
          const effects = effectLog(actor);
          actor.start();
          await path.test({
            events: {
              'xstate.after.tick.otpCountdown.counting': () => {
                // Not a tick early: the second must pass in full.
                const before = actor.getSnapshot().context.remaining;
                clock.increment(999);
                expect(actor.getSnapshot().context.remaining).toBe(before);
                clock.increment(1);
              },
            },
            states: {
              '*': (expected) => {
                const snapshot = expectStep(actor, expected, effects);
                expect(snapshot.status).toBe(expected.matches('done') ? 'done' : 'active');
              },
            },
          });
          actor.stop();
        });
      }
    });
  }

  it('starts at 59 seconds unless told otherwise', () => {
    const actor = createActor(otpCountdownMachine, { input: {}, clock: new SimulatedClock() }).start();
    expect(actor.getSnapshot().context.remaining).toBe(OTP_RESEND_COUNTDOWN_S);
    actor.stop();
  });

  itWalkedEveryTransition('otpCountdownMachine', coverage, otpCountdownModel.transitions);
});
