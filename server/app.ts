import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { OffsetClock, systemClock, type Clock, type Timeouts } from './clock';
import type { Config } from './config';
import { completeDemoAccount, DEMO_ACCOUNT, seedDemoAccountIfEmpty } from './db/demoAccount';
import { DrainGate } from './db/drainGate';
import type { Database } from './db/schema';
import type { BankPartner, CardGateway } from './gateways/bankPartner';
import type { Biller } from './gateways/biller';
import type { CaptchaVerifier } from './gateways/captcha';
import { DevCaptcha } from './gateways/devCaptcha';
import { DevOutbox } from './gateways/devOutbox';
import { DojahIdentity } from './gateways/dojahIdentity';
import type { IdentityGateway } from './gateways/identity';
import { SimulatedIdentity } from './gateways/simulatedIdentity';
import type { SimulatedBank } from './gateways/simulatedBank';
import type { Mailer } from './gateways/mailer';
import { connectRedis, DatabaseCounters, RedisCounters, type RequestCounters } from './gateways/requestCounters';
import { configuredBankPartners } from './gateways/configuredPartners';
import { SimulatedBiller } from './gateways/simulatedBiller';
import { SmtpMailer } from './gateways/smtpMailer';
import type { PlanSource } from './gateways/planSource';
import { TurnstileCaptcha } from './gateways/turnstileCaptcha';
import { VtpassBiller } from './gateways/vtpassBiller';
import { observedBank, observedBiller, type GatewayCall } from './gateways/observed';
import { startCatalogSyncJob } from './jobs/catalogSync';
import { startLedgerAuditJob } from './jobs/ledgerAudit';
import { PARTNER_RETRY_INTERVAL_MS, startPartnerRetryJob } from './jobs/partnerRetries';
import { startPeriodic, type PeriodicJob } from './jobs/periodic';
import { PLANNER_STATISTICS_CHECK_MS, startPlannerStatisticsJob } from './jobs/plannerStatistics';
import { startReconciliationJob } from './jobs/reconciliation';
import { requeryBacklog, startRequeryJob } from './jobs/requery';
import { runDueSchedules, startScheduleJob } from './jobs/schedules';
import { createMetrics, recordGatewayCall, recordLedgerAudit } from './metrics';
import { currentContext, requestIdFrom, runInContext } from './requestContext';
import { registerAccountRoutes } from './routes/account';
import { registerAuthRoutes } from './routes/auth';
import { registerBeneficiaryRoutes } from './routes/beneficiaries';
import { registerCatalogRoutes } from './routes/catalog';
import { registerDevRoutes } from './routes/dev';
import { registerDevCheckout } from './routes/devCheckout';
import { registerFundingRoutes } from './routes/funding';
import { errorHandler } from './routes/errorHandler';
import { registerHealthRoutes } from './routes/health';
import { registerDraining } from './routes/draining';
import { registerMetricsEndpoint } from './routes/metrics';
import { registerNotificationRoutes } from './routes/notifications';
import { registerOpenApi } from './routes/openapi';
import { registerProblemReportRoutes } from './routes/problemReports';
import { registerPurchaseRoutes } from './routes/purchases';
import { registerScheduleRoutes } from './routes/schedules';
import { registerSecurityHeaders } from './routes/securityHeaders';
import { sharedRateLimitStore } from './routes/rateLimits';
import { registerRequestMetrics } from './routes/requestMetrics';
import { notFoundHandler, registerSpa } from './routes/spa';
import { registerStatementRoutes } from './routes/statements';
import { registerUserRoutes } from './routes/user';
import { registerWalletRoutes } from './routes/wallet';
import { registerBankWebhooks } from './routes/webhooks';
import type { CardTopUpDeps } from './services/cardTopUps';
import { buildConsoleApp } from './console/app';
import { breakerOf, type ProviderHealth } from './console/services/glance';
import { throttledStaff } from './console/services/searchThrottle';
import type { AppContext } from './services/context';
import { partnerBacklogReader, type PartnerBacklog } from './services/partnerBacklog';
import type { PurchaseDeps } from './services/purchases/billerCalls';
import { rememberSystemAccounts } from './services/ledger';
import { purchaseRequeries, requeryPurchase } from './services/purchases/requery';
import type { ScheduleDeps } from './services/schedules/running';
import { claimDay, finishDay, reconcileDay, type ReconciliationReport } from './services/reconciliation';
import { createSecretBox } from './services/secretBox';
import type { RequeryHooks } from './services/transactions';
import { createTokenHasher } from './services/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Reconciles a day (Africa/Lagos) with the app's own partners and biller, and records the run:
     * the operator command's entry (scripts/reconcile.ts), so it asks exactly the gateways the
     * server is configured with.
     */
    reconcileDay(day: string): Promise<ReconciliationReport>;
    /** The operator console's server (server/console/app.ts): main.ts listens with it on OPS_PORT. */
    opsConsole: FastifyInstance;
  }
}

/** How often the daily reconciliation job looks whether yesterday still needs reconciling. */
const RECONCILIATION_CHECK_MS = 15 * 60_000;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Every request body of the contract is a few fields; 16 KiB is generous and bounds parsing work. */
const BODY_LIMIT = 16 * 1024;

export interface AppDeps {
  /** Migrated database; whoever opened it closes it. */
  db: Database;
  clock?: Clock;
  /** Where the purchase's biller timeout comes from; default the system's timers (a test hands in its clock). */
  timeouts?: Timeouts;
  /** Default: SMTP when SMTP_URL is set, else the development outbox. */
  mailer?: Mailer;
  /** Default: Turnstile when CAPTCHA_SECRET is set, else the development verifier. */
  captcha?: CaptchaVerifier;
  /** Default: the partners BANK_PARTNERS lists (the simulated one: Paystack's webhook format, keyed with BANK_WEBHOOK_SECRET). */
  banks?: BankPartner[];
  /** Default: BILLER's — the simulated aggregator (gateways/simulatedBiller.ts) or VTpass (gateways/vtpassBiller.ts). */
  biller?: Biller;
  /** Default: config.identity's provider (gateways/simulatedIdentity.ts or dojahIdentity.ts). */
  identity?: IdentityGateway;
  /**
   * How refresh-transaction asks a gateway about a pending transaction, per category. Funding
   * needs none (it is credited only once the bank reports success); purchases plug theirs in
   * (these override them, for tests).
   */
  requeries?: RequeryHooks;
  /** Run the background jobs (the purchase requery job, the catalogue sync) while the server is up: main.ts; tests call jobs directly. */
  runJobs?: boolean;
  /** The database is the embedded PGlite (no autovacuum): with runJobs, the app keeps its planner statistics current (jobs/plannerStatistics.ts). */
  embeddedDatabase?: boolean;
  /**
   * Create the demo account if the database has no user yet, and complete it with the partners
   * (main.ts: embedded database, development); with runJobs, a job finishes what a partner
   * refusing or down at start could not.
   */
  seedDemoAccount?: boolean;
  /** Where log lines go; default standard output. */
  logStream?: { write(line: string): void };
  /** Default: Redis when REDIS_URL is set, else the database; whoever passes them closes them. */
  counters?: RequestCounters;
}

/** Request logs carry no query string: /reset?token=… is a secret. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  remoteAddress: request.ip,
});

/** The API server and, when built, the SPA; not listening yet. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines carry the method, path and address only: no body (pins, codes, passwords), no header (tokens).
    logger: { level: config.logLevel, serializers: { req: requestSerializer }, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A URL the router cannot decode is refused before any route: answered as the envelope too.
    frameworkErrors: errorHandler,
    // Our own id per request, or the caller's when it is a sane token (requestContext.ts); returned as X-Request-Id.
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Requests that arrive once close() began are answered by routes/draining.ts, with Retry-After.
    return503OnClosing: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  const draining = { gate: new DrainGate(), stopWaiting: new AbortController(), shutdownTimeoutMs: config.shutdownTimeoutMs };
  registerDraining(app, draining);
  // Everything the handler starts (gateway calls included) runs in the request's context. Entered
  // once the body is read: the body's stream events would run outside a context entered before.
  app.addHook('preValidation', (request, _reply, done) => runInContext({ requestId: request.id }, done));

  const mailer = deps.mailer ?? defaultMailer(app, config);
  const ctx: AppContext = {
    db: deps.db.withPlugin(draining.gate),
    // Development's clock can be moved forward (POST /dev/clock); production's is the system's.
    clock: deps.clock ?? (config.production ? systemClock : new OffsetClock()),
    hashToken: createTokenHasher(config.tokenKey),
    secrets: createSecretBox(config.pinKey),
    mailer,
    deliverMail: (mail) => void mailer.send(mail).catch((error: unknown) => app.log.error({ err: error }, 'mail not sent after commit')),
    publicUrl: config.publicUrl,
    pinMaxAttempts: config.pinMaxAttempts,
    sessions: config.sessions,
    liveBankPartners: [],
    systemAccounts: new Map(),
  };
  const backlogOf: { partners?: () => Promise<PartnerBacklog[]> } = {};
  const metrics = createMetrics({
    requeryBacklog: () => requeryBacklog(deps.db, ctx.clock.now()),
    partnerBacklog: () => backlogOf.partners?.() ?? Promise.resolve([]),
    searchThrottled: () => throttledStaff(deps.db, ctx.clock.now()),
  });
  const observe = (call: GatewayCall) => {
    recordGatewayCall(metrics, call);
    const line = { requestId: currentContext()?.requestId, gateway: call.gateway, partner: call.partner, operation: call.operation, outcome: call.outcome, duration_ms: Math.round(call.durationMs) };
    if (call.outcome === 'error') app.log.warn({ ...line, err: call.error }, 'gateway call failed');
    else app.log.info(line, 'gateway call');
  };
  const banks = (deps.banks ?? configuredBankPartners(config, app.log, ctx.clock)).map((bank) => observedBank(bank, observe));
  ctx.liveBankPartners = banks.map((bank) => bank.provider);
  backlogOf.partners = partnerBacklogReader(ctx, banks);
  // Card top-ups go through the first listed partner that takes cards.
  const cards: CardTopUpDeps = { bank: banks.find((bank): bank is BankPartner & { cards: CardGateway } => bank.cards !== null), feeBearer: config.cardFeeBearer };
  const demoJob = deps.seedDemoAccount ? await seedDemoAccount(app, ctx, banks, deps.runJobs === true) : undefined;
  const captcha = deps.captcha ?? defaultCaptcha(config, ctx.clock);

  app.setErrorHandler(errorHandler);
  await registerOpenApi(app, { development: !config.production, publicUrl: config.publicUrl });
  registerRequestMetrics(app, metrics);
  registerMetricsEndpoint(app, metrics, config);
  app.decorateRequest('auth', null);
  registerSecurityHeaders(app, config.production);
  const counters = deps.counters ?? (await defaultCounters(app, config, deps.db, ctx.clock));
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters, ctx.hashToken) });
  // Responses carry session tokens and identity numbers: no cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/(api|dev)\//.test(request.url)) reply.header('Cache-Control', 'no-store');
  });

  registerHealthRoutes(app, deps.db, async () => ({ partners: await backlogOf.partners!() }));
  registerAuthRoutes(app, { ctx, captcha, limits: config.rateLimits });
  registerUserRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerNotificationRoutes(app, { ctx, limits: config.rateLimits });
  const biller = deps.biller ?? defaultBiller(app, config, ctx.clock);
  const purchases: PurchaseDeps = { biller: observedBiller(biller, observe), billerTimeoutMs: config.billerTimeoutMs, timeouts: deps.timeouts, stopWaiting: draining.stopWaiting.signal };
  // Once the app starts (its database migrated): no purchase then looks these accounts up.
  app.addHook('onReady', () =>
    rememberSystemAccounts(ctx, { billers: [biller.name], partners: banks.map((bank) => bank.provider), cardPartners: cards.bank ? [cards.bank.provider] : [] }),
  );
  const requeries = { ...purchaseRequeries(purchases), ...deps.requeries };
  registerWalletRoutes(app, { ctx, requeries, limits: config.rateLimits });
  const identity = deps.identity ?? defaultIdentity(config);
  registerAccountRoutes(app, { ctx, identity, banks, limits: config.rateLimits });
  registerFundingRoutes(app, { ctx, banks, identity, cards, limits: config.rateLimits });
  registerPurchaseRoutes(app, { ctx, purchases, limits: config.rateLimits });
  const schedules: ScheduleDeps = { ...purchases, graceMs: config.schedules.graceMs };
  registerScheduleRoutes(app, { ctx, schedules, limits: config.rateLimits });
  registerBeneficiaryRoutes(app, { ctx, limits: config.rateLimits });
  registerProblemReportRoutes(app, { ctx, limits: config.rateLimits });
  registerStatementRoutes(app, { ctx, limits: config.rateLimits });
  if (deps.runJobs && config.requeryIntervalMs > 0) {
    let requeryJob: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      requeryJob = startRequeryJob(ctx, purchases, config.requeryIntervalMs, app.log);
    });
    app.addHook('onClose', async () => requeryJob?.stop());
  }
  if (deps.runJobs && config.schedules.intervalMs > 0) {
    let scheduleJob: PeriodicJob | undefined;
    const stopping = new AbortController();
    app.addHook('onReady', async () => {
      scheduleJob = startScheduleJob(ctx, schedules, config.schedules.intervalMs, app.log, stopping.signal);
    });
    // From the shutdown's first moment no scheduled run begins; those under way finish before the database is released.
    app.addHook('preClose', async () => stopping.abort());
    app.addHook('onClose', async () => scheduleJob?.stop());
  }
  if (deps.runJobs && isPlanSource(biller)) {
    let catalogJob: PeriodicJob | undefined;
    // Awaited: the server starts listening with the biller's plans, never the seeded ones.
    app.addHook('onReady', async () => {
      catalogJob = await startCatalogSyncJob(ctx, biller, { marginPercent: config.catalog.marginPercent }, config.catalog.syncIntervalMs, app.log);
    });
    app.addHook('onClose', async () => catalogJob?.stop());
  }
  const reconciliation = { banks, purchases };
  app.decorate('reconcileDay', async (day: string) => {
    await claimDay(ctx, day, { force: true });
    const report = await reconcileDay(ctx, reconciliation, day);
    await finishDay(ctx, report);
    return report;
  });
  if (deps.runJobs) {
    let reconciliationJob: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      reconciliationJob = startReconciliationJob(ctx, reconciliation, RECONCILIATION_CHECK_MS, app.log);
    });
    app.addHook('onClose', async () => reconciliationJob?.stop());
  }
  if (deps.runJobs && deps.embeddedDatabase) {
    let statisticsJob: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      statisticsJob = startPlannerStatisticsJob(deps.db, PLANNER_STATISTICS_CHECK_MS, app.log);
    });
    app.addHook('onClose', async () => statisticsJob?.stop());
  }
  if (deps.runJobs && config.auditIntervalMs > 0) {
    let auditJob: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      auditJob = startLedgerAuditJob(deps.db, config.auditIntervalMs, { log: app.log, record: (problems) => recordLedgerAudit(metrics, problems) });
    });
    app.addHook('onClose', async () => auditJob?.stop());
  }
  if (deps.runJobs) {
    let partnerJob: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      partnerJob = startPartnerRetryJob(ctx, { banks, cards }, PARTNER_RETRY_INTERVAL_MS, app.log);
    });
    app.addHook('onClose', async () => partnerJob?.stop());
  }
  registerBankWebhooks(app, { ctx, banks, cards });
  if (!config.production) {
    // Moving the clock makes what became due at once, as the next job runs would: the demo
    // account's next try (its partners' breakers read the same clock), then the schedules.
    const clockMoved = async () => {
      // A run already under way began before the move: the second one starts after it.
      await demoJob?.run();
      await demoJob?.run();
      return runDueSchedules(ctx, schedules, {}, app.log);
    };
    registerDevRoutes(app, { outbox: mailer instanceof DevOutbox ? mailer : undefined, ctx, banks, clock: ctx.clock, clockMoved });
    const simulated = banks.find((bank) => bank.provider === 'simulated');
    if (simulated) registerDevCheckout(app, simulated as SimulatedBank);
  }
  app.setNotFoundHandler(notFoundHandler(await registerSpa(app, config.staticDir)));
  // The operator console: an instance of its own, listened on at OPS_PORT by main.ts, never on this one.
  const providers: ProviderHealth = () => [{ name: biller.name, kind: 'biller', breaker: breakerOf(biller) }, ...banks.map((bank) => ({ name: bank.provider, kind: 'bank' as const, breaker: breakerOf(bank) }))];
  const requeryNow = (tx: AppContext, id: bigint) => requeryPurchase(tx, purchases, id);
  const opsConsole = await buildConsoleApp(config, {
    ctx,
    counters,
    requeries,
    requeryNow,
    providers,
    log: app.log,
    // The console's own setting: the customer's load balancers are no proxy of the console's.
    trustProxy: config.ops.trustProxy,
    draining,
  });
  app.decorate('opsConsole', opsConsole);
  // The console drains alongside the customer API, not after it: both begin closing at once.
  let consoleClosed: Promise<undefined> | undefined;
  app.addHook('preClose', async () => {
    consoleClosed = opsConsole.close();
  });
  app.addHook('onClose', async () => consoleClosed ?? opsConsole.close());
  return app;
}

/** How long a start waits for the demo account's partners before serving anyway (the demo job finishes it). */
const DEMO_START_WAIT_MS = 5_000;
/** The demo job's interval; moving the development clock (POST /dev/clock) runs it at once too. */
const DEMO_RETRY_MS = 15_000;

/**
 * Development: the demo account, created on the first start of an empty database, then brought
 * to what docs/development.md, "The demo account" promises by its partners (services/enrolment.ts).
 * A partner that refuses or is down never stops the start: the first try is waited for a few
 * seconds at most, and until the account is complete a job tries again. Returns that job, if one
 * was started, so that moving the development clock can run it at once.
 */
async function seedDemoAccount(app: FastifyInstance, ctx: AppContext, banks: readonly BankPartner[], runJobs: boolean): Promise<PeriodicJob | undefined> {
  if (await seedDemoAccountIfEmpty(ctx)) app.log.info(`demo account created: ${DEMO_ACCOUNT.email}`);
  const complete = () =>
    completeDemoAccount(ctx, banks).catch((error: unknown) => {
      app.log.warn({ err: error }, 'demo account: its partners could not complete it yet');
      return false;
    });
  let wait: NodeJS.Timeout | undefined;
  const done = await Promise.race([complete(), new Promise<false>((resolve) => (wait = setTimeout(() => resolve(false), DEMO_START_WAIT_MS).unref()))]);
  clearTimeout(wait);
  if (done || !runJobs) return undefined;
  app.log.warn('demo account: its accounts or funding are not ready yet; trying again every 15 s');
  let finished = false;
  const job: PeriodicJob = startPeriodic(
    async () => {
      if (finished || !(await complete())) return;
      finished = true;
      app.log.info('demo account: complete');
      void job.stop();
    },
    DEMO_RETRY_MS,
    { log: app.log, message: 'demo account job failed' },
  );
  app.addHook('onClose', async () => job.stop());
  return job;
}

const isPlanSource = (biller: Biller): biller is Biller & PlanSource => typeof (biller as Partial<PlanSource>).plans === 'function';

function defaultBiller(app: FastifyInstance, config: Config, clock: Clock): Biller {
  if (config.biller.kind === 'simulated') return new SimulatedBiller({ latencyMs: config.simulatedBillerLatencyMs, now: () => clock.now() });
  const { baseUrl, apiKey, publicKey, secretKey } = config.biller;
  return new VtpassBiller({ baseUrl, apiKey, publicKey, secretKey, timeoutMs: config.billerTimeoutMs, log: app.log.child({ gateway: 'vtpass' }) });
}

/** The development stand-ins exist only in development mode, whatever configuration object buildApp is handed. */
function developmentOnly(config: Config, variable: string) {
  if (config.production) throw new Error(`${variable} is required in production: the development stand-in is not available`);
}

function defaultIdentity(config: Config): IdentityGateway {
  if (config.identity.provider === 'dojah') return new DojahIdentity(config.identity);
  developmentOnly(config, 'IDENTITY');
  return new SimulatedIdentity();
}

function defaultCaptcha(config: Config, clock: Clock): CaptchaVerifier {
  if (config.captchaSecret) {
    const hostname = new URL(config.publicUrl).hostname;
    return new TurnstileCaptcha({ secret: config.captchaSecret, verifyUrl: config.captchaVerifyUrl, hostname, now: () => clock.now() });
  }
  developmentOnly(config, 'CAPTCHA_SECRET');
  return new DevCaptcha();
}

/** Request-rate counters every replica shares: Redis when configured, else the database. */
async function defaultCounters(app: FastifyInstance, config: Config, db: Database, clock: Clock): Promise<RequestCounters> {
  if (!config.redisUrl) return new DatabaseCounters(db, clock);
  const redis = await connectRedis(config.redisUrl, (error) => app.log.error({ err: error }, 'redis: request counters unavailable'));
  app.addHook('onClose', async () => void (await redis.quit()));
  return new RedisCounters(redis);
}

function defaultMailer(app: FastifyInstance, config: Config): Mailer {
  // Only who and what: the text holds codes and reset links, which no log line may carry.
  if (!config.smtpUrl) {
    developmentOnly(config, 'SMTP_URL');
    return new DevOutbox({ print: (mail) => app.log.info(`mail to ${mail.to}: ${mail.subject} (read it at /dev/mailbox)`) });
  }
  const smtp = new SmtpMailer(config.smtpUrl, config.mailFrom);
  app.addHook('onClose', async () => smtp.close());
  return smtp;
}
