import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/console/moneyApproval.ts in docs/machines. */
export default {
  summary:
    'The checker’s half of maker-checker on one pending request: approve with their own passkey or code, ' +
    'turn it down with a note, or (the maker) withdraw it.',
  events: {
    'approval.approve': '“Approve…”.',
    'approval.reject': '“Turn down…”.',
    'approval.cancel': '“Withdraw” (the maker).',
    'approval.change': 'Typing the code or the note.',
    'approval.submit': '“Approve” or “Turn down”.',
    'approval.back': '“Back” to the request.',
    'approval.passkey': '“Approve with passkey”, in place of the code.',
  },
  guards: {
    codeIncomplete: 'The code is not six digits.',
    noteTooShort: 'The note is shorter than three characters.',
  },
  actions: {
    change: 'Keeps what was typed (digits only for the code).',
    forgetInput: 'Drops the code and the note.',
    forgetCode: 'Drops the code: each one is good once.',
    keepDecision: 'Keeps the request as decided.',
  },
  actors: {
    approveMoney: 'Approves with the checker’s code: the money moves, once.',
    rejectMoney: 'Turns the request down with the note.',
    cancelMoney: 'Withdraws the maker’s own request.',
    approveWithPasskey:
      'Approves with the checker’s passkey (a challenge of this session, signed): the money moves, once.',
  },
  delays: {},
} satisfies MachineDescription;
