import { sql } from 'kysely';
import type { ScheduleRunReason } from '../../../core/contract';
import { lagosDay } from '../../../core/days';
import {
  addMonths,
  followingRun,
  isMissed,
  nextRunAfter,
  renewalRunAt,
  withinEnd,
} from '../../../core/scheduleCalendar';
import { FAILURES_BEFORE_PAUSE } from '../../../core/schedules';
import type { ScheduleRunOutcome } from '../../db/schema';
import { AppError, must } from '../../errors';
import { inLocale } from '../../i18n';
import { inTransaction, type AppContext } from '../context';
import { addNotification } from '../notifications/notifications';
import { queueMail } from '../notifications/outbox';
import type { PurchaseDeps } from '../purchases/billerCalls';
import type { PurchaseOrder } from '../purchases/product';
import { failureNotice, pausedNotice, priceNotice, type Notice, type NoticeSubject } from './notices';
import { currentPlan, serviceOf, verifyRenewal } from './products';
import { purchaseForRun, runKey, type RunPurchase } from './runPurchase';
import {
  endOf,
  renewalOfRow,
  RUN_COLUMNS,
  runColumns,
  ruleOfRow,
  SCHEDULE_COLUMNS,
  type RunRow,
  type ScheduleRow,
} from './scheduleRows';

/**
 * Making a schedule's run, once. A run is one due time of one schedule (a row of schedule_runs,
 * unique per due time), or a retry its owner asked for (unique per failed run). Whoever makes it
 * — a job run on any replica, a job run taking it over after a crash, the owner's Retry now —
 * decides what to buy as the catalogue and the biller have it now, makes the purchase under the
 * run's own Idempotency-Key (runPurchase.ts), then finishes it: one guarded transaction records
 * the outcome, moves the schedule to its next run (or pauses or ends it) and adds the
 * notifications and queues their e-mails; only the one that finishes it tells the owner.
 */

export interface ScheduleDeps extends PurchaseDeps {
  /** A due run the server could not make for longer than this is reported missed, not made late. */
  graceMs: number;
}

/** What a run came to, before it is recorded. */
interface Result {
  outcome: Exclude<ScheduleRunOutcome, 'running'>;
  reason: ScheduleRunReason | null;
  /** Why, in the purchase path's words, when it refused. */
  detail: string;
  amountKobo: bigint | null;
  transactionId: bigint | null;
  /** A renewal's due date as the biller told it at the run. */
  verifiedDue?: string;
  /** The plan now sold in place of the schedule's (repriced within the authorised amount). */
  plan?: { id: number; amountKobo: bigint };
  /** A price above the authorised amount, to show with the pause. */
  newPriceKobo?: bigint;
}

/** Runs that had nothing to buy: the subscription was renewed elsewhere, or its renewal was bought already. */
const NOTHING_TO_BUY: ReadonlySet<ScheduleRunReason> = new Set(['already-renewed', 'awaiting-renewal']);
/** Runs refused for the owner's locked account: the owner's own protection, not a failing schedule (advanced). */
const LOCKED: ReadonlySet<ScheduleRunReason | null> = new Set(['pin-locked', 'account-locked']);

const refused = (reason: ScheduleRunReason, detail: string, extra: Partial<Result> = {}): Result => ({
  outcome: reason === 'missed' ? 'missed' : NOTHING_TO_BUY.has(reason) ? 'skipped' : 'failed',
  reason,
  detail,
  amountKobo: null,
  transactionId: null,
  ...extra,
});

/**
 * Where a run stands before it decides anything: whether its purchase claimed its key (then it
 * began, and only finishing it is right, however late and whatever happened since), and what
 * locks the owner's account — their "this wasn't me" report, or the pin locked by wrong guesses.
 */
async function standingOf(ctx: AppContext, run: RunRow): Promise<{ began: boolean; lock: ScheduleRunReason | null }> {
  const { rows } = await sql<{ began: boolean; account_locked: boolean; pin_locked: boolean }>`
    SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = u.id AND key = ${runKey(run.id)}) AS began,
           EXISTS (SELECT 1 FROM account_locks WHERE user_id = u.id) AS account_locked,
           u.pin_locked_at IS NOT NULL AS pin_locked
    FROM users u WHERE u.id = ${run.user_id}::bigint`.execute(ctx.db);
  const { began, account_locked, pin_locked } = rows[0];
  return { began, lock: account_locked ? 'account-locked' : pin_locked ? 'pin-locked' : null };
}

const ONE_RENEWAL_PER_DUE_DATE = 'schedule_runs_one_renewal_per_due_date';

/**
 * Claims the due date `due` for the renewal run `run` is about to buy, or answers false: another
 * run of the schedule bought (or is buying) that due date or a later one — the biller does not
 * show that renewal yet — so buying would pay for one renewal twice. The unique index settles
 * runs racing for one due date; a claim whose bill the biller failed and refunded buys nothing,
 * and goes. A run taken over keeps its own claim.
 */
async function claimRenewal(ctx: AppContext, run: RunRow, due: string): Promise<boolean> {
  const refunded = (runs: string) =>
    sql`${sql.ref(`${runs}.transaction_id`)} IN (SELECT id FROM transactions WHERE status = 'canceled')`;
  await sql`
    UPDATE schedule_runs r SET renewal_due = NULL
    WHERE r.schedule_id = ${run.schedule_id}::bigint AND r.renewal_due = ${due} AND ${refunded('r')}`.execute(ctx.db);
  try {
    const { rows } = await sql`
      UPDATE schedule_runs SET renewal_due = ${due} WHERE id = ${run.id}::bigint AND NOT EXISTS (
        SELECT 1 FROM schedule_runs other
        WHERE other.schedule_id = ${run.schedule_id}::bigint AND other.id <> ${run.id}::bigint
          AND other.renewal_due >= ${due} AND (other.transaction_id IS NULL OR NOT ${refunded('other')}))
      RETURNING id`.execute(ctx.db);
    return rows.length === 1;
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === ONE_RENEWAL_PER_DUE_DATE) return false;
    throw error;
  }
}

/** What a run buys, with what it will record of it; or why it buys nothing. */
type Decision = { order: PurchaseOrder; extra: Partial<Result> } | Result;

/** A renewal's run: verified now, its due date claimed, within the authorised amount. */
async function decideRenewal(
  ctx: AppContext,
  deps: ScheduleDeps,
  schedule: ScheduleRow,
  run: RunRow,
): Promise<Decision> {
  const { provider_id: providerId, beneficiary } = schedule;
  const service = serviceOf(schedule.category);
  const provider = await ctx.db
    .selectFrom('providers')
    .select('code')
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  let renewal;
  try {
    renewal = await verifyRenewal(deps.biller, service, provider.code, beneficiary);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) return refused('customer-not-found', error.message);
    return refused(error.status === 422 ? 'not-available' : 'provider-unavailable', error.message);
  }
  const { dueDate, amountKobo } = renewal;
  const verified = { verifiedDue: dueDate };
  // Renewed since (by hand, or elsewhere): nothing to buy until the new due date comes near.
  if (schedule.due_date !== null && dueDate > schedule.due_date) return refused('already-renewed', '', verified);
  if (!(await claimRenewal(ctx, run, dueDate))) return refused('awaiting-renewal', '', verified);
  const rose = { ...verified, newPriceKobo: amountKobo };
  if (amountKobo > schedule.authorised_kobo) return refused('price-changed', '', rose);
  const order = { service, providerId, beneficiary, packageId: null, amountKobo };
  return { order, extra: { ...verified, amountKobo } };
}

/**
 * What the run buys now, or why it buys nothing: a renewal as verified now, a plan as repriced,
 * within the authorised amount.
 */
async function decide(ctx: AppContext, deps: ScheduleDeps, schedule: ScheduleRow, run: RunRow): Promise<Decision> {
  if (schedule.cadence === 'renewal') return decideRenewal(ctx, deps, schedule, run);
  const service = serviceOf(schedule.category);
  const base = { service, providerId: schedule.provider_id, beneficiary: schedule.beneficiary };
  if (schedule.package_id === null) {
    const order = { ...base, packageId: null, amountKobo: schedule.amount_kobo };
    return { order, extra: { amountKobo: schedule.amount_kobo } };
  }
  const plan = await currentPlan(ctx, schedule.package_id);
  if (!plan) return refused('not-available', '');
  if (plan.amountKobo > schedule.authorised_kobo)
    return refused('price-changed', '', { newPriceKobo: plan.amountKobo });
  const repriced = plan.id === schedule.package_id ? {} : { plan: { id: plan.id, amountKobo: plan.amountKobo } };
  const order = { ...base, packageId: plan.id, amountKobo: null };
  return { order, extra: { ...repriced, amountKobo: plan.amountKobo } };
}

/** What a purchase of `extra.amountKobo` came to. */
function resultOf(purchase: RunPurchase, extra: Partial<Result>): Result {
  if (purchase.kind === 'refused') return refused(purchase.reason, purchase.message, { ...extra, amountKobo: null });
  const { transaction } = purchase;
  // A bill the biller failed and refunded: a run that could not happen, told by the purchase's own refund notice.
  if (transaction.status === 'canceled')
    return {
      ...extra,
      outcome: 'failed',
      reason: 'biller-failed',
      detail: '',
      amountKobo: extra.amountKobo ?? null,
      transactionId: BigInt(transaction.id),
    };
  return {
    ...extra,
    outcome: transaction.status === 'completed' ? 'completed' : 'processing',
    reason: null,
    detail: '',
    amountKobo: extra.amountKobo ?? null,
    transactionId: BigInt(transaction.id),
  };
}

/**
 * Makes a run that was opened (or taken over): refuses it for a locked account, misses it, skips
 * it, refuses it, or purchases. Answers the finished run, or null when another finished it first.
 */
export async function makeRun(
  ctx: AppContext,
  deps: ScheduleDeps,
  schedule: ScheduleRow,
  run: RunRow,
): Promise<Finished | null> {
  return finish(ctx, schedule, run, await runResult(ctx, deps, schedule, run));
}

async function runResult(ctx: AppContext, deps: ScheduleDeps, schedule: ScheduleRow, run: RunRow): Promise<Result> {
  const { began, lock } = await standingOf(ctx, run);
  if (!began && lock) return refused(lock, '');
  const missed = run.retry_of === null && isMissed(run.due_at, ctx.clock.now(), deps.graceMs);
  if (!began && missed) return refused('missed', '');
  const decided = await decide(ctx, deps, schedule, run);
  if (!('order' in decided)) return decided;
  const bounds = { runId: run.id, userId: schedule.user_id, maxKobo: schedule.authorised_kobo };
  return resultOf(await purchaseForRun(ctx, deps, bounds, decided.order), decided.extra);
}

export interface Finished {
  outcome: Result['outcome'];
  reason: ScheduleRunReason | null;
  transactionId: bigint | null;
}

const bought = (result: Pick<Result, 'outcome'>) => result.outcome === 'completed' || result.outcome === 'processing';
/** The later of two Lagos days. */
const later = (day: string, other: string) => (day > other ? day : other);

/** The schedule's fields after a due run (not a retry) came to `result`. */
function advanced(schedule: ScheduleRow, run: RunRow, result: Result, now: Date) {
  // A run skipped, or stopped by a price that rose (made again once the price is accepted), is not
  // one of the schedule's runs.
  const counted = result.outcome !== 'skipped' && result.reason !== 'price-changed';
  const runsDone = schedule.runs_done + (counted ? 1 : 0);
  // A locked account is not a failing schedule: what unlocks it (a password or pin reset) pauses the schedule anyway.
  const failed = result.outcome === 'failed' && !LOCKED.has(result.reason);
  const failures = bought(result) ? 0 : failed ? schedule.failures_in_row + 1 : schedule.failures_in_row;
  const paused =
    result.reason === 'price-changed'
      ? ('price-changed' as const)
      : failures >= FAILURES_BEFORE_PAUSE
        ? ('failures' as const)
        : null;
  const end = endOf(schedule);
  const { dueDate, next } =
    schedule.cadence === 'renewal'
      ? renewalAfter(schedule, result, runsDone, now)
      : { dueDate: schedule.due_date, next: followingRun(ruleOfRow(schedule), end, runsDone, run.due_at, now) };
  const status = paused ? ('paused' as const) : next ? ('active' as const) : ('ended' as const);
  return {
    runs_done: runsDone,
    failures_in_row: paused === 'failures' ? 0 : failures,
    status,
    paused_reason: paused,
    next_run_at: status === 'active' ? next : null,
    due_date: dueDate,
  };
}

/**
 * A renewal's due date and next run after a run. Bought: the subscription runs a month past the
 * due date it had or, lapsed, past today (a renewal starts no earlier than the day it is bought).
 * Skipped as renewed elsewhere: the due date the biller told. Held (the biller does not show the
 * renewal bought yet): the same due date, checked again the next day. Not bought: the next one.
 */
type Renewed = { dueDate: string; next: Date | null };

const RENEWED_WITH_DATE = 'decideRenewal skips a run as already renewed only with the due date it verified';

function renewalAfter(schedule: ScheduleRow, result: Result, runsDone: number, now: Date): Renewed {
  const end = endOf(schedule);
  const today = lagosDay(now);
  const renewal = renewalOfRow(schedule);
  if (result.reason === 'awaiting-renewal') {
    const daily = nextRunAfter({ cadence: { kind: 'daily' }, time: schedule.run_time }, now);
    const check = must(daily, 'a daily rule always has a next run');
    return { dueDate: renewal.dueDate, next: withinEnd(end, runsDone, check) ? check : null };
  }
  let dueDate: string;
  if (bought(result)) dueDate = addMonths(later(result.verifiedDue ?? renewal.dueDate, today), 1);
  else if (result.reason === 'already-renewed') dueDate = must(result.verifiedDue, RENEWED_WITH_DATE);
  else dueDate = addMonths(later(renewal.dueDate, today), 1);
  const at = renewalRunAt(dueDate, renewal.daysBefore, schedule.run_time);
  return { dueDate, next: withinEnd(end, runsDone, at) ? (at > now ? at : now) : null };
}

/** What the owner is told of a run that did not buy, and of a pause; a refund is told by the purchase itself. */
function noticesOf(
  subject: NoticeSubject,
  run: RunRow,
  result: Result,
  pausedFor: string | null,
  publicUrl: string,
): Notice[] {
  const notices: Notice[] = [];
  if (result.reason === 'price-changed') notices.push(priceNotice(subject, result.newPriceKobo ?? null, publicUrl));
  else if ((result.outcome === 'failed' || result.outcome === 'missed') && result.reason !== 'biller-failed') {
    const reason = must(result.reason, 'refused() gives a run that did not buy its reason');
    notices.push(failureNotice(subject, run.due_at, reason, result.detail, publicUrl));
  }
  if (pausedFor === 'failures') notices.push(pausedNotice(subject, publicUrl));
  return notices;
}

/**
 * Moves the schedule past a due run that came to `outcome`, unless its owner edited, paused or
 * deleted it meanwhile; answers whether it moved, and what paused it.
 */
async function advanceSchedule(
  tx: AppContext,
  schedule: ScheduleRow,
  run: RunRow,
  result: Result,
  now: Date,
): Promise<{ moved: boolean; paused: string | null }> {
  const next = advanced(schedule, run, result, now);
  const plan = result.plan ? { package_id: result.plan.id, amount_kobo: result.plan.amountKobo } : {};
  const moved = await tx.db
    .updateTable('schedules')
    .set({ ...next, ...plan, lease_until: null, updated_at: now })
    .where('id', '=', schedule.id)
    .where('status', '=', 'active')
    .where('next_run_at', '=', run.due_at)
    .returning('id')
    .executeTakeFirst();
  return { moved: moved !== undefined, paused: moved ? next.paused_reason : null };
}

/**
 * Records a run's outcome, once: the run's row moves from running in a guarded update, and only
 * then, in the same transaction, the schedule moves on (unless it was edited, paused or deleted
 * meanwhile: then what its owner did decides its next run) and the notifications are added.
 */
async function finish(ctx: AppContext, schedule: ScheduleRow, run: RunRow, result: Result): Promise<Finished | null> {
  const now = ctx.clock.now();
  const finished = await inTransaction(ctx, async (tx) => {
    const recorded = await tx.db
      .updateTable('schedule_runs')
      .set({
        outcome: result.outcome,
        reason: result.reason,
        // What the purchase path said, capped as the column is: /schedules shows it as the notice did.
        detail: result.detail === '' ? null : result.detail.slice(0, 500),
        amount_kobo: result.amountKobo,
        transaction_id: result.transactionId,
        finished_at: now,
        // A renewal's claim on its due date stays only with a run that bought it.
        ...(bought(result) ? {} : { renewal_due: null }),
      })
      .where('id', '=', run.id)
      .where('outcome', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return null;
    const paused =
      run.retry_of === null
        ? (await advanceSchedule(tx, schedule, run, result, now)).paused
        : await retried(tx, schedule, result, now);
    const user = await tx.db
      .selectFrom('users')
      .select(['email', 'language'])
      .where('id', '=', schedule.user_id)
      .executeTakeFirstOrThrow();
    const subject: NoticeSubject = {
      scheduleId: schedule.id,
      name: schedule.name,
      beneficiary: schedule.beneficiary,
      amountKobo: schedule.amount_kobo,
      email: user.email,
    };
    // Written in the owner's language, whichever job or request finished the run.
    const told = inLocale(user.language, () => noticesOf(subject, run, result, paused, ctx.publicUrl));
    for (const [index, notice] of told.entries()) {
      await addNotification(tx, schedule.user_id, notice.notification);
      // A run is finished once: its notices are its own.
      await queueMail(tx, { kind: 'schedule-notice', event: `run:${run.id}:${index}`, mail: notice.mail });
    }
    return true;
  });
  if (finished === null) return null;
  return { outcome: result.outcome, reason: result.reason, transactionId: result.transactionId };
}

/**
 * After a retry: one that bought clears the failures in a row and resumes a schedule paused for
 * them, from its next due time; one that could not buy changes nothing more (the owner is told).
 */
async function retried(tx: AppContext, schedule: ScheduleRow, result: Result, now: Date): Promise<null> {
  if (!bought(result)) return null;
  const plan = result.plan ? { package_id: result.plan.id, amount_kobo: result.plan.amountKobo } : {};
  const current = await tx.db
    .selectFrom('schedules')
    .select(SCHEDULE_COLUMNS)
    .where('id', '=', schedule.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const resume = current.status === 'paused' && current.paused_reason === 'failures';
  const next = resume ? followingRun(ruleOfRow(current), endOf(current), current.runs_done, now, now) : null;
  await tx.db
    .updateTable('schedules')
    .set({
      ...plan,
      failures_in_row: 0,
      updated_at: now,
      ...(resume ? { status: next ? 'active' : 'ended', paused_reason: null, next_run_at: next } : {}),
    })
    .where('id', '=', schedule.id)
    .execute();
  return null;
}

/**
 * Opens the run of a schedule's due time: its row, created once whoever asks; a run already
 * open (its maker stopped, or its lease ran out) is taken over as it is.
 */
export async function openDueRun(ctx: AppContext, schedule: ScheduleRow): Promise<RunRow> {
  const dueAt = must(schedule.next_run_at, 'a schedule opened for a run is active, so it has its next run');
  const now = ctx.clock.now();
  const { rows } = await sql<RunRow>`
    INSERT INTO schedule_runs (schedule_id, user_id, due_at, outcome, started_at)
    VALUES (${schedule.id}::bigint, ${schedule.user_id}::bigint, ${dueAt}::timestamptz, 'running', ${now}::timestamptz)
    ON CONFLICT (schedule_id, due_at) WHERE retry_of IS NULL DO NOTHING
    RETURNING ${runColumns()}`.execute(ctx.db);
  if (rows[0]) return rows[0];
  return ctx.db
    .selectFrom('schedule_runs')
    .select(RUN_COLUMNS)
    .where('schedule_id', '=', schedule.id)
    .where('due_at', '=', dueAt)
    .where('retry_of', 'is', null)
    .executeTakeFirstOrThrow();
}

/**
 * A due time whose run was finished but whose schedule did not move on (it was set to that very
 * time again meanwhile, as a clock set back can make an edit do): moved past it as its recorded
 * outcome says, without telling the owner again.
 */
export async function moveOn(ctx: AppContext, schedule: ScheduleRow, run: RunRow): Promise<void> {
  const result: Result = {
    outcome: run.outcome === 'running' ? 'failed' : run.outcome,
    reason: run.reason as ScheduleRunReason | null,
    detail: run.detail ?? '',
    amountKobo: run.amount_kobo,
    transactionId: run.transaction_id,
  };
  await inTransaction(ctx, (tx) => advanceSchedule(tx, schedule, run, result, tx.clock.now()));
}
