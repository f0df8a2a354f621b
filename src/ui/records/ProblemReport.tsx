import { useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { Transaction } from '../../../core/contract';
import {
  PROBLEM_NOTE_MAX_LENGTH,
  PROBLEM_REASONS,
  PROBLEM_STATUS_LABELS,
  problemReasonLabel,
} from '../../../core/problemReports';
import { formatDateTime } from '../../domain/kit/dateTime';
import { stuckUnsettled } from '../../domain/records/transactionStatus';
import { problemReportMachine } from '../../machines/records/problemReport';
import { useFlow } from '../kit/useFlow';
import './records.css';
import { useOffline } from '../app/ConnectivityContext';

/**
 * Report a problem, in a transaction's detail: the case and its status once there is
 * one; otherwise a button (with a prompt when the bill has been processing for a day) that opens
 * the reason and note. Loaded with the detail's first opening, not with the activity list.
 */
export default function ProblemReport({ transaction }: { transaction: Transaction }) {
  const actor = useFlow(problemReportMachine, { transactionId: transaction.id });
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
        Report a problem
      </h3>
      {state === 'loading' && (
        <p className="hint" role="status">
          Checking for a reported problem…
        </p>
      )}
      {state === 'failed' && (
        <p className="hint">
          We could not check whether this transaction has a reported problem.{' '}
          <button type="button" className="btn-link" onClick={() => actor.send({ type: 'report.retry' })}>
            Try again
          </button>
        </p>
      )}
      {state === 'none' && (
        <>
          {stuckUnsettled(transaction, openedAt) && (
            <p className="problem-prompt">
              This payment has been processing for more than 24 hours. Report it and we will chase it with the biller
              for you.
            </p>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => actor.send({ type: 'report.open' })}
          >
            Report a problem
          </button>
        </>
      )}
      {(state === 'composing' || state === 'submitting') && (
        <form className="problem-form" noValidate onSubmit={submit}>
          <div className="field">
            <label className="field-label" htmlFor={ids.reason}>
              What went wrong?
            </label>
            <select
              id={ids.reason}
              className="input select"
              value={reason}
              autoFocus
              onChange={(e) => actor.send({ type: 'report.reason', value: e.target.value })}
            >
              <option value="">Choose a reason</option>
              {PROBLEM_REASONS.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.note}>
              Tell us more (optional)
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
              {`Reference ${transaction.reference} is attached for you.`}
            </p>
          </div>
          <button type="submit" className="btn btn-primary btn-block" aria-busy={busy || undefined} disabled={offline}>
            {busy && <span className="spinner" aria-hidden="true" />}
            Send report
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => actor.send({ type: 'report.cancel' })}
          >
            Cancel
          </button>
        </form>
      )}
      {state === 'reported' && report && (
        <div className="problem-case" role="status">
          <span className="hint">Problem reported {formatDateTime(report.created_at)}</span>
          <span className="problem-case-number">{`Case ${report.case_number}`}</span>
          <span>{problemReasonLabel(report.reason)}</span>
          <span className="problem-status">{PROBLEM_STATUS_LABELS[report.status]}</span>
          {report.resolution_note && <span className="problem-resolution">{report.resolution_note}</span>}
        </div>
      )}
    </section>
  );
}
