import { assign, fromPromise, setup } from 'xstate';
import type { Envelope, StatementDownloadRequest, StatementRequest, StatementSummary } from '../../../core/contract';
import { addDays, daysCovered, lagosDayStart } from '../../../core/days';
import type { Wording, Words } from '../../../core/i18n/words';
import { STATEMENT_MAX_DAYS } from '../../../core/statements';
import { downloadStatement, fetchStatementSummary } from '../../api/records/statements';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface StatementsInput {
  /** Today in Lagos (YYYY-MM-DD): the default range ends on it and no range may pass it. */
  today: string;
}

export interface StatementsContext extends StatementsInput {
  from: string;
  to: string;
  /** The totals of the range last shown; null while the range is being edited or loaded. */
  summary: StatementSummary | null;
}

export type StatementsEvent =
  | { type: 'statement.from'; value: string }
  | { type: 'statement.to'; value: string }
  | { type: 'statement.show' }
  | { type: 'statement.download'; format: StatementDownloadRequest['format'] };

/** The default range: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;

/** What is wrong with a range before the server is asked, or null. */
export function rangeProblem({ from, to, today }: Pick<StatementsContext, 'from' | 'to' | 'today'>): Wording | null {
  const start = lagosDayStart(from);
  const end = lagosDayStart(to);
  if (!start || !end) return /*i18n*/ { id: 'statements.noRange', message: 'Please choose a start and an end date.' };
  if (start > end) {
    return /*i18n*/ { id: 'statements.reversed', message: 'The start date must not be after the end date.' };
  }
  if (to > today) return /*i18n*/ { id: 'statements.future', message: 'The statement cannot end after today.' };
  if (daysCovered(start, end) > STATEMENT_MAX_DAYS) {
    return {
      words: /*i18n*/ { id: 'statements.tooLong', message: 'A statement covers at most {days} days.' },
      values: { days: String(STATEMENT_MAX_DAYS) },
    };
  }
  return null;
}

/** The success toast of a download, naming the file saved as `{file}`. */
export const DOWNLOADED: Words = /*i18n*/ { id: 'statements.downloaded', message: 'Downloaded {file}' };

/**
 * The statements page: a date range, its totals from the ledger (loading, shown, or
 * the server's message and the range kept), and CSV or PDF downloads of the range shown. The
 * last 30 days are shown at once; changing a date hides the totals until Show is pressed again,
 * so the figures on screen always belong to the dates above them.
 */
export const statementsMachine = setup({
  types: {
    context: {} as StatementsContext,
    events: {} as StatementsEvent,
    input: {} as StatementsInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    summary: fromPromise<Envelope<StatementSummary>, StatementRequest>(({ input, signal }) =>
      fetchStatementSummary(input, signal),
    ),
    download: fromPromise<string, StatementDownloadRequest>(({ input, signal }) => downloadStatement(input, signal)),
  },
  actions: {
    ...effects,
    setFrom: assign({ from: (_, params: { value: string }) => params.value, summary: null }),
    setTo: assign({ to: (_, params: { value: string }) => params.value, summary: null }),
    keepSummary: assign({ summary: (_, params: { summary: StatementSummary | null }) => params.summary }),
  },
  guards: {
    rangeInvalid: ({ context }) => rangeProblem(context) !== null,
  },
}).createMachine({
  id: 'statements',
  context: ({ input }) => ({
    today: input.today,
    from: addDays(input.today, 1 - DEFAULT_DAYS),
    to: input.today,
    summary: null,
  }),
  initial: 'loading',
  on: {
    'statement.from': {
      target: '.editing',
      actions: { type: 'setFrom', params: ({ event }) => ({ value: event.value }) },
    },
    'statement.to': { target: '.editing', actions: { type: 'setTo', params: ({ event }) => ({ value: event.value }) } },
  },
  states: {
    editing: {
      on: {
        'statement.show': [
          {
            guard: 'rangeInvalid',
            actions: { type: 'toast', params: ({ context }) => ({ level: 'error', message: rangeProblem(context)! }) },
          },
          { target: 'loading' },
        ],
      },
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'summary',
        src: 'summary',
        input: ({ context }) => ({ from: context.from, to: context.to }),
        onDone: {
          target: 'shown',
          actions: { type: 'keepSummary', params: ({ event }) => ({ summary: event.output.data ?? null }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    shown: {
      on: { 'statement.download': 'downloading' },
    },
    downloading: {
      tags: 'busy',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context, event }) => ({
          from: context.from,
          to: context.to,
          format: (event as Extract<StatementsEvent, { type: 'statement.download' }>).format,
        }),
        onDone: {
          target: 'shown',
          actions: {
            type: 'toast',
            params: ({ event }) => ({
              level: 'success',
              message: { words: DOWNLOADED, values: { file: event.output } },
            }),
          },
        },
        onError: {
          target: 'shown',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
  },
});
