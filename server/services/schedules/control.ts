import { sql } from 'kysely';
import { t } from '../../i18n';
import type { Schedule, ScheduleDraft } from '../../../core/contract';
import { koboToNaira } from '../../../core/money';
import { isSchedulable } from '../../../core/schedules';
import { DAY_MS } from '../../../core/days';
import { followingRun, renewalRunAt } from '../../../core/scheduleCalendar';
import { serviceOfCategory } from '../../../core/services';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import type { Session } from '../account/sessions';
import { TRANSACTION_NOT_FOUND } from '../records/transactions';
import { defaultName, withPin, type Confirmation } from './authoring';
import { currentPlan, serviceOf, verifyRenewal } from './products';
import { makeRun, openDueRun, type ScheduleDeps } from './running';
import {
  endOf,
  isRetryable,
  ownSchedule,
  renewalOfRow,
  RUN_COLUMNS,
  runColumns,
  ruleOfRow,
  SCHEDULE_COLUMNS,
  scheduleView,
  type RunRow,
  type ScheduleRow,
} from './scheduleRows';

/**
 * What the owner does with a schedule besides making and editing it: pause, resume, delete,
 * retry, accept a new price, authorise it again after a recovery; and a draft to repeat a purchase.
 */

export const SCHEDULE_ENDED = /*i18n*/ {
  id: 'schedule.refused.ended',
  message: 'this schedule has ended: edit it to choose when it runs again',
};
export const ACCEPT_PRICE_FIRST = /*i18n*/ {
  id: 'schedule.refused.acceptPrice',
  message: 'the price rose above what you authorised: accept the new price with your pin to resume the schedule',
};
export const NO_PRICE_TO_ACCEPT = /*i18n*/ {
  id: 'schedule.refused.noPrice',
  message: 'this schedule is not waiting for a new price',
};
export const NOTHING_TO_RETRY = /*i18n*/ {
  id: 'schedule.refused.noRetry',
  message: 'there is no run of this schedule to retry',
};
export const RETRY_RUNNING = /*i18n*/ { id: 'schedule.refused.retrying', message: 'this run is being retried already' };
export const NOT_REPEATABLE = /*i18n*/ {
  id: 'schedule.refused.notRepeatable',
  message: 'only a completed purchase of airtime, data, electricity, cable TV or exam pins can be repeated',
};
const pausedByRecovery = /*i18n*/ {
  id: 'schedule.refused.authoriseAgain',
  message: 'this schedule was paused when your account was recovered: authorise it again with your pin to resume it',
};
export const AUTHORISE_AGAIN = pausedByRecovery.message;
export const NOT_AWAITING_AUTHORISATION = /*i18n*/ {
  id: 'schedule.refused.notAwaiting',
  message: 'this schedule is not waiting to be authorised again',
};

/**
 * The next run of a schedule set going again at `now`: its rule's next; a renewal's before its due
 * date, or at once when that has passed.
 */
function restartAt(schedule: ScheduleRow, now: Date): Date | null {
  if (schedule.cadence === 'renewal') {
    const { dueDate, daysBefore } = renewalOfRow(schedule);
    const at = renewalRunAt(dueDate, daysBefore, schedule.run_time);
    return at > now ? at : now;
  }
  return followingRun(ruleOfRow(schedule), endOf(schedule), schedule.runs_done, now, now);
}

/** Active again from its next run; a run less than a day away was just chosen, so not reminded of. */
const activeFrom = (next: Date, now: Date) => ({
  status: 'active' as const,
  paused_reason: null,
  next_run_at: next,
  failures_in_row: 0,
  lease_until: null,
  reminded_for: next.getTime() - now.getTime() < DAY_MS ? next : null,
  updated_at: now,
});

export async function pauseSchedule(ctx: AppContext, userId: bigint, scheduleId: number): Promise<Schedule> {
  const schedule = await ownSchedule(ctx, userId, scheduleId);
  if (schedule.status === 'ended') throw new AppError(409, t(SCHEDULE_ENDED));
  await ctx.db
    .updateTable('schedules')
    .set({ status: 'paused', paused_reason: 'user', next_run_at: null, lease_until: null, updated_at: ctx.clock.now() })
    .where('id', '=', schedule.id)
    .where('status', '=', 'active')
    .execute();
  return scheduleView(ctx, userId, schedule.id);
}

/** A paused schedule's columns to run again from its next due time; 409 when it has none left. */
function restarted(schedule: ScheduleRow, now: Date) {
  const next = restartAt(schedule, now);
  if (!next) throw new AppError(409, t(SCHEDULE_ENDED));
  return activeFrom(next, now);
}

/** Resumed without the pin: a schedule paused by its owner or for failures; a new price or a recovery needs the pin. */
export async function resumeSchedule(ctx: AppContext, userId: bigint, scheduleId: number): Promise<Schedule> {
  const schedule = await ownSchedule(ctx, userId, scheduleId);
  if (schedule.status === 'paused') {
    if (schedule.paused_reason === 'price-changed') throw new AppError(409, t(ACCEPT_PRICE_FIRST));
    if (schedule.paused_reason === 'recovery') throw new AppError(409, t(pausedByRecovery));
    await ctx.db
      .updateTable('schedules')
      .set(restarted(schedule, ctx.clock.now()))
      .where('id', '=', schedule.id)
      .where('status', '=', 'paused')
      .execute();
  } else if (schedule.status === 'ended') {
    throw new AppError(409, t(SCHEDULE_ENDED));
  }
  return scheduleView(ctx, userId, schedule.id);
}

/**
 * A schedule paused by the account's recovery (schedules/recovery.ts), authorised again with
 * the pin — checked and counted as when it was made — and running from its next due time,
 * within the amount authorised before.
 */
export async function authoriseAgain(
  ctx: AppContext,
  session: Session,
  pin: Confirmation,
  id: number,
): Promise<Schedule> {
  const schedule = await ownSchedule(ctx, session.userId, id);
  if (schedule.paused_reason !== 'recovery') throw new AppError(409, t(NOT_AWAITING_AUTHORISATION));
  const now = ctx.clock.now();
  const columns = { ...restarted(schedule, now), authorised_at: now };
  await withPin(ctx, session, pin, (tx) =>
    tx.db
      .updateTable('schedules')
      .set(columns)
      .where('id', '=', schedule.id)
      .where('paused_reason', '=', 'recovery')
      .execute(),
  );
  return scheduleView(ctx, session.userId, schedule.id);
}

/** Deleted: it runs no more and leaves the list; its runs stay with the purchases they made. */
export async function deleteSchedule(ctx: AppContext, userId: bigint, scheduleId: number): Promise<void> {
  const schedule = await ownSchedule(ctx, userId, scheduleId);
  await ctx.db
    .updateTable('schedules')
    .set({ status: 'deleted', paused_reason: null, next_run_at: null, lease_until: null, updated_at: ctx.clock.now() })
    .where('id', '=', schedule.id)
    .execute();
}

async function latestRun(
  ctx: AppContext,
  scheduleId: bigint,
): Promise<(RunRow & { transaction_status: string | null }) | undefined> {
  return ctx.db
    .selectFrom('schedule_runs as r')
    .leftJoin('transactions as t', 't.id', 'r.transaction_id')
    .select(RUN_COLUMNS.map((column) => `r.${column}` as const))
    .select('t.status as transaction_status')
    .where('r.schedule_id', '=', scheduleId)
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Makes a retry of the failed run `failed` now, once however often it is asked for. */
async function retryRun(ctx: AppContext, deps: ScheduleDeps, schedule: ScheduleRow, failed: RunRow): Promise<void> {
  const now = ctx.clock.now();
  const { rows } = await sql<RunRow>`
    INSERT INTO schedule_runs (schedule_id, user_id, due_at, retry_of, outcome, started_at)
    VALUES (${schedule.id}::bigint, ${schedule.user_id}::bigint, ${now}::timestamptz, ${failed.id}::bigint, 'running',
            ${now}::timestamptz)
    ON CONFLICT (retry_of) DO NOTHING
    RETURNING ${runColumns()}`.execute(ctx.db);
  if (!rows[0]) throw new AppError(409, t(RETRY_RUNNING));
  await makeRun(ctx, deps, schedule, rows[0]);
}

/**
 * Retry now: the schedule's latest run, which failed or was missed, is made at once within the
 * same authorisation (no pin: the amount is the one authorised). One that buys clears the
 * failures and resumes a schedule they paused.
 */
export async function retrySchedule(
  ctx: AppContext,
  deps: ScheduleDeps,
  userId: bigint,
  scheduleId: number,
): Promise<Schedule> {
  const schedule = await ownSchedule(ctx, userId, scheduleId);
  if (schedule.paused_reason === 'recovery') throw new AppError(409, t(pausedByRecovery));
  const latest = await latestRun(ctx, schedule.id);
  const outcome = latest?.transaction_status === 'canceled' ? 'canceled' : latest?.outcome;
  if (!latest || !outcome || latest.retry_of !== null || !isRetryable(outcome, latest.reason)) {
    throw new AppError(409, latest?.reason === 'price-changed' ? t(ACCEPT_PRICE_FIRST) : t(NOTHING_TO_RETRY));
  }
  await retryRun(ctx, deps, schedule, latest);
  return scheduleView(ctx, userId, schedule.id);
}

/**
 * The owner accepts the price that rose, with the pin: the schedule is authorised again at the
 * price the catalogue (or, for a renewal, the biller) has now, and the run the price stopped is
 * due again at once — made here, as a due run (the job, on any replica, may take the same one:
 * its due time and key make it once) — after which the schedule goes on from its next due time.
 */
export async function acceptNewPrice(
  ctx: AppContext,
  deps: ScheduleDeps,
  session: Session,
  pin: Confirmation,
  scheduleId: number,
): Promise<Schedule> {
  const schedule = await ownSchedule(ctx, session.userId, scheduleId);
  if (schedule.status !== 'paused' || schedule.paused_reason !== 'price-changed')
    throw new AppError(409, t(NO_PRICE_TO_ACCEPT));
  const priced = await priceNow(ctx, deps, schedule);
  const now = ctx.clock.now();
  // Due now, as a time of its own: never the due time of the run the price stopped (a due time runs once).
  const latest = await latestRun(ctx, schedule.id);
  const due = new Date(Math.max(now.getTime(), (latest?.due_at.getTime() ?? 0) + 1));
  const accepted = await withPin(ctx, session, pin, (tx) =>
    tx.db
      .updateTable('schedules')
      .set({ ...priced, authorised_kobo: priced.amount_kobo, authorised_at: now, ...activeFrom(due, now) })
      .where('id', '=', schedule.id)
      .where('paused_reason', '=', 'price-changed')
      .returning(SCHEDULE_COLUMNS)
      .executeTakeFirst(),
  );
  if (accepted) {
    const run = await openDueRun(ctx, accepted);
    if (run.outcome === 'running') await makeRun(ctx, deps, accepted, run);
  }
  return scheduleView(ctx, session.userId, schedule.id);
}

/** What the schedule's product costs now: the plan that replaced its own, or the renewal the biller verifies. */
async function priceNow(
  ctx: AppContext,
  deps: ScheduleDeps,
  schedule: ScheduleRow,
): Promise<Pick<ScheduleRow, 'package_id' | 'amount_kobo' | 'due_date'>> {
  if (schedule.cadence === 'renewal') {
    const provider = await ctx.db
      .selectFrom('providers')
      .select('code')
      .where('id', '=', schedule.provider_id)
      .executeTakeFirstOrThrow();
    const renewal = await verifyRenewal(deps.biller, serviceOf(schedule.category), provider.code, schedule.beneficiary);
    return { package_id: null, amount_kobo: renewal.amountKobo, due_date: renewal.dueDate };
  }
  const plan = schedule.package_id === null ? null : await currentPlan(ctx, schedule.package_id);
  if (!plan)
    throw new AppError(
      422,
      t(
        /*i18n*/ {
          id: 'schedule.refused.planGone',
          message: 'this plan is no longer sold: edit the schedule to choose another',
        },
      ),
    );
  return { package_id: plan.id, amount_kobo: plan.amountKobo, due_date: null };
}

/**
 * Repeat this: what a completed purchase of the caller's bought, as a schedule's product, with a
 * name to start from.
 */
export async function draftFromTransaction(
  ctx: AppContext,
  userId: bigint,
  transactionId: number,
): Promise<ScheduleDraft> {
  const row = await ctx.db
    .selectFrom('transactions as t')
    .innerJoin('purchases as p', 'p.transaction_id', 't.id')
    .innerJoin('providers as pr', 'pr.id', 'p.provider_id')
    .leftJoin('packages as pk', 'pk.id', 'p.package_id')
    .select([
      't.status',
      't.amount_kobo',
      'p.category',
      'p.provider_id',
      'p.package_id',
      'p.beneficiary',
      'pr.name as provider_name',
      'pk.name as package_name',
    ])
    .where('t.id', '=', BigInt(transactionId))
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  // Another user's transaction is answered exactly like a missing one.
  if (!row) throw new AppError(404, t(TRANSACTION_NOT_FOUND));
  const service = serviceOfCategory(row.category);
  if (row.status !== 'completed' || !service || !isSchedulable(row.category))
    throw new AppError(422, t(NOT_REPEATABLE));
  const plan = row.package_id === null ? null : await currentPlan(ctx, row.package_id);
  const byPlan = service.pricing.kind === 'plan';
  return {
    category: row.category,
    provider_id: row.provider_id,
    package_id: byPlan ? (plan?.id ?? null) : null,
    beneficiary: row.beneficiary,
    amount: byPlan ? null : koboToNaira(row.amount_kobo),
    name: defaultName(
      { providerName: row.provider_name, packageName: plan?.name ?? row.package_name, amountKobo: row.amount_kobo },
      row.beneficiary,
    ),
  };
}
