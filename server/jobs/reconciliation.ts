import type { AppContext } from '../services/context';
import { startPeriodic, type PeriodicJob } from './periodic';
import { DAY_MS, lagosDay } from '../../core/days';
import {
  claimDay,
  finishDay,
  reconcileDay,
  type ReconciliationDeps,
  type ReconciliationReport,
} from '../services/funding/reconciliation';

/**
 * The daily reconciliation (services/reconciliation.ts): once the Lagos day is over and an hour
 * has passed (late webhooks and partner settlement), yesterday is compared with every partner's
 * and the biller's records. The job looks every `checkEveryMs`; a day is claimed in
 * reconciliation_runs before anyone is asked, so of several replicas one runs it, once. What it
 * finds is stored and logged as a warning for the operator (`npm run report -- reconciliation`),
 * never corrected.
 */

const GRACE_MS = 60 * 60_000;

/** Reconciles yesterday (Lagos) unless it was already; answers the report when it ran. */
export async function runDailyReconciliation(
  ctx: AppContext,
  deps: ReconciliationDeps,
): Promise<ReconciliationReport | undefined> {
  const day = lagosDay(new Date(ctx.clock.now().getTime() - GRACE_MS - DAY_MS));
  if (!(await claimDay(ctx, day, { force: false }))) return undefined;
  const report = await reconcileDay(ctx, deps, day);
  await finishDay(ctx, report);
  return report;
}

export function startReconciliationJob(
  ctx: AppContext,
  deps: ReconciliationDeps,
  checkEveryMs: number,
  log: {
    warn(obj: unknown, msg: string): void;
    info(obj: unknown, msg: string): void;
    error(obj: unknown, msg: string): void;
  },
): PeriodicJob {
  return startPeriodic(
    async () => {
      const report = await runDailyReconciliation(ctx, deps);
      if (!report) return;
      const summary = { day: report.day, counterparties: report.counterparties, mismatches: report.mismatches.length };
      if (report.mismatches.length > 0 || report.counterparties.some((c) => c.error))
        log.warn(summary, 'reconciliation found mismatches: npm run report -- reconciliation');
      else log.info(summary, 'reconciliation: no mismatches');
    },
    checkEveryMs,
    { log, message: 'reconciliation run failed' },
  );
}
