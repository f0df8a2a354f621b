import { sql } from 'kysely';
import type { ScheduleRunReason } from '../../../core/contract';
import { addMonths, followingRun, isMissed, renewalRunAt, withinEnd } from '../../../core/scheduleCalendar';
import { FAILURES_BEFORE_PAUSE } from '../../../core/schedules';
import type { ScheduleRunOutcome } from '../../db/schema';
import { AppError } from '../../errors';
import { inTransaction, type AppContext } from '../context';
import { addNotification } from '../notifications';
import type { PurchaseDeps } from '../purchases/billerCalls';
import type { PurchaseRequest } from '../purchases/product';
import { failureNotice, pausedNotice, priceNotice, type Notice, type NoticeSubject } from './notices';
import { currentPlan, serviceOf, verifyRenewal } from './products';
import { purchaseForRun, runKey, type RunPurchase } from './runPurchase';
import { endOf, RUN_COLUMNS, runColumns, ruleOfRow, SCHEDULE_COLUMNS, type RunRow, type ScheduleRow } from './scheduleRows';

/**
 * Making a schedule's run, once. A run is one due time of one schedule (a row of schedule_runs,
 * unique per due time), or a retry its owner asked for (unique per failed run). Whoever makes it
 * — a job run on any replica, a job run taking it over after a crash, the owner's Retry now —
 * decides what to buy as the catalogue and the biller have it now, makes the purchase under the
 * run's own Idempotency-Key (runPurchase.ts), then finishes it: one guarded transaction records
 * the outcome, moves the schedule to its next run (or pauses or ends it) and adds the
 * notifications; only the one that finishes it sends the e-mails.
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

const refused = (reason: ScheduleRunReason, detail: string, extra: Partial<Result> = {}): Result => ({
  outcome: reason === 'missed' ? 'missed' : reason === 'already-renewed' ? 'skipped' : 'failed',
  reason,
  detail,
  amountKobo: null,
  transactionId: null,
  ...extra,
});

/** Whether a run's purchase claimed its key: then it began, and only finishing it is right, however late. */
async function purchaseBegan(ctx: AppContext, run: RunRow): Promise<boolean> {
  const row = await ctx.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', run.user_id).where('key', '=', runKey(run.id)).executeTakeFirst();
  return row !== undefined;
}

/** What the run buys now, or why it buys nothing: a renewal as verified now, a plan as repriced, within the authorised amount. */
async function decide(ctx: AppContext, deps: ScheduleDeps, schedule: ScheduleRow): Promise<{ request: PurchaseRequest; extra: Partial<Result> } | Result> {
  const service = serviceOf(schedule.category);
  const base = { service, providerId: schedule.provider_id, beneficiary: schedule.beneficiary };
  if (schedule.cadence === 'renewal') {
    const provider = await ctx.db.selectFrom('providers').select('code').where('id', '=', schedule.provider_id).executeTakeFirstOrThrow();
    let renewal;
    try {
      renewal = await verifyRenewal(deps.biller, provider.code, schedule.beneficiary);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refused(error.status === 404 ? 'customer-not-found' : error.status === 422 ? 'not-available' : 'provider-unavailable', error.message);
    }
    // Renewed since (by hand, or elsewhere): nothing to buy until the new due date comes near.
    if (schedule.due_date !== null && renewal.dueDate > schedule.due_date) return refused('already-renewed', '', { verifiedDue: renewal.dueDate });
    if (renewal.amountKobo > schedule.authorised_kobo) return refused('price-changed', '', { newPriceKobo: renewal.amountKobo, verifiedDue: renewal.dueDate });
    return { request: { ...base, packageId: null, amountKobo: renewal.amountKobo }, extra: { verifiedDue: renewal.dueDate, amountKobo: renewal.amountKobo } };
  }
  if (schedule.package_id === null) return { request: { ...base, packageId: null, amountKobo: schedule.amount_kobo }, extra: { amountKobo: schedule.amount_kobo } };
  const plan = await currentPlan(ctx, schedule.package_id);
  if (!plan) return refused('not-available', '');
  if (plan.amountKobo > schedule.authorised_kobo) return refused('price-changed', '', { newPriceKobo: plan.amountKobo });
  const repriced = plan.id === schedule.package_id ? {} : { plan: { id: plan.id, amountKobo: plan.amountKobo } };
  return { request: { ...base, packageId: plan.id, amountKobo: null }, extra: { ...repriced, amountKobo: plan.amountKobo } };
}

/** What a purchase of `extra.amountKobo` came to. */
function resultOf(purchase: RunPurchase, extra: Partial<Result>): Result {
  if (purchase.kind === 'refused') return refused(purchase.reason, purchase.message, { ...extra, amountKobo: null });
  const { transaction } = purchase;
  // A bill the biller failed and refunded: a run that could not happen, told by the purchase's own refund notice.
  if (transaction.status === 'canceled') return { ...extra, outcome: 'failed', reason: 'biller-failed', detail: '', amountKobo: extra.amountKobo ?? null, transactionId: BigInt(transaction.id) };
  return { ...extra, outcome: transaction.status === 'completed' ? 'completed' : 'processing', reason: null, detail: '', amountKobo: extra.amountKobo ?? null, transactionId: BigInt(transaction.id) };
}

/** Makes a run that was opened (or taken over): misses it, skips it, refuses it, or purchases. Answers the finished run, or null when another finished it first. */
export async function makeRun(ctx: AppContext, deps: ScheduleDeps, schedule: ScheduleRow, run: RunRow): Promise<Finished | null> {
  const now = ctx.clock.now();
  let result: Result;
  if (run.retry_of === null && isMissed(run.due_at, now, deps.graceMs) && !(await purchaseBegan(ctx, run))) {
    result = refused('missed', '');
  } else {
    const decided = await decide(ctx, deps, schedule);
    result = 'request' in decided ? resultOf(await purchaseForRun(ctx, deps, { runId: run.id, userId: schedule.user_id, maxKobo: schedule.authorised_kobo }, decided.request), decided.extra) : decided;
  }
  return finish(ctx, schedule, run, result);
}

export interface Finished {
  outcome: Result['outcome'];
  reason: ScheduleRunReason | null;
  transactionId: bigint | null;
}

/** The schedule's fields after a due run (not a retry) came to `result`. */
function advanced(schedule: ScheduleRow, run: RunRow, result: Result, now: Date) {
  // A run skipped, or stopped by a price that rose (made again once the price is accepted), is not one of the schedule's runs.
  const counted = result.outcome !== 'skipped' && result.reason !== 'price-changed';
  const runsDone = schedule.runs_done + (counted ? 1 : 0);
  const failed = result.outcome === 'failed';
  const failures = result.outcome === 'completed' || result.outcome === 'processing' ? 0 : failed ? schedule.failures_in_row + 1 : schedule.failures_in_row;
  const paused = result.reason === 'price-changed' ? ('price-changed' as const) : failures >= FAILURES_BEFORE_PAUSE ? ('failures' as const) : null;
  const end = endOf(schedule);
  let dueDate = schedule.due_date;
  let next: Date | null;
  if (schedule.cadence === 'renewal') {
    // Bought: the subscription now runs a month past the due date it had; skipped: it was renewed to the date the biller told.
    const verified = result.verifiedDue ?? schedule.due_date!;
    dueDate = result.outcome === 'completed' || result.outcome === 'processing' ? addMonths(verified, 1) : result.outcome === 'skipped' ? verified : addMonths(schedule.due_date!, 1);
    const at = renewalRunAt(dueDate, schedule.days_before!, schedule.run_time);
    next = withinEnd(end, runsDone, at) ? (at > now ? at : now) : null;
  } else {
    next = followingRun(ruleOfRow(schedule), end, runsDone, run.due_at, now);
  }
  const status = paused ? ('paused' as const) : next ? ('active' as const) : ('ended' as const);
  return { runs_done: runsDone, failures_in_row: paused === 'failures' ? 0 : failures, status, paused_reason: paused, next_run_at: status === 'active' ? next : null, due_date: dueDate };
}

/** What the owner is told of a run that did not buy, and of a pause; a refund is told by the purchase itself. */
function noticesOf(subject: NoticeSubject, run: RunRow, result: Result, pausedFor: string | null, publicUrl: string): Notice[] {
  const notices: Notice[] = [];
  if (result.reason === 'price-changed') notices.push(priceNotice(subject, result.newPriceKobo ?? null, publicUrl));
  else if ((result.outcome === 'failed' || result.outcome === 'missed') && result.reason !== 'biller-failed') {
    notices.push(failureNotice(subject, run.due_at, result.reason!, result.detail, publicUrl));
  }
  if (pausedFor === 'failures') notices.push(pausedNotice(subject, publicUrl));
  return notices;
}

/** Moves the schedule past a due run that came to `outcome`, unless its owner edited, paused or deleted it meanwhile; answers whether it moved, and what paused it. */
async function advanceSchedule(tx: AppContext, schedule: ScheduleRow, run: RunRow, result: Result, now: Date): Promise<{ moved: boolean; paused: string | null }> {
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
  const notices = await inTransaction(ctx, async (tx) => {
    const recorded = await tx.db
      .updateTable('schedule_runs')
      .set({ outcome: result.outcome, reason: result.reason, amount_kobo: result.amountKobo, transaction_id: result.transactionId, finished_at: now })
      .where('id', '=', run.id)
      .where('outcome', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return null;
    const paused = run.retry_of === null ? (await advanceSchedule(tx, schedule, run, result, now)).paused : await retried(tx, schedule, result, now);
    const user = await tx.db.selectFrom('users').select('email').where('id', '=', schedule.user_id).executeTakeFirstOrThrow();
    const subject: NoticeSubject = { scheduleId: schedule.id, name: schedule.name, beneficiary: schedule.beneficiary, amountKobo: schedule.amount_kobo, email: user.email };
    const told = noticesOf(subject, run, result, paused, ctx.publicUrl);
    for (const notice of told) await addNotification(tx, schedule.user_id, notice.notification);
    return told;
  });
  if (notices === null) return null;
  for (const notice of notices) ctx.deliverMail(notice.mail);
  return { outcome: result.outcome, reason: result.reason, transactionId: result.transactionId };
}

/**
 * After a retry: one that bought clears the failures in a row and resumes a schedule paused for
 * them, from its next due time; one that could not buy changes nothing more (the owner is told).
 */
async function retried(tx: AppContext, schedule: ScheduleRow, result: Result, now: Date): Promise<null> {
  if (result.outcome !== 'completed' && result.outcome !== 'processing') return null;
  const plan = result.plan ? { package_id: result.plan.id, amount_kobo: result.plan.amountKobo } : {};
  const current = await tx.db.selectFrom('schedules').select(SCHEDULE_COLUMNS).where('id', '=', schedule.id).forUpdate().executeTakeFirstOrThrow();
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
  const dueAt = schedule.next_run_at!;
  const now = ctx.clock.now();
  const { rows } = await sql<RunRow>`
    INSERT INTO schedule_runs (schedule_id, user_id, due_at, outcome, started_at)
    VALUES (${schedule.id}::bigint, ${schedule.user_id}::bigint, ${dueAt}::timestamptz, 'running', ${now}::timestamptz)
    ON CONFLICT (schedule_id, due_at) WHERE retry_of IS NULL DO NOTHING
    RETURNING ${runColumns()}`.execute(ctx.db);
  if (rows[0]) return rows[0];
  return ctx.db.selectFrom('schedule_runs').select(RUN_COLUMNS).where('schedule_id', '=', schedule.id).where('due_at', '=', dueAt).where('retry_of', 'is', null).executeTakeFirstOrThrow();
}

/**
 * A due time whose run was finished but whose schedule did not move on (it was set to that very
 * time again meanwhile, as a clock set back can make an edit do): moved past it as its recorded
 * outcome says, without telling the owner again.
 */
export async function moveOn(ctx: AppContext, schedule: ScheduleRow, run: RunRow): Promise<void> {
  const result: Result = { outcome: run.outcome === 'running' ? 'failed' : run.outcome, reason: run.reason as ScheduleRunReason | null, detail: '', amountKobo: run.amount_kobo, transactionId: run.transaction_id };
  await inTransaction(ctx, (tx) => advanceSchedule(tx, schedule, run, result, tx.clock.now()));
}
