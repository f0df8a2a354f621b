import type { Executor } from '../db/schema';
import { jobRunId, runInContext } from '../http/requestContext';
import { auditLedger, recordAuditRun } from '../services/ledger/ledgerAudit';
import { startPeriodic, type PeriodicJob } from './periodic';

/**
 * The ledger audit (services/ledgerAudit.ts) as a job: every AUDIT_INTERVAL_MS (a day by
 * default) on each replica (it reads the ledger and writes only its outcome), and once by
 * `npm run audit`. A clean ledger is logged at info; any problem at error level, each one named
 * (ids and amounts: no personal data), and counted, so that an alert fires. Each run's outcome
 * is stored (audit_runs), for the operator console's glance.
 */

export interface AuditReporting {
  log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  /** Told of every run's problems (none when clean): the metrics. */
  record(problems: string[]): void;
}

export async function runLedgerAudit(db: Executor, { log, record }: AuditReporting): Promise<string[]> {
  return runInContext({ requestId: jobRunId('ledger-audit') }, async () => {
    const problems = await auditLedger(db);
    record(problems);
    await recordAuditRun(db, new Date(), problems);
    if (problems.length === 0) log.info({ job: 'ledger-audit' }, 'ledger audit: clean');
    else log.error({ job: 'ledger-audit', problems }, `ledger audit: ${problems.length} problem(s) found`);
    return problems;
  });
}

export function startLedgerAuditJob(db: Executor, intervalMs: number, reporting: AuditReporting): PeriodicJob {
  return startPeriodic(async () => void (await runLedgerAudit(db, reporting)), intervalMs, {
    log: reporting.log,
    message: 'ledger audit run failed',
  });
}
