import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { OffsetClock, systemClock, type Clock, type Timeouts } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { BankPartner, CardGateway } from './gateways/bankPartner';
import { defaultGateways, type Gateways } from './gateways/defaults';
import { observedBank, observedBiller, type GatewayCall } from './gateways/observed';
import { requeryBacklog } from './jobs/requery';
import { createMetrics, recordGatewayCall, recordRefund, type Metrics } from './metrics';
import { currentContext } from './http/requestContext';
import type { Draining } from './http/draining';
import { recordAudit } from './console/services/audit';
import { throttledStaff } from './console/services/searchThrottle';
import type { CardTopUpDeps } from './services/funding/cardTopUps';
import type { AppContext } from './services/context';
import { rememberSystemAccounts } from './services/ledger/ledger';
import { partnerBacklogReader, type PartnerBacklog } from './services/funding/partnerBacklog';
import type { PurchaseDeps } from './services/purchases/billerCalls';
import { pausedProducts } from './services/purchases/productPauses';
import { purchaseRequeries } from './services/purchases/requery';
import { immediateSender, outboxBacklog, type OutboxDeps } from './services/notifications/outbox';
import type { ScheduleDeps } from './services/schedules/running';
import { createSecretBox } from './services/identity/secretBox';
import type { RequeryHooks } from './services/records/transactions';
import { createTokenHasher } from './services/account/tokens';

/** What a server is built from; every gateway left out is the configured one (gateways/defaults.ts). */
export interface SharedDeps extends Partial<Gateways> {
  /** Migrated database; whoever opened it closes it. */
  db: Database;
  clock?: Clock;
  /** Where the purchase's biller timeout comes from; default the system's timers (a test hands in its clock). */
  timeouts?: Timeouts;
  /**
   * How refresh-transaction asks a gateway about a pending transaction, per category. Funding
   * needs none (it is credited only once the bank reports success); purchases plug theirs in
   * (these override them, for tests).
   */
  requeries?: RequeryHooks;
}

/**
 * What the customer API, the operator console and the background jobs share: one service
 * context over the drained database, the gateways (the bank partners observed: every call
 * counted and logged), and how purchases, schedules and card top-ups reach them.
 */
export interface Shared extends Gateways {
  ctx: AppContext;
  /** The database without the drain gate: the health probes, the metrics and the database's own jobs. */
  db: Database;
  draining: Draining;
  metrics: Metrics;
  /** Card top-ups go through the first listed partner that takes cards. */
  cards: CardTopUpDeps;
  purchases: PurchaseDeps;
  schedules: ScheduleDeps;
  requeries: RequeryHooks;
  partnerBacklog: () => Promise<PartnerBacklog[]>;
  /** What the outbox job sends with: the database without the drain gate, and each channel's sender. */
  outbox: OutboxDeps;
}

/** Builds the shared services on the customer app, whose logger they write to and whose close releases them. */
export async function buildShared(
  app: FastifyInstance,
  config: Config,
  deps: SharedDeps,
  draining: Draining,
): Promise<Shared> {
  // Development's clock can be moved forward (POST /dev/clock); production's is the system's.
  const clock = deps.clock ?? (config.production ? systemClock : new OffsetClock());
  const metrics = createMetrics({
    requeryBacklog: () => requeryBacklog(deps.db, clock.now()),
    // Read at a scrape, long after the reader below exists.
    partnerBacklog: () => partnerBacklog(),
    searchThrottled: () => throttledStaff(deps.db, clock.now()),
    outboxBacklog: () => outboxBacklog(deps.db, clock.now()),
    pausedProducts: () => pausedProducts(deps.db),
  });
  const gateways = await defaultGateways(app, config, { ...deps, clock, metrics });
  const observe = gatewayObserver(app.log, metrics);
  const banks = gateways.banks.map((bank) => observedBank(bank, observe));
  const { mailer, sms } = gateways;
  const secrets = createSecretBox(config.pinKey);
  const outbox: OutboxDeps = { db: deps.db, clock, secrets, senders: { email: mailer, sms }, log: app.log };
  // Right after each commit; what fails there is the outbox job's, and a closing app waits for
  // the attempts under way before its database is released.
  const sendNow = immediateSender(outbox, (error) => app.log.error({ err: error }, 'outbox: attempt not recorded'));
  app.addHook('onClose', () => untilGivenUp(sendNow.settled(), draining.stopWaiting.signal));
  const ctx: AppContext = {
    db: deps.db.withPlugin(draining.gate),
    clock,
    hashToken: createTokenHasher(config.tokenKey),
    secrets,
    mailer,
    sms,
    afterCommit: (work) => work(),
    sendQueued: (message) => sendNow.send(message),
    publicUrl: config.publicUrl,
    pinMaxAttempts: config.pinMaxAttempts,
    sessions: config.sessions,
    liveBankPartners: banks.map((bank) => bank.provider),
    systemAccounts: new Map(),
    refunded: (refund) => recordRefund(metrics, refund),
  };
  const partnerBacklog = partnerBacklogReader(ctx, banks);
  const takesCards = (bank: BankPartner): bank is BankPartner & { cards: CardGateway } => bank.cards !== null;
  const cards: CardTopUpDeps = { bank: banks.find(takesCards), feeBearer: config.cardFeeBearer };
  const purchases: PurchaseDeps = {
    biller: observedBiller(gateways.biller, observe),
    billerTimeoutMs: config.billerTimeoutMs,
    timeouts: deps.timeouts,
    stopWaiting: draining.stopWaiting.signal,
    // The server's own pauses and resumes of a failing product, beside staff's in the audit.
    recordPause: (tx, record) => recordAudit(tx, { automatic: 'product health' }, record),
  };
  // Once the app starts (its database migrated): no purchase then looks these accounts up.
  const cardPartners = cards.bank ? [cards.bank.provider] : [];
  const billers = [gateways.biller.name];
  app.addHook('onReady', () => rememberSystemAccounts(ctx, { billers, partners: ctx.liveBankPartners, cardPartners }));
  const requeries = { ...purchaseRequeries(purchases), ...deps.requeries };
  const schedules: ScheduleDeps = { ...purchases, graceMs: config.schedules.graceMs };
  const services = {
    ctx,
    db: deps.db,
    draining,
    metrics,
    cards,
    purchases,
    schedules,
    requeries,
    partnerBacklog,
    outbox,
  };
  return { ...gateways, banks, ...services };
}

/**
 * What a closing app waits for, until the shutdown can wait no longer: a send still hanging then
 * is left, its message held and sent again by any replica's job (under the same id).
 */
function untilGivenUp(work: Promise<void>, givenUp: AbortSignal): Promise<void> {
  if (givenUp.aborted) return Promise.resolve();
  return Promise.race([
    work,
    new Promise<void>((resolve) => givenUp.addEventListener('abort', () => resolve(), { once: true })),
  ]);
}

/** Every gateway call counted (metrics.ts) and logged with the request it served; a failed one at warn. */
function gatewayObserver(log: FastifyBaseLogger, metrics: Metrics) {
  return (call: GatewayCall) => {
    recordGatewayCall(metrics, call);
    const { gateway, partner, operation, outcome } = call;
    const duration_ms = Math.round(call.durationMs);
    const line = { requestId: currentContext()?.requestId, gateway, partner, operation, outcome, duration_ms };
    if (outcome === 'error') log.warn({ ...line, err: call.error }, 'gateway call failed');
    else log.info(line, 'gateway call');
  };
}
