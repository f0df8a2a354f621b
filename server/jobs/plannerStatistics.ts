import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import { jobRunId, runInContext } from '../http/requestContext';
import { startPeriodic, type PeriodicJob } from './periodic';

/**
 * The planner statistics of the embedded database, so its lists stay fast as they grow. A
 * PostgreSQL server's autovacuum analyses a table again once it has changed enough; PGlite is one
 * process with no background worker, so nothing ever does, and a table that grew from nothing is
 * still planned as the empty table it was: the activity list of a long history read the whole table
 * (165 ms at page 100), on the one connection every other request waits for. This job analyses, on
 * the embedded database only, every table never analysed or whose size has moved by more than a
 * tenth since it was (autovacuum's default share), at start (after the migrations) and then every
 * interval.
 */

/** Tables are checked this often; a check is one catalogue query, an ANALYZE only what changed. */
export const PLANNER_STATISTICS_CHECK_MS = 60_000;

/** The public tables whose statistics are missing or stale, analysed; answers their names. */
export async function analyzeChangedTables(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_relation_size(c.oid) > 0
      AND (c.reltuples < 0
           OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + 0.1 * c.relpages)
    ORDER BY c.relname`.execute(db);
  for (const { name } of rows) await sql`ANALYZE ${sql.id(name)}`.execute(db);
  return rows.map((row) => row.name);
}

export function startPlannerStatisticsJob(
  db: Executor,
  intervalMs: number,
  log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void },
): PeriodicJob {
  const job = startPeriodic(
    () =>
      runInContext({ requestId: jobRunId('planner-statistics') }, async () => {
        const analysed = await analyzeChangedTables(db);
        if (analysed.length > 0)
          log.info({ job: 'planner-statistics', analysed }, `planner statistics: analysed ${analysed.join(', ')}`);
      }),
    intervalMs,
    { log, message: 'planner statistics run failed' },
  );
  void job.run();
  return job;
}
