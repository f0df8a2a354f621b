import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { EnrolmentDone, EnrolmentSecret } from '../../../core/console';
import {
  ENTER_SIX_DIGITS,
  totpEnrolmentMachine,
  type TotpEnrolmentEvent,
} from '../../../src/machines/console/totpEnrolment';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { totpEnrolmentModel } from '../../../testkit/models/console/totpEnrolment.model';
import { settleStep } from '../../support/consoleSteps';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = totpEnrolmentModel.traversals;
const coverage = createTransitionCoverage(totpEnrolmentMachine);

describe('totpEnrolmentMachine (model-based)', () => {
  for (const path of shortestPaths(totpEnrolmentModel, traversal)) {
    it(pathTitle(path), async () => {
      const start = deferredActor<EnrolmentSecret>();
      const confirm = deferredActor<EnrolmentDone, { code: string }>();
      const actor = createActor(
        totpEnrolmentMachine.provide({ actors: { startEnrolment: start.logic, confirmEnrolment: confirm.logic } }),
        { inspect: coverage.inspect },
      ).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as TotpEnrolmentEvent);
      const settle = settleStep(actor, effects);
      await path.test({
        events: {
          'xstate.done.actor.startEnrolment': ({ event }) => settle(start.last, event, 'starting'),
          'xstate.error.actor.startEnrolment': ({ event }) => settle(start.last, event, 'starting'),
          'enrolment.retry': ({ event }) => {
            const calls = start.count;
            send(event);
            expect(start.count).toBe(calls + 1);
          },
          'enrolment.code': ({ event }) => send(event),
          'enrolment.submit': ({ event }) => {
            const incomplete = !/^\d{6}$/.test(actor.getSnapshot().context.code);
            effects.expect(incomplete ? [errorToast(ENTER_SIX_DIGITS)] : []);
            send(event);
            // The spaces an app shows between the digits are not sent.
            if (!incomplete) expect(confirm.last.input).toEqual({ code: '123456' });
          },
          'xstate.done.actor.confirmEnrolment': ({ event }) => settle(confirm.last, event, 'confirming'),
          'xstate.error.actor.confirmEnrolment': ({ event }) => settle(confirm.last, event, 'confirming'),
          'enrolment.saved': ({ event }) => send(event),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // The secret is on screen only while it is being scanned; the recovery codes only once.
            expect(snapshot.context.enrolment !== null).toBe(
              ['scanning', 'confirming'].includes(String(snapshot.value)),
            );
            expect(snapshot.context.recoveryCodes.length > 0).toBe(snapshot.matches('showingCodes'));
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('totpEnrolmentMachine', coverage, totpEnrolmentModel.transitions);
});
