import { sql } from 'kysely';
import { jobRunId, runInContext } from '../http/requestContext';
import type { AppContext } from '../services/context';
import { sendReminders } from '../services/schedules/reminders';
import { makeRun, moveOn, openDueRun, type ScheduleDeps } from '../services/schedules/running';
import { scheduleColumns, type ScheduleRow } from '../services/schedules/scheduleRows';
import { startPeriodic, type PeriodicJob } from './periodic';

/**
 * The schedules job: every run due is made once, on any number of replicas, through restarts
 * and clock changes. A job run claims a batch of due schedules with FOR UPDATE SKIP LOCKED and
 * leases them (lease_until, committed before anything is bought), so other replicas' runs skip
 * them; each due time is a row of schedule_runs, unique, and its purchase claims the run's own
 * Idempotency-Key. A replica that dies mid-run leaves the lease to run out: the next claim takes
 * the run over and finishes it — the purchase, if it had begun, is answered from its key, never
 * made again. A run due longer ago than the grace period that never began is reported missed.
 * Then the day-before reminders (services/schedules/reminders.ts).
 *
 * A shutdown (`stopping`) begins no run: the runs under way finish (the process waits for this
 * job run before it releases the database; a biller that does not answer by the shutdown's
 * deadline leaves its bill processing, for the requery job), and the claims of runs not begun
 * are given up at once, so any replica's next job run makes them instead of waiting out the lease.
 */

export interface ScheduleRunOptions {
  /** Schedules claimed per batch. */
  batch?: number;
  /** Runs made at once by this process (each waits on the biller). */
  concurrency?: number;
  /** At most this many runs per job run: a backlog is worked off over the following ones. */
  limit?: number;
  /** Aborted when the process begins to shut down: no run is begun after it (see above). */
  stopping?: AbortSignal;
}

export type ScheduleRunTally = Record<
  'completed' | 'processing' | 'failed' | 'missed' | 'skipped' | 'finished-elsewhere' | 'errors' | 'released',
  number
>;

const DEFAULTS = { batch: 50, concurrency: 4, limit: 2_000 };

/** How long a claim holds a schedule: a renewal's verification and the pay call may each wait the biller's timeout. */
export const leaseMs = (deps: ScheduleDeps) => 2 * deps.billerTimeoutMs + 5_000;

/** A batch of due schedules, leased to this job run until `leaseUntil`. */
interface Claim {
  schedules: ScheduleRow[];
  leaseUntil: Date;
}

async function claimDue(ctx: AppContext, deps: ScheduleDeps, batch: number): Promise<Claim> {
  const now = ctx.clock.now();
  const leaseUntil = new Date(now.getTime() + leaseMs(deps));
  const { rows } = await sql<ScheduleRow>`
    UPDATE schedules SET lease_until = ${leaseUntil}::timestamptz
    WHERE id IN (
      SELECT id FROM schedules
      WHERE status = 'active' AND next_run_at <= ${now}::timestamptz
        AND (lease_until IS NULL OR lease_until <= ${now}::timestamptz)
      ORDER BY next_run_at
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${scheduleColumns()}`.execute(ctx.db);
  return { schedules: rows, leaseUntil };
}

/**
 * Gives up this job run's claim of schedules it did not begin: still its lease (nobody took them
 * over), due again to any job run.
 */
async function release(ctx: AppContext, schedules: ScheduleRow[], leaseUntil: Date): Promise<void> {
  if (schedules.length === 0) return;
  await ctx.db
    .updateTable('schedules')
    .set({ lease_until: null })
    .where(
      'id',
      'in',
      schedules.map((schedule) => schedule.id),
    )
    .where('lease_until', '=', leaseUntil)
    .execute();
}

async function runOne(
  ctx: AppContext,
  deps: ScheduleDeps,
  schedule: ScheduleRow,
  tally: ScheduleRunTally,
  log: JobLog,
): Promise<void> {
  try {
    const run = await openDueRun(ctx, schedule);
    if (run.outcome !== 'running') {
      await moveOn(ctx, schedule, run);
      tally['finished-elsewhere'] += 1;
      return;
    }
    const finished = await makeRun(ctx, deps, schedule, run);
    if (finished) tally[finished.outcome] += 1;
    else tally['finished-elsewhere'] += 1;
  } catch (error) {
    // Left running under its lease: the next claim after it takes the run over.
    tally.errors += 1;
    log.error(
      { err: error, schedule: String(schedule.id) },
      'schedule run failed; it is taken over once its lease ends',
    );
  }
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

type JobLog = { error(obj: unknown, msg: string): void; debug?(obj: unknown, msg: string): void };

/** Makes every run due now (up to `limit`), then sends the reminders due; a shutdown begins no run (see above). */
export async function runDueSchedules(
  ctx: AppContext,
  deps: ScheduleDeps,
  options: ScheduleRunOptions = {},
  log: JobLog = console,
): Promise<ScheduleRunTally & { reminded: number }> {
  const { batch = DEFAULTS.batch, concurrency = DEFAULTS.concurrency, limit = DEFAULTS.limit, stopping } = options;
  const tally: ScheduleRunTally = {
    completed: 0,
    processing: 0,
    failed: 0,
    missed: 0,
    skipped: 0,
    'finished-elsewhere': 0,
    errors: 0,
    released: 0,
  };
  for (let taken = 0; taken < limit && !stopping?.aborted;) {
    const claim = await claimDue(ctx, deps, Math.min(batch, limit - taken));
    const notBegun: ScheduleRow[] = [];
    await inPool(claim.schedules, concurrency, async (schedule) => {
      if (stopping?.aborted) notBegun.push(schedule);
      else await runOne(ctx, deps, schedule, tally, log);
    });
    await release(ctx, notBegun, claim.leaseUntil);
    tally.released += notBegun.length;
    taken += claim.schedules.length;
    if (claim.schedules.length < batch) break;
  }
  return { ...tally, reminded: stopping?.aborted ? 0 : await sendReminders(ctx) };
}

/** Runs the job every `intervalMs` until stopped (jobs/periodic.ts); `stopping` as for runDueSchedules. */
export function startScheduleJob(
  ctx: AppContext,
  deps: ScheduleDeps,
  intervalMs: number,
  log: JobLog,
  stopping?: AbortSignal,
): PeriodicJob {
  return startPeriodic(
    () =>
      runInContext({ requestId: jobRunId('schedules') }, () => runDueSchedules(ctx, deps, { stopping }, log))
        // Every run at debug level: which replicas run the job, and what each made.
        .then((result) => log.debug?.({ job: 'schedules', ...result }, 'schedules run')),
    intervalMs,
    { log, message: 'schedules job run failed' },
  );
}
