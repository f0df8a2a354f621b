import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import { jobRunId, runInContext } from '../http/requestContext';
import type { AppContext } from '../services/context';
import type { PurchaseDeps } from '../services/purchases/billerCalls';
import { startPeriodic, type PeriodicJob } from './periodic';
import { FINAL_ASK_LEAD_MS } from '../services/purchases/deadline';
import { REQUERY_SPACING_MS, requeryPurchase, type RequeryResult } from '../services/purchases/requery';

/**
 * The requery job: a pending bill is never refunded before a requery says it failed (it may have
 * been delivered) or its 24-hour deadline comes, and every bill reaches exactly one final state.
 * Every bill still processing once its own pay call has given up — the biller answered pending,
 * did not answer, or the server stopped between reserving the money and calling — is asked about
 * again until the biller gives a final answer, then settled (completed) or refunded (canceled)
 * through the same guarded final transition as the purchase itself; or, still unanswered at its
 * last ask before the deadline, refunded in full (services/purchases/deadline.ts). A bill
 * refunded so is still asked about until the biller answers, which settles the business's
 * exposure.
 *
 * The cadence: the first ask as soon as the pay call has surely given up (BILLER_TIMEOUT_MS plus
 * 2 s after the debit; with the defaults and the job's interval, within 30 s of the pay call),
 * then a lease that doubles from 30 s to 30 min (30 s, 1, 2, 4, 8, 16, 30, 30… min: some fifty
 * asks in 24 hours), never past the last ask before the deadline, so one always lands there.
 *
 * Any number of replicas may run it: a run claims due bills with FOR UPDATE SKIP LOCKED and
 * pushes their next_requery_at forward (a lease, committed before the biller is called), so
 * another run skips them; and should two runs ever ask about one bill, the guarded transition
 * lets exactly one of them settle it. It also stamps last_requery_at, the spacing
 * refresh-transaction keeps (settling.ts REQUERY_SPACING_MS), and leaves alone a bill a
 * refresh asked about moments ago.
 */

export interface RequeryRunOptions {
  /** Bills claimed per run. */
  batch?: number;
}

export type RequeryRunResult = Record<RequeryResult, number>;

const DEFAULT_BATCH = 50;
/**
 * The lease grows with each unanswered requery: 30 s, 1 min, 2 min, ... up to 30 min, and before
 * the deadline never past the bill's last ask (its deadline less FINAL_ASK_LEAD_MS).
 */
const BASE_LEASE_MS = 30_000;
const MAX_LEASE_MS = 30 * 60_000;

export async function runRequery(
  ctx: AppContext,
  deps: PurchaseDeps,
  { batch = DEFAULT_BATCH }: RequeryRunOptions = {},
): Promise<RequeryRunResult> {
  const now = ctx.clock.now();
  const growing = sql`${BASE_LEASE_MS}::float8 * power(2, least(requery_attempts, 10))`;
  const lease = sql`${now}::timestamptz + make_interval(secs => least(${growing}, ${MAX_LEASE_MS}::float8) / 1000)`;
  const finalAsk = sql`deadline_at - make_interval(secs => ${FINAL_ASK_LEAD_MS / 1000}::float8)`;
  const { rows } = await sql<{ transaction_id: bigint }>`
    UPDATE purchases
    SET requery_attempts = requery_attempts + 1,
        last_requery_at = ${now}::timestamptz,
        next_requery_at = CASE WHEN ${now}::timestamptz < ${finalAsk} THEN least(${lease}, ${finalAsk})
                               ELSE ${lease} END
    WHERE transaction_id IN (
      SELECT transaction_id FROM purchases
      WHERE next_requery_at IS NOT NULL AND next_requery_at <= ${now}::timestamptz
        -- A bill a customer's refresh asked about moments ago waits for the next run.
        AND (last_requery_at IS NULL OR last_requery_at <= ${new Date(now.getTime() - REQUERY_SPACING_MS)}::timestamptz)
      ORDER BY next_requery_at
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING transaction_id`.execute(ctx.db);

  const result: RequeryRunResult = {
    completed: 0,
    canceled: 0,
    pending: 0,
    'refunded-at-deadline': 0,
    'written-off': 0,
    'exposure-closed': 0,
    'already-final': 0,
  };
  for (const { transaction_id } of rows) {
    result[await requeryPurchase(ctx, deps, transaction_id)] += 1;
  }
  return result;
}

/** Runs the job every `intervalMs` until stopped (jobs/periodic.ts). */
export function startRequeryJob(
  ctx: AppContext,
  deps: PurchaseDeps,
  intervalMs: number,
  log: { error(obj: unknown, msg: string): void; debug?(obj: unknown, msg: string): void },
): PeriodicJob {
  return startPeriodic(
    () =>
      runInContext({ requestId: jobRunId('requery') }, () => runRequery(ctx, deps))
        // Every run at debug level, bills or not: which replicas run the job (and how often) shows in the logs.
        .then((result) => log.debug?.({ job: 'requery', ...result }, 'requery run')),
    intervalMs,
    { log, message: 'requery job run failed' },
  );
}

/** The job's queue as the metrics show it: bills still processing, and how long the oldest has been. */
export async function requeryBacklog(db: Executor, now: Date): Promise<{ count: number; oldestAgeSeconds: number }> {
  const { rows } = await sql<{ n: number; oldest: Date | null }>`
    SELECT count(*)::int AS n, min(t.created_at) AS oldest
    FROM purchases p JOIN transactions t ON t.id = p.transaction_id
    WHERE t.status = 'processing'`.execute(db);
  const { n, oldest } = rows[0];
  return { count: n, oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0 };
}
