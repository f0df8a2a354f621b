import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/records/problemReport.ts in docs/machines. */
export default {
  summary:
    'Report a problem on one transaction, in its details: the case is looked up first, then shown, or ' +
    'offered as a form with a reason and an optional note whose sending opens a case.',
  events: {
    'report.retry': '“Try again” after the case could not be looked up.',
    'report.open': '“Report a problem”: opens the form.',
    'report.reason': 'Picks what went wrong from the fixed list.',
    'report.note': 'Typing the optional note (cut at the length the server takes).',
    'report.cancel': 'Closes the form and empties it.',
    'report.submit': '“Send”: refused with a message while no reason is chosen.',
  },
  guards: {
    reported: 'The server answered a case for the transaction.',
    noReason: 'No reason is chosen yet.',
  },
  actions: {
    keepReport: 'Keeps the transaction’s case.',
    setReason: 'Keeps the chosen reason.',
    setNote: 'Keeps the note, cut at PROBLEM_NOTE_MAX_LENGTH.',
    clearForm: 'Empties the reason and the note.',
  },
  actors: {
    fetchReport: 'Asks the server for the transaction’s case, if any.',
    createReport: 'Opens the case: the transaction, the reason and the trimmed note.',
  },
  delays: {},
} satisfies MachineDescription;
