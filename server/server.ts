import type { FastifyInstance } from 'fastify';
import { createApp, registerCustomerApi } from './app';
import type { Config } from './config';
import { buildConsoleApp, type ConsoleDeps } from './console/app';
import { breakerOf, type ProviderHealth } from './console/services/glance';
import { DrainGate } from './db/drainGate';
import { registerDevelopment, seedDemoAccount } from './development';
import type { Biller } from './gateways/biller';
import type { PlanSource } from './gateways/planSource';
import { runWhileUp, type BackgroundJob } from './jobs/background';
import { startCatalogSyncJob } from './jobs/catalogSync';
import { startLedgerAuditJob } from './jobs/ledgerAudit';
import { startOutboxJob } from './jobs/outbox';
import { PARTNER_RETRY_INTERVAL_MS, startPartnerRetryJob } from './jobs/partnerRetries';
import { PLANNER_STATISTICS_CHECK_MS, startPlannerStatisticsJob } from './jobs/plannerStatistics';
import { startReconciliationJob } from './jobs/reconciliation';
import { startRequeryJob } from './jobs/requery';
import { startScheduleJob } from './jobs/schedules';
import { recordLedgerAudit } from './metrics';
import type { Draining } from './http/draining';
import { notFoundHandler, registerSpa } from './http/spa';
import { requeryPurchase } from './services/purchases/requery';
import { claimDay, finishDay, reconcileDay, type ReconciliationReport } from './services/funding/reconciliation';
import type { LogStream } from './logger';
import { buildShared, type Shared, type SharedDeps } from './shared';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Reconciles a day (Africa/Lagos) with the app's own partners and biller, and records the run:
     * the operator command's entry (server/cli/reconcile.ts), so it asks exactly the gateways the
     * server is configured with.
     */
    reconcileDay(day: string): Promise<ReconciliationReport>;
  }
}

export interface ServerDeps extends SharedDeps {
  /**
   * Run the background jobs (the purchase requery job, the catalogue sync…) while the server is up: main.ts;
   * tests call jobs directly.
   */
  runJobs?: boolean;
  /** The database is the embedded PGlite (no autovacuum): with runJobs, the planner statistics job keeps it current. */
  embeddedDatabase?: boolean;
  /**
   * Create the demo account if the database has no user yet, and complete it with the partners
   * (main.ts: embedded database, development); with runJobs, a job finishes what a partner
   * refusing or down at start could not.
   */
  seedDemoAccount?: boolean;
  /** Where log lines go; default standard output. */
  logStream?: LogStream;
}

/** The server's two listeners, built side by side over one set of services; neither listening yet. */
export interface Servers {
  /** The customer API and, when built, the SPA (main.ts listens with it on PORT). Closing it closes both. */
  app: FastifyInstance;
  /** The operator console (console/app.ts): main.ts listens with it on OPS_PORT, never on the customer's port. */
  opsConsole: FastifyInstance;
}

/** How often the daily reconciliation job looks whether yesterday still needs reconciling. */
const RECONCILIATION_CHECK_MS = 15 * 60_000;

/** The composition root: the shared services, the customer API, its jobs and development's wiring, the console. */
export async function buildServer(config: Config, deps: ServerDeps): Promise<Servers> {
  const draining: Draining = {
    gate: new DrainGate(),
    stopWaiting: new AbortController(),
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  };
  const app = createApp(config, draining, deps.logStream);
  const shared = await buildShared(app, config, deps, draining);
  const runJobs = deps.runJobs === true;
  const demoJob = deps.seedDemoAccount ? await seedDemoAccount(app, shared.ctx, shared.banks, runJobs) : undefined;
  await registerCustomerApi(app, config, shared);
  if (runJobs) runWhileUp(app, backgroundJobs(app, config, deps, shared));
  app.decorate('reconcileDay', async (day: string) => {
    await claimDay(shared.ctx, day, { force: true });
    const report = await reconcileDay(shared.ctx, shared, day);
    await finishDay(shared.ctx, report);
    return report;
  });
  if (!config.production) registerDevelopment(app, { ...shared, demoJob });
  app.setNotFoundHandler(notFoundHandler(await registerSpa(app, config.staticDir)));
  const opsConsole = await buildConsoleApp(config, consoleDeps(app, config, shared));
  closeTogether(app, opsConsole);
  return { app, opsConsole };
}

const isPlanSource = (biller: Biller): biller is Biller & PlanSource =>
  typeof (biller as Partial<PlanSource>).plans === 'function';

/** The jobs a replica runs while it is up; `false` for one this server does not run. */
function backgroundJobs(app: FastifyInstance, config: Config, deps: ServerDeps, shared: Shared) {
  const { ctx, purchases, schedules, banks, cards, metrics, biller } = shared;
  const log = app.log;
  const catalog = { marginPercent: config.catalog.marginPercent };
  const recordAudit = (problems: string[]) => recordLedgerAudit(metrics, problems);
  const jobs: (BackgroundJob | false)[] = [
    config.requeryIntervalMs > 0 && (() => startRequeryJob(ctx, purchases, config.requeryIntervalMs, log)),
    config.schedules.intervalMs > 0 &&
      ((stopping) => startScheduleJob(ctx, schedules, config.schedules.intervalMs, log, stopping)),
    // Its first run is awaited: the server starts listening with the biller's plans, never the seeded ones.
    isPlanSource(biller) && (() => startCatalogSyncJob(ctx, biller, catalog, config.catalog.syncIntervalMs, log)),
    () => startReconciliationJob(ctx, shared, RECONCILIATION_CHECK_MS, log),
    deps.embeddedDatabase === true && (() => startPlannerStatisticsJob(deps.db, PLANNER_STATISTICS_CHECK_MS, log)),
    config.auditIntervalMs > 0 &&
      (() => startLedgerAuditJob(deps.db, config.auditIntervalMs, { log, record: recordAudit })),
    () => startPartnerRetryJob(ctx, { banks, cards }, PARTNER_RETRY_INTERVAL_MS, log),
    config.outboxIntervalMs > 0 &&
      ((stopping) => startOutboxJob(shared.outbox, config.outboxIntervalMs, log, stopping)),
  ];
  return jobs;
}

/** What the console reaches of the shared services: the same context, counters, requeries and drain. */
function consoleDeps(app: FastifyInstance, config: Config, shared: Shared): ConsoleDeps {
  const { ctx, counters, requeries, purchases, biller, banks, draining } = shared;
  const providers: ProviderHealth = () => [
    { name: biller.name, kind: 'biller', breaker: breakerOf(biller) },
    ...banks.map((bank) => ({ name: bank.provider, kind: 'bank' as const, breaker: breakerOf(bank) })),
  ];
  return {
    ctx,
    counters,
    requeries,
    requeryNow: (tx, id) => requeryPurchase(tx, purchases, id),
    providers,
    log: app.log,
    // The console's own setting: the customer's load balancers are no proxy of the console's.
    trustProxy: config.ops.trustProxy,
    draining,
  };
}

/**
 * Closing the customer API closes the console: both begin draining at once (preClose), and the
 * console has closed before the app's earlier onClose hooks (Fastify runs them last-registered
 * first) stop the jobs and release what both use: the request counters, the mailer.
 */
function closeTogether(app: FastifyInstance, opsConsole: FastifyInstance) {
  let consoleClosed: Promise<undefined> | undefined;
  app.addHook('preClose', async () => {
    consoleClosed = opsConsole.close();
  });
  app.addHook('onClose', async () => consoleClosed ?? opsConsole.close());
}
