import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/records/statements.ts in docs/machines. */
export default {
  summary:
    '/statements: a date range (the last 30 days at first), its totals from the ledger, and CSV or PDF ' +
    'downloads of the range shown; changing a date hides the totals until Show.',
  events: {
    'statement.from': 'Picks the start date: the totals are hidden until Show.',
    'statement.to': 'Picks the end date: the totals are hidden until Show.',
    'statement.show': '“Show”: refused with a message when the range is wrong, else asks for its totals.',
    'statement.download': 'Downloads the range shown as CSV or PDF.',
  },
  guards: {
    rangeInvalid: 'The range is incomplete, reversed, ends after today or is too long (rangeProblem).',
  },
  actions: {
    setFrom: 'Keeps the start date and forgets the totals.',
    setTo: 'Keeps the end date and forgets the totals.',
    keepSummary: 'Keeps the answered totals.',
  },
  actors: {
    summary: 'Fetches the range’s opening and closing balances, credits and debits.',
    download: 'Downloads the range’s statement file and answers its name.',
  },
  delays: {},
} satisfies MachineDescription;
