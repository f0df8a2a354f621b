import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/console/staffChangeApproval.ts in docs/machines. */
export default {
  summary:
    'A second admin’s approval of a staff change (creating, resetting or raising a finance or admin identity) ' +
    'with their own code: only then is the account changed and its invitation e-mailed to its owner.',
  events: {
    'staffApproval.approve': '“Approve…”.',
    'staffApproval.type': 'Typing the code.',
    'staffApproval.submit': '“Approve” with the code.',
    'staffApproval.back': '“Back” to the change.',
  },
  guards: {
    codeIncomplete: 'The code is not six digits.',
  },
  actions: {
    typeCode: 'Keeps the digits typed.',
    forgetCode: 'Drops the code: each one is good once.',
    keepDecision: 'Keeps what the approval did (the account, where the invitation went).',
  },
  actors: {
    approveStaffChange:
      'Approves with the admin’s code: the account is created, reset or raised, ' +
      'and any invitation e-mailed to its owner.',
  },
  delays: {},
} satisfies MachineDescription;
