import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { StaffOutcome } from '../../../core/console';
import {
  STAFF_CODE_NEEDED,
  staffChangeApprovalMachine,
  type StaffChangeApprovalEvent,
} from '../../../src/machines/console/staffChangeApproval';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { staffChangeApprovalModel } from '../../../testkit/models/console/staffChangeApproval.model';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
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

const [traversal] = staffChangeApprovalModel.traversals;
const coverage = createTransitionCoverage(staffChangeApprovalMachine);

describe('staffChangeApprovalMachine (model-based)', () => {
  for (const path of shortestPaths(staffChangeApprovalModel, traversal)) {
    it(pathTitle(path), async () => {
      const approval = deferredActor<{ message: string; data: StaffOutcome }, { changeId: number; code: string }>();
      const actor = createActor(
        staffChangeApprovalMachine.provide({ actors: { approveStaffChange: approval.logic } }),
        {
          input: { changeId: 5 },
          inspect: coverage.inspect,
        },
      ).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as StaffChangeApprovalEvent);
      const answer = async ({ event }: { event: AnyEventObject }) => {
        const call = approval.last;
        if (event.type.startsWith('xstate.error')) {
          // The server's reason, as it gave it: the change is as it was, the code gone (each is good once).
          effects.expect([errorToast((event.error as Error).message)]);
          call.reject(event.error);
        } else {
          // What the approval did, told as a sentence: where the invitation went, never a link.
          effects.expect([successToast('Approved: account created, invitation sent to funmi@ops.test')]);
          call.resolve(event.output as { message: string; data: StaffOutcome });
        }
        await leaves(actor, 'approving');
      };
      await path.test({
        events: {
          'staffApproval.approve': ({ event }) => send(event),
          'staffApproval.type': ({ event }) => send(event),
          'staffApproval.back': ({ event }) => send(event),
          'staffApproval.submit': ({ event }) => {
            const complete = /^\d{6}$/.test(actor.getSnapshot().context.code);
            effects.expect(complete ? [] : [errorToast(STAFF_CODE_NEEDED)]);
            send(event);
            // The second admin's own code approves.
            if (complete) expect(approval.last.input).toEqual({ changeId: 5, code: '492039' });
          },
          'xstate.done.actor.approveStaffChange': answer,
          'xstate.error.actor.approveStaffChange': answer,
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            expect(snapshot.context.decided !== null).toBe(snapshot.matches('decided'));
            if (snapshot.matches('decided'))
              expect(snapshot.context.decided!.invitation).toEqual({
                sent_to: 'funmi@ops.test',
                expires_at: '2026-11-29T09:05:00.000Z',
              });
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('staffChangeApprovalMachine', coverage, staffChangeApprovalModel.transitions);
});
