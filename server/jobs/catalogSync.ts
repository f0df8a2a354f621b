import type { PlanSource } from '../gateways/planSource';
import { syncCatalog, type CatalogSyncOptions, type CatalogSyncReport } from '../services/catalogSync';
import type { AppContext } from '../services/context';

export interface CatalogSyncJob {
  stop(): Promise<void>;
}

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
export async function startCatalogSyncJob(ctx: AppContext, source: PlanSource, options: CatalogSyncOptions, intervalMs: number, log: JobLog): Promise<CatalogSyncJob> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= syncCatalog(ctx, source, options)
      .then((report: CatalogSyncReport) => {
        const { failed, ...counts } = report;
        log.info(counts, 'catalogue synced from the biller');
        if (failed.length > 0) log.warn({ failed }, 'catalogue sync: some providers could not be read and keep their plans as they were');
      })
      .catch((error: unknown) => log.error({ err: error }, 'catalogue sync failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  await run();
  const timer = intervalMs > 0 ? setInterval(() => void run(), intervalMs) : undefined;
  timer?.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
