import { assign, fromPromise, setup } from 'xstate';
import type { CreateProblemReportRequest, Envelope, ProblemReport } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { PROBLEM_NOTE_MAX_LENGTH } from '../../../core/problemReports';
import { createProblemReport, fetchProblemReport } from '../../api/records/problemReports';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface ProblemReportInput {
  transactionId: number;
}

export interface ProblemReportContext extends ProblemReportInput {
  /** The transaction's case, once there is one. */
  report: ProblemReport | null;
  reason: string;
  note: string;
}

export type ProblemReportEvent =
  | { type: 'report.retry' }
  | { type: 'report.open' }
  | { type: 'report.reason'; value: string }
  | { type: 'report.note'; value: string }
  | { type: 'report.cancel' }
  | { type: 'report.submit' };

export const CHOOSE_REASON: Words = /*i18n*/ { id: 'problem.chooseReason', message: 'Please choose what went wrong.' };

/** The success toast, with the case's number as `{number}`. */
export const REPORT_RECEIVED: Words = /*i18n*/ {
  id: 'problem.received',
  message: 'We received your report. Your case number is {number}.',
};

/**
 * Report a problem on one transaction, in its detail: the case is looked up first
 * (loading; a message and Try again when that fails), then either shown (reported) or offered
 * (none). Opening the form asks for a reason from the fixed list and an optional note; sending
 * it opens the case, whose number the server's message gives (and e-mails). A refusal keeps
 * the form as it was, with the server's message.
 */
export const problemReportMachine = setup({
  types: {
    context: {} as ProblemReportContext,
    events: {} as ProblemReportEvent,
    input: {} as ProblemReportInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    fetchReport: fromPromise<Envelope<ProblemReport | null>, { transactionId: number }>(({ input, signal }) =>
      fetchProblemReport(input.transactionId, signal),
    ),
    createReport: fromPromise<Envelope<ProblemReport>, CreateProblemReportRequest>(({ input, signal }) =>
      createProblemReport(input, signal),
    ),
  },
  actions: {
    ...effects,
    keepReport: assign({ report: (_, params: { report: ProblemReport | null }) => params.report }),
    setReason: assign({ reason: (_, params: { value: string }) => params.value }),
    setNote: assign({ note: (_, params: { value: string }) => params.value.slice(0, PROBLEM_NOTE_MAX_LENGTH) }),
    clearForm: assign({ reason: '', note: '' }),
  },
  guards: {
    reported: (_, params: { report: ProblemReport | null }) => params.report !== null,
    noReason: ({ context }) => context.reason === '',
  },
}).createMachine({
  id: 'problemReport',
  context: ({ input }) => ({ transactionId: input.transactionId, report: null, reason: '', note: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchReport',
        src: 'fetchReport',
        input: ({ context }) => ({ transactionId: context.transactionId }),
        onDone: [
          {
            guard: { type: 'reported', params: ({ event }) => ({ report: event.output.data ?? null }) },
            target: 'reported',
            actions: { type: 'keepReport', params: ({ event }) => ({ report: event.output.data ?? null }) },
          },
          { target: 'none' },
        ],
        onError: 'failed',
      },
    },
    failed: {
      on: { 'report.retry': 'loading' },
    },
    none: {
      on: { 'report.open': 'composing' },
    },
    composing: {
      on: {
        'report.reason': { actions: { type: 'setReason', params: ({ event }) => ({ value: event.value }) } },
        'report.note': { actions: { type: 'setNote', params: ({ event }) => ({ value: event.value }) } },
        'report.cancel': { target: 'none', actions: 'clearForm' },
        'report.submit': [
          { guard: 'noReason', actions: { type: 'toast', params: { level: 'error', message: CHOOSE_REASON } } },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'createReport',
        src: 'createReport',
        input: ({ context }) => ({
          transaction_id: context.transactionId,
          reason: context.reason,
          note: context.note.trim(),
        }),
        onDone: {
          target: 'reported',
          actions: [
            { type: 'keepReport', params: ({ event }) => ({ report: event.output.data ?? null }) },
            'clearForm',
            {
              type: 'toast',
              params: ({ event }) => ({
                level: 'success',
                message: { words: REPORT_RECEIVED, values: { number: event.output.data!.case_number } },
              }),
            },
          ],
        },
        onError: {
          target: 'composing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    reported: {},
  },
});
