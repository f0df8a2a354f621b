import { assign, fromPromise, setup } from 'xstate';
import { TOTP_CODE, type StaffOutcome } from '../../../core/console';
import { approveStaffChange } from '../../api/console/calls';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { sentence } from './consoleAction';

export interface StaffChangeApprovalInput {
  changeId: number;
}

export interface StaffChangeApprovalContext extends StaffChangeApprovalInput {
  code: string;
  /** What the approval did: the account as it now is, and where its invitation was e-mailed. */
  decided: StaffOutcome | null;
}

export type StaffChangeApprovalEvent =
  | { type: 'staffApproval.approve' }
  | { type: 'staffApproval.type'; value: string }
  | { type: 'staffApproval.submit' }
  | { type: 'staffApproval.back' };

export const STAFF_CODE_NEEDED = 'Enter the six-digit code from your authenticator app to approve.';

/**
 * The second admin's approval of a staff change (creating, resetting or raising a finance or admin
 * identity): their own code first (re-authentication); only then is the account changed and its
 * invitation e-mailed to its owner. The server refuses the admin who asked, the account's own
 * holder and an expired or decided change; a refusal leaves the change as it was, with the
 * server's reason. Turning a change down or withdrawing one is a plain console action.
 */
export const staffChangeApprovalMachine = setup({
  types: {
    context: {} as StaffChangeApprovalContext,
    events: {} as StaffChangeApprovalEvent,
    input: {} as StaffChangeApprovalInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    approveStaffChange: fromPromise<{ message: string; data: StaffOutcome }, { changeId: number; code: string }>(
      ({ input, signal }) => approveStaffChange(input.changeId, input.code, signal),
    ),
  },
  actions: {
    ...effects,
    typeCode: assign({ code: (_, params: { value: string }) => params.value.replace(/\D/g, '').slice(0, 6) }),
    forgetCode: assign({ code: '' }),
    keepDecision: assign({ decided: (_, params: { outcome: StaffOutcome }) => params.outcome }),
  },
  guards: {
    codeIncomplete: ({ context }) => !TOTP_CODE.test(context.code),
  },
}).createMachine({
  id: 'staffChangeApproval',
  context: ({ input }) => ({ changeId: input.changeId, code: '', decided: null }),
  initial: 'reviewing',
  states: {
    reviewing: {
      on: { 'staffApproval.approve': 'confirming' },
    },
    confirming: {
      on: {
        'staffApproval.type': { actions: { type: 'typeCode', params: ({ event }) => ({ value: event.value }) } },
        'staffApproval.back': { target: 'reviewing', actions: 'forgetCode' },
        'staffApproval.submit': [
          {
            guard: 'codeIncomplete',
            actions: { type: 'toast', params: { level: 'error', message: STAFF_CODE_NEEDED } },
          },
          { target: 'approving' },
        ],
      },
    },
    approving: {
      tags: 'busy',
      invoke: {
        id: 'approveStaffChange',
        src: 'approveStaffChange',
        input: ({ context }) => ({ changeId: context.changeId, code: context.code }),
        onDone: {
          target: 'decided',
          actions: [
            'forgetCode',
            { type: 'keepDecision', params: ({ event }) => ({ outcome: event.output.data }) },
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: sentence(event.output.message) }) },
          ],
        },
        onError: {
          target: 'confirming',
          actions: [
            'forgetCode',
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          ],
        },
      },
    },
    decided: { type: 'final' },
  },
});
