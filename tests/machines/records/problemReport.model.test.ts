import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { CreateProblemReportRequest, Envelope, ProblemReport } from '../../../core/contract';
import { PROBLEM_NOTE_MAX_LENGTH } from '../../../core/problemReports';
import { ApiError } from '../../../src/api/kit/http';
import {
  CHOOSE_REASON,
  problemReportMachine,
  REPORT_RECEIVED,
  type ProblemReportEvent,
} from '../../../src/machines/records/problemReport';
import { say } from '../../../src/ui/kit/language';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { found, problemReportModel, TRANSACTION } from '../../../testkit/models/records/problemReport.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  pathTitle,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = problemReportModel.traversals;
const coverage = createTransitionCoverage(problemReportMachine);

describe('problemReportMachine (model-based)', () => {
  for (const path of shortestPaths(problemReportModel, traversal)) {
    it(pathTitle(path), async () => {
      const fetch = deferredActor<Envelope<ProblemReport | null>, { transactionId: number }>();
      const create = deferredActor<Envelope<ProblemReport>, CreateProblemReportRequest>();
      const actor = createActor(
        problemReportMachine.provide({ actors: { fetchReport: fetch.logic, createReport: create.logic } }),
        {
          input: { transactionId: TRANSACTION },
          inspect: coverage.inspect,
        },
      ).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as ProblemReportEvent);
      expect(fetch.last.input).toEqual({ transactionId: TRANSACTION });

      await path.test({
        events: {
          'xstate.done.actor.fetchReport': async ({ event }) => {
            fetch.last.resolve((event as unknown as { output: Envelope<ProblemReport | null> }).output);
            await leaves(actor, 'loading');
          },
          // Said on the detail itself, with Try again; the rest of the detail is unaffected.
          'xstate.error.actor.fetchReport': async () => {
            fetch.last.reject(new Error('Failed to fetch'));
            await leaves(actor, 'loading');
          },
          'report.retry': ({ event }) => {
            const calls = fetch.count;
            send(event);
            expect(fetch.count).toBe(calls + 1);
          },
          'report.open': ({ event }) => send(event),
          'report.reason': ({ event }) => send(event),
          'report.note': ({ event }) => send(event),
          'report.cancel': ({ event }) => send(event),
          'report.submit': ({ event }) => {
            const { reason, note } = actor.getSnapshot().context;
            const calls = create.count;
            effects.expect(reason === '' ? [{ type: 'toast', level: 'error', message: CHOOSE_REASON }] : []);
            send(event);
            if (reason === '') expect(create.count).toBe(calls);
            // The reference is the server's to attach: the request names the transaction.
            else expect(create.last.input).toEqual({ transaction_id: TRANSACTION, reason, note: note.trim() });
          },
          'xstate.done.actor.createReport': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<ProblemReport> };
            const received = { words: REPORT_RECEIVED, values: { number: output.data!.case_number } };
            expect(say(received)).toBe(`We received your report. Your case number is ${output.data!.case_number}.`);
            effects.expect([{ type: 'toast', level: 'success', message: received }]);
            create.last.resolve(output);
            await leaves(actor, 'submitting');
          },
          'xstate.error.actor.createReport': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            create.last.reject(new ApiError({ type: 'error', message: error }));
            await leaves(actor, 'submitting');
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // A case is shown exactly when reported, and the form is empty whenever it is not open.
            expect(snapshot.context.report !== null).toBe(expected.matches('reported'));
            if (!expected.matches('composing') && !expected.matches('submitting'))
              expect([snapshot.context.reason, snapshot.context.note]).toEqual(['', '']);
          },
        },
      });
      actor.stop();
    });
  }

  it('asks for a reason in English', () => {
    expect(say(CHOOSE_REASON)).toBe('Please choose what went wrong.');
  });

  it('keeps a note within the length the server takes', () => {
    const fetch = deferredActor<Envelope<ProblemReport | null>, { transactionId: number }>();
    const actor = createActor(problemReportMachine.provide({ actors: { fetchReport: fetch.logic } }), {
      input: { transactionId: TRANSACTION },
    }).start();
    fetch.last.resolve(found(null));
    return leaves(actor, 'loading').then(() => {
      actor.send({ type: 'report.open' });
      actor.send({ type: 'report.note', value: 'x'.repeat(PROBLEM_NOTE_MAX_LENGTH + 10) });
      expect(actor.getSnapshot().context.note).toHaveLength(PROBLEM_NOTE_MAX_LENGTH);
      actor.stop();
    });
  });

  itWalkedEveryTransition('problemReportMachine', coverage, problemReportModel.transitions);
});
