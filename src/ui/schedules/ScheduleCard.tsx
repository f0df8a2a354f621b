import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Schedule } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { formatNaira } from '../../../core/money';
import type { SchedulesEvent } from '../../machines/schedules/schedules';
import { categoryWording } from '../../domain/kit/transactionCategory';
import { endText, formatLagos, timingText } from '../../domain/schedules/schedules';
import { say, useLanguage, useT } from '../kit/language';

const STATUS_LABELS: Record<Schedule['status'], Words> = {
  active: /*i18n*/ { id: 'schedule.status.active', message: 'Active' },
  paused: /*i18n*/ { id: 'schedule.status.paused', message: 'Paused' },
  ended: /*i18n*/ { id: 'schedule.status.ended', message: 'Ended' },
};
const PAUSED_BECAUSE: Record<NonNullable<Schedule['paused_reason']>, Words> = {
  user: /*i18n*/ { id: 'schedule.paused.user', message: 'Paused by you.' },
  failures: /*i18n*/ { id: 'schedule.paused.failures', message: 'Paused after three runs in a row could not happen.' },
  'price-changed': /*i18n*/ {
    id: 'schedule.paused.price',
    message: 'Paused: the price rose above what you authorised.',
  },
  // scheduleWords.pausedForRecovery, which the journeys look for.
  recovery: /*i18n*/ {
    id: 'schedule.paused.recovery',
    message:
      'Paused because your account was recovered. Authorise it again with your pin or passkey to resume it, or delete it if you did not set it up.',
  },
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
  const t = useT();
  const locale = useLanguage();
  const titleId = useId();
  const product =
    schedule.frequency === 'renewal'
      ? t(/*i18n*/ { id: 'schedule.card.renewal', message: '{provider} renewal' }, { provider: schedule.provider_name })
      : (schedule.package_name ?? `${schedule.provider_name} ${say(categoryWording(schedule.category))}`.trim());
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
        <span className={`schedule-status schedule-${schedule.status}`}>{t(STATUS_LABELS[schedule.status])}</span>
      </div>
      <p className="schedule-what">
        <span className="schedule-amount">{formatNaira(schedule.amount)}</span>{' '}
        {t(
          /*i18n*/ { id: 'schedule.card.for', message: '{product} for {beneficiary}' },
          {
            product,
            beneficiary: schedule.beneficiary,
          },
        )}
      </p>
      <p className="schedule-when-text">{`${timingText(schedule, t, locale)} · ${endText(schedule.end, t, locale)}`}</p>
      {schedule.due_date && (
        <p className="hint">
          {t(/*i18n*/ { id: 'schedule.card.due', message: 'Subscription due {date}' }, { date: schedule.due_date })}
        </p>
      )}
      <dl className="schedule-facts">
        <div>
          <dt>{t(/*i18n*/ { id: 'schedule.card.next', message: 'Next run' })}</dt>
          <dd>{schedule.next_run_at ? formatLagos(schedule.next_run_at, t) : '—'}</dd>
        </div>
        <div>
          <dt>{t(/*i18n*/ { id: 'schedule.card.last', message: 'Last run' })}</dt>
          <dd className={failed ? 'schedule-failed' : undefined}>
            {last
              ? `${formatLagos(last.due_at, t)}: ${last.message}`
              : t(/*i18n*/ { id: 'schedule.card.notRun', message: 'Not run yet' })}
            {failed && last.tried_at && (
              <span className="schedule-tried">
                {' '}
                {t(
                  /*i18n*/ { id: 'schedule.card.tried', message: 'Tried {time}.' },
                  { time: formatLagos(last.tried_at, t) },
                )}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {schedule.paused_reason && (
        <p className="hint schedule-paused-why">{t(PAUSED_BECAUSE[schedule.paused_reason])}</p>
      )}
      {schedule.new_price !== null && (
        <p className="schedule-new-price">
          {t(
            /*i18n*/ { id: 'schedule.card.newPrice', message: 'New price: {price} (you authorised {authorised}).' },
            {
              price: formatNaira(schedule.new_price),
              authorised: formatNaira(schedule.authorised),
            },
          )}
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
            {t(/*i18n*/ { id: 'schedule.card.acceptPrice', message: 'Accept new price' })}
          </button>
        )}
        {schedule.paused_reason === 'recovery' && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            aria-busy={busy || undefined}
            onClick={act({ type: 'schedule.authorise', id: schedule.id })}
          >
            {t(/*i18n*/ { id: 'schedule.card.authorise', message: 'Authorise again' })}
          </button>
        )}
        {last?.retryable && (
          <>
            {last.reason === 'insufficient-balance' && (
              <Link to="/funding" className="btn btn-secondary btn-small">
                {t(/*i18n*/ { id: 'schedule.card.fund', message: 'Fund wallet' })}
              </Link>
            )}
            <button
              type="button"
              className="btn btn-primary btn-small"
              aria-busy={busy || undefined}
              onClick={act({ type: 'schedule.act', id: schedule.id, action: 'retry' })}
            >
              {t(/*i18n*/ { id: 'schedule.card.retry', message: 'Retry now' })}
            </button>
          </>
        )}
        {schedule.status === 'active' && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={act({ type: 'schedule.act', id: schedule.id, action: 'pause' })}
          >
            {t(/*i18n*/ { id: 'schedule.card.pause', message: 'Pause' })}
          </button>
        )}
        {RESUMABLE.has(schedule.paused_reason) && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={act({ type: 'schedule.act', id: schedule.id, action: 'resume' })}
          >
            {t(/*i18n*/ { id: 'schedule.card.resume', message: 'Resume' })}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={act({ type: 'schedule.edit', id: schedule.id })}
        >
          {t(/*i18n*/ { id: 'schedule.card.edit', message: 'Edit' })}
        </button>
        <button
          type="button"
          className="btn-link schedule-delete"
          onClick={act({ type: 'schedule.delete', id: schedule.id })}
        >
          {t(/*i18n*/ { id: 'schedule.card.delete', message: 'Delete' })}
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
