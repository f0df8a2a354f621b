import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/console/consoleAction.ts in docs/machines. */
export default {
  summary:
    'One staff action that moves no money (work a case, end sessions, requery a bill, manage staff): a ' +
    'note first when it needs one, the call, its answer told.',
  events: {
    'action.start': 'The action’s button, with what it is about.',
    'action.note': 'Typing the note.',
    'action.submit': 'Sending the note.',
    'action.cancel': '“Cancel” while writing the note.',
  },
  guards: {
    asksForNote: 'The action keeps a note.',
    noteTooShort: 'The note is shorter than the action asks.',
  },
  actions: {
    keepArgs: 'Keeps what the action is about (a case number, the search typed).',
    setNote: 'Keeps the note typed.',
    forgetNote: 'Drops the note.',
    done: 'Emits that the action is done, with its answer, for the screen to reload.',
  },
  actors: {
    perform: 'The named call (consoleCalls.ts ACTIONS); answers what to tell and what it returned.',
  },
  delays: {},
} satisfies MachineDescription;
