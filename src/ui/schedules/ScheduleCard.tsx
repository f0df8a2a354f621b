import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Schedule } from '../../../core/contract';
import { scheduleWords } from '../../../core/words/schedules';
import { formatNaira } from '../../../core/money';
import { describeEnd, describeTiming } from '../../../core/schedules';
import { serviceOfCategory } from '../../../core/services';
import type { SchedulesEvent } from '../../machines/schedules/schedules';
import { formatLagos } from '../../domain/schedules/schedules';

const STATUS_LABELS: Record<Schedule['status'], string> = { active: 'Active', paused: 'Paused', ended: 'Ended' };
const PAUSED_BECAUSE: Record<NonNullable<Schedule['paused_reason']>, string> = {
  user: 'Paused by you.',
  failures: 'Paused after three runs in a row could not happen.',
  'price-changed': 'Paused: the price rose above what you authorised.',
  recovery: scheduleWords.pausedForRecovery,
};

/** Paused for these, Resume sets a schedule going again; a new price or a recovery takes the pin. */
const RESUMABLE: ReadonlySet<Schedule['paused_reason']> = new Set(['user', 'failures']);

interface ScheduleCardProps {
  schedule: Schedule;
  /** A step is under way: the card's buttons wait. */
  busy: boolean;
  /** Opened from a link to this schedule (an e-mail's Retry now). */
  highlighted: boolean;
  send: (event: SchedulesEvent) => void;
}

/** One schedule: what it buys, when, its next run and its latest run, and what can be done with it now. */
export function ScheduleCard({ schedule, busy, highlighted, send }: ScheduleCardProps) {
  const titleId = useId();
  const service = serviceOfCategory(schedule.category);
  const product =
    schedule.frequency === 'renewal'
      ? `${schedule.provider_name} renewal`
      : (schedule.package_name ?? `${schedule.provider_name} ${service?.categoryLabel ?? ''}`.trim());
  const { last_run: last } = schedule;
  const failed =
    last !== null && (last.outcome === 'failed' || last.outcome === 'missed' || last.outcome === 'canceled');
  const act = (event: SchedulesEvent) => () => !busy && send(event);

  return (
    <li
      className={`card schedule-card${highlighted ? ' schedule-highlighted' : ''}`}
      id={`schedule-${schedule.id}`}
      aria-labelledby={titleId}
    >
      <div className="schedule-head">
        <h2 id={titleId} className="schedule-name">
          {schedule.name}
        </h2>
        <span className={`schedule-status schedule-${schedule.status}`}>{STATUS_LABELS[schedule.status]}</span>
      </div>
      <p className="schedule-what">
        <span className="schedule-amount">{formatNaira(schedule.amount)}</span>{' '}
        {`${product} for ${schedule.beneficiary}`}
      </p>
      <p className="schedule-when-text">{`${describeTiming(schedule)} · ${describeEnd(schedule.end)}`}</p>
      {schedule.due_date && <p className="hint">{`Subscription due ${schedule.due_date}`}</p>}
      <dl className="schedule-facts">
        <div>
          <dt>Next run</dt>
          <dd>{schedule.next_run_at ? formatLagos(schedule.next_run_at) : '—'}</dd>
        </div>
        <div>
          <dt>Last run</dt>
          <dd className={failed ? 'schedule-failed' : undefined}>
            {last ? `${formatLagos(last.due_at)}: ${last.message}` : 'Not run yet'}
            {failed && last.tried_at && (
              <span className="schedule-tried">{` Tried ${formatLagos(last.tried_at)}.`}</span>
            )}
          </dd>
        </div>
      </dl>
      {schedule.paused_reason && <p className="hint schedule-paused-why">{PAUSED_BECAUSE[schedule.paused_reason]}</p>}
      {schedule.new_price !== null && (
        <p className="schedule-new-price">
          {`New price: ${formatNaira(schedule.new_price)} (you authorised ${formatNaira(schedule.authorised)}).`}
        </p>
      )}
      <div className="schedule-actions">
        {schedule.new_price !== null && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            aria-busy={busy || undefined}
            onClick={act({ type: 'schedule.acceptPrice', id: schedule.id })}
          >
            {scheduleWords.acceptNewPrice}
          </button>
        )}
        {schedule.paused_reason === 'recovery' && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            aria-busy={busy || undefined}
            onClick={act({ type: 'schedule.authorise', id: schedule.id })}
          >
            {scheduleWords.authoriseAgain}
          </button>
        )}
        {last?.retryable && (
          <>
            {last.reason === 'insufficient-balance' && (
              <Link to="/funding" className="btn btn-secondary btn-small">
                Fund wallet
              </Link>
            )}
            <button
              type="button"
              className="btn btn-primary btn-small"
              aria-busy={busy || undefined}
              onClick={act({ type: 'schedule.act', id: schedule.id, action: 'retry' })}
            >
              {scheduleWords.retryNow}
            </button>
          </>
        )}
        {schedule.status === 'active' && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={act({ type: 'schedule.act', id: schedule.id, action: 'pause' })}
          >
            Pause
          </button>
        )}
        {RESUMABLE.has(schedule.paused_reason) && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={act({ type: 'schedule.act', id: schedule.id, action: 'resume' })}
          >
            Resume
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={act({ type: 'schedule.edit', id: schedule.id })}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn-link schedule-delete"
          onClick={act({ type: 'schedule.delete', id: schedule.id })}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** A card's shape while the list loads. */
export function ScheduleCardSkeleton() {
  return (
    <li className="card schedule-card" aria-hidden="true">
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line skeleton-short" />
      <span className="skeleton skeleton-line" />
    </li>
  );
}
