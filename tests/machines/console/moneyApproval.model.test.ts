import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { MoneyRequest } from '../../../core/console';
import {
  APPROVAL_CODE_NEEDED,
  moneyApprovalMachine,
  NOTE_NEEDED,
  type MoneyApprovalEvent,
} from '../../../src/machines/console/moneyApproval';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { moneyApprovalModel } from '../../../testkit/models/console/moneyApproval.model';
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

const [traversal] = moneyApprovalModel.traversals;
const coverage = createTransitionCoverage(moneyApprovalMachine);
const TOLD: Record<string, string> = {
  approveMoney: 'Approved: the money has moved.',
  rejectMoney: 'Turned down: nothing moved.',
  cancelMoney: 'Withdrawn: nothing moved.',
  approveWithPasskey: 'Approved: the money has moved.',
};
const FROM: Record<string, string> = {
  approveMoney: 'approving',
  rejectMoney: 'rejecting',
  cancelMoney: 'cancelling',
  approveWithPasskey: 'approvingWithPasskey',
};

describe('moneyApprovalMachine (model-based)', () => {
  for (const path of shortestPaths(moneyApprovalModel, traversal)) {
    it(pathTitle(path), async () => {
      const calls = {
        approveMoney: deferredActor<MoneyRequest, { requestId: number; code: string }>(),
        rejectMoney: deferredActor<MoneyRequest, { requestId: number; note: string }>(),
        cancelMoney: deferredActor<MoneyRequest, { requestId: number }>(),
        approveWithPasskey: deferredActor<MoneyRequest, { requestId: number }>(),
      };
      const actor = createActor(
        moneyApprovalMachine.provide({
          actors: {
            approveMoney: calls.approveMoney.logic,
            rejectMoney: calls.rejectMoney.logic,
            cancelMoney: calls.cancelMoney.logic,
            approveWithPasskey: calls.approveWithPasskey.logic,
          },
        }),
        { input: { requestId: 7 }, inspect: coverage.inspect },
      ).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as MoneyApprovalEvent);
      const answer =
        (id: keyof typeof calls) =>
        async ({ event }: { event: AnyEventObject }) => {
          const call = calls[id].last;
          if (event.type.startsWith('xstate.error')) {
            effects.expect([errorToast((event.error as Error).message)]);
            call.reject(event.error);
          } else {
            effects.expect([successToast(TOLD[id])]);
            call.resolve(event.output as MoneyRequest);
          }
          await leaves(actor, FROM[id]);
        };
      await path.test({
        events: {
          'approval.approve': ({ event }) => send(event),
          'approval.reject': ({ event }) => send(event),
          'approval.cancel': ({ event }) => {
            send(event);
            expect(calls.cancelMoney.last.input).toEqual({ requestId: 7 });
          },
          'approval.change': ({ event }) => send(event),
          'approval.back': ({ event }) => send(event),
          // The passkey stands in for the code: whatever was typed is dropped, only the request is sent.
          'approval.passkey': ({ event }) => {
            send(event);
            expect(calls.approveWithPasskey.last.input).toEqual({ requestId: 7 });
            expect(actor.getSnapshot().context.code).toBe('');
          },
          'approval.submit': ({ event }) => {
            const { value, context } = actor.getSnapshot();
            const refusal =
              value === 'confirming'
                ? /^\d{6}$/.test(context.code)
                  ? null
                  : APPROVAL_CODE_NEEDED
                : context.note.trim().length >= 3
                  ? null
                  : NOTE_NEEDED;
            effects.expect(refusal ? [errorToast(refusal)] : []);
            send(event);
            if (refusal) return;
            // The checker's own code approves; a refusal carries its note.
            if (value === 'confirming') expect(calls.approveMoney.last.input).toEqual({ requestId: 7, code: '492039' });
            else expect(calls.rejectMoney.last.input).toEqual({ requestId: 7, note: 'No late delivery on record' });
          },
          'xstate.done.actor.approveMoney': answer('approveMoney'),
          'xstate.error.actor.approveMoney': answer('approveMoney'),
          'xstate.done.actor.rejectMoney': answer('rejectMoney'),
          'xstate.error.actor.rejectMoney': answer('rejectMoney'),
          'xstate.done.actor.cancelMoney': answer('cancelMoney'),
          'xstate.error.actor.cancelMoney': answer('cancelMoney'),
          'xstate.done.actor.approveWithPasskey': answer('approveWithPasskey'),
          'xstate.error.actor.approveWithPasskey': answer('approveWithPasskey'),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            expect(snapshot.context.decided !== null).toBe(snapshot.matches('decided'));
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('moneyApprovalMachine', coverage, moneyApprovalModel.transitions);
});
