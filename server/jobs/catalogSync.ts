import type { PlanSource } from '../gateways/planSource';
import { syncCatalog, type CatalogSyncOptions, type CatalogSyncReport } from '../services/purchases/catalogSync';
import type { AppContext } from '../services/context';
import { startPeriodic, type PeriodicJob } from './periodic';

interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * Syncs the catalogue from the biller now — the server waits for this first run, so it never
 * offers the seeded plans to a biller that does not sell them — then every `intervalMs` (0:
 * only at start), never two runs of this process at once. A failed run is logged and the next
 * one tries again; what the biller could not be asked about stays as it was.
 */
export async function startCatalogSyncJob(
  ctx: AppContext,
  source: PlanSource,
  options: CatalogSyncOptions,
  intervalMs: number,
  log: JobLog,
): Promise<PeriodicJob> {
  const job = startPeriodic(
    async () => {
      const { failed, ...counts }: CatalogSyncReport = await syncCatalog(ctx, source, options);
      log.info(counts, 'catalogue synced from the biller');
      if (failed.length > 0)
        log.warn({ failed }, 'catalogue sync: some providers could not be read and keep their plans as they were');
    },
    intervalMs,
    { log, message: 'catalogue sync failed' },
  );
  await job.run();
  return job;
}
