import { useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ProblemReport as Case, Transaction } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import {
  PROBLEM_NOTE_MAX_LENGTH,
  PROBLEM_REASONS,
  problemReasonLabel,
  type ProblemReason,
} from '../../../core/problemReports';
import { formatDateTime } from '../../domain/kit/dateTime';
import { stuckUnsettled } from '../../domain/records/transactionStatus';
import { problemReportMachine } from '../../machines/records/problemReport';
import { useFlow } from '../kit/useFlow';
import { useT } from '../kit/language';
import './records.css';
import { useOffline } from '../app/ConnectivityContext';

// The labels of core/problemReports.ts (PROBLEM_REASONS, PROBLEM_STATUS_LABELS), which the server
// keeps in English for the support console, as the customer reads them in their language.
const REASON_WORDS: Record<ProblemReason, Words> = {
  'not-received': /*i18n*/ { id: 'problem.reason.notReceived', message: 'Charged but not received' },
  'still-processing': /*i18n*/ { id: 'problem.reason.stillProcessing', message: 'Processing for too long' },
  'token-not-working': /*i18n*/ { id: 'problem.reason.tokenNotWorking', message: 'Token or pin does not work' },
  'wrong-beneficiary': /*i18n*/ { id: 'problem.reason.wrongBeneficiary', message: 'Went to the wrong number' },
  'wrong-amount': /*i18n*/ { id: 'problem.reason.wrongAmount', message: 'Wrong amount' },
  other: /*i18n*/ { id: 'problem.reason.other', message: 'Something else' },
};

const CASE_STATUS_WORDS: Record<Case['status'], Words> = {
  open: /*i18n*/ { id: 'problem.status.open', message: 'Open' },
  'in-review': /*i18n*/ { id: 'problem.status.inReview', message: 'In review' },
  resolved: /*i18n*/ { id: 'problem.status.resolved', message: 'Resolved' },
};

/**
 * Report a problem, in a transaction's detail: the case and its status once there is
 * one; otherwise a button (with a prompt when the bill has been processing for a day) that opens
 * the reason and note. Loaded with the detail's first opening, not with the activity list.
 */
export default function ProblemReport({ transaction }: { transaction: Transaction }) {
  const t = useT();
  const actor = useFlow(problemReportMachine, { transactionId: transaction.id });
  // A reason the list no longer holds is shown as the server keeps it.
  const reasonLabel = (key: string) =>
    key in REASON_WORDS ? t(REASON_WORDS[key as ProblemReason]) : problemReasonLabel(key);
  const state = useSelector(actor, (s) => s.value);
  const report = useSelector(actor, (s) => s.context.report);
  const reason = useSelector(actor, (s) => s.context.reason);
  const note = useSelector(actor, (s) => s.context.note);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // Offline, no report can be sent (the offline banner says so).
  const offline = useOffline();
  // The detail is read the moment it opens; a bill crossing the 24-hour mark meanwhile is offered on the next opening.
  const [openedAt] = useState(() => Date.now());
  const ids = { title: useId(), reason: useId(), note: useId(), noteHint: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'report.submit' });
  };

  return (
    <section className="problem-report" aria-labelledby={ids.title}>
      <h3 id={ids.title} className="visually-hidden">
        {t(/*i18n*/ { id: 'problem.title', message: 'Report a problem' })}
      </h3>
      {state === 'loading' && (
        <p className="hint" role="status">
          {t(/*i18n*/ { id: 'problem.loading', message: 'Checking for a reported problem…' })}
        </p>
      )}
      {state === 'failed' && (
        <p className="hint">
          {t(
            /*i18n*/ {
              id: 'problem.failed',
              message: 'We could not check whether this transaction has a reported problem.',
            },
          )}{' '}
          <button type="button" className="btn-link" onClick={() => actor.send({ type: 'report.retry' })}>
            {t(/*i18n*/ { id: 'problem.retry', message: 'Try again' })}
          </button>
        </p>
      )}
      {state === 'none' && (
        <>
          {stuckUnsettled(transaction, openedAt) && (
            <p className="problem-prompt">
              {t(
                /*i18n*/ {
                  id: 'problem.prompt',
                  message:
                    'This payment has been processing for more than 24 hours. Report it and we will chase it with the biller for you.',
                },
              )}
            </p>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => actor.send({ type: 'report.open' })}
          >
            {t(/*i18n*/ { id: 'problem.title', message: 'Report a problem' })}
          </button>
        </>
      )}
      {(state === 'composing' || state === 'submitting') && (
        <form className="problem-form" noValidate onSubmit={submit}>
          <div className="field">
            <label className="field-label" htmlFor={ids.reason}>
              {t(/*i18n*/ { id: 'problem.reason', message: 'What went wrong?' })}
            </label>
            <select
              id={ids.reason}
              className="input select"
              value={reason}
              autoFocus
              onChange={(e) => actor.send({ type: 'report.reason', value: e.target.value })}
            >
              <option value="">{t(/*i18n*/ { id: 'problem.choose', message: 'Choose a reason' })}</option>
              {PROBLEM_REASONS.map((option) => (
                <option key={option.key} value={option.key}>
                  {t(REASON_WORDS[option.key])}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.note}>
              {t(/*i18n*/ { id: 'problem.note', message: 'Tell us more (optional)' })}
            </label>
            <textarea
              id={ids.note}
              className="input textarea"
              value={note}
              maxLength={PROBLEM_NOTE_MAX_LENGTH}
              aria-describedby={ids.noteHint}
              onChange={(e) => actor.send({ type: 'report.note', value: e.target.value })}
            />
            <p id={ids.noteHint} className="hint">
              {t(
                /*i18n*/ { id: 'problem.noteHint', message: 'Reference {reference} is attached for you.' },
                { reference: transaction.reference },
              )}
            </p>
          </div>
          <button type="submit" className="btn btn-primary btn-block" aria-busy={busy || undefined} disabled={offline}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {t(/*i18n*/ { id: 'problem.send', message: 'Send report' })}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => actor.send({ type: 'report.cancel' })}
          >
            {t(/*i18n*/ { id: 'problem.cancel', message: 'Cancel' })}
          </button>
        </form>
      )}
      {state === 'reported' && report && (
        <div className="problem-case" role="status">
          <span className="hint">
            {t(
              /*i18n*/ { id: 'problem.reported', message: 'Problem reported {time}' },
              { time: formatDateTime(report.created_at) },
            )}
          </span>
          <span className="problem-case-number">
            {t(/*i18n*/ { id: 'problem.case', message: 'Case {number}' }, { number: report.case_number })}
          </span>
          <span>{reasonLabel(report.reason)}</span>
          <span className="problem-status">{t(CASE_STATUS_WORDS[report.status])}</span>
          {report.resolution_note && <span className="problem-resolution">{report.resolution_note}</span>}
        </div>
      )}
    </section>
  );
}
