import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GatewayCall } from './gateways/observed';
import type { PartnerBacklog } from './services/funding/partnerBacklog';
import type { OutboxBacklog } from './services/notifications/outbox';
import type { RefundCause } from './services/purchases/wording';

/**
 * The metric families an operator watches (docs/operations.md, "Metrics"), in one registry per app
 * (tests build many apps in one process). Counters count from the moment the process started;
 * Prometheus' rate() turns them into rates and adds replicas up.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /**
   * outcome: completed, processing (with the biller, the requery job settles it), failed
   * (refunded), refused (nothing bought).
   */
  purchases: Counter<'service' | 'outcome'>;
  /**
   * How long after its debit each bill was refunded, by cause: failed (the biller said so; the
   * framework wants it within 30 s) or deadline (unconfirmed at 24 hours). Above 86400 is a breach.
   */
  refundDelay: Histogram<'cause'>;
  gatewayDuration: Histogram<'gateway' | 'partner' | 'operation' | 'outcome'>;
  gatewayErrors: Counter<'gateway' | 'partner' | 'operation'>;
  /**
   * outcome: credited, duplicate (a copy of a credited transfer), unmatched (suspense), ignored,
   * refused (bad signature or body).
   */
  webhooks: Counter<'outcome'>;
  rateLimitRefusals: Counter<'route'>;
  /** 1 while this replica counts requests in its own memory because the shared counters (Redis) do not answer. */
  rateLimitStoreAway: Gauge;
  /** Requests counted in this replica's memory instead of the shared counters. */
  rateLimitCountedHere: Counter;
  /** kind: logout (the wrong pin that ended every session), locked (purchases locked until the pin is reset). */
  pinLockouts: Counter<'kind'>;
  /** kind: captcha (bot check required), throttled (wait), reset-required (password reset required). */
  loginLockouts: Counter<'kind'>;
  ledgerAuditRuns: Counter<'result'>;
  ledgerAuditFailures: Counter;
  ledgerAuditProblems: Gauge;
}

/** What the gauges read at each scrape. */
export interface BacklogSource {
  /** Bills still processing, and the age in seconds of the oldest one (0 when none). */
  requeryBacklog(): Promise<{ count: number; oldestAgeSeconds: number }>;
  /** What could not be done with each bank partner yet (services/partnerBacklog.ts). */
  partnerBacklog?(): Promise<PartnerBacklog[]>;
  /** Staff members the console's search throttle refused within the hour (console/services/searchThrottle.ts). */
  searchThrottled?(): Promise<number>;
  /** Messages waiting to be sent and given up, per channel (services/notifications/outbox.ts). */
  outboxBacklog?(): Promise<OutboxBacklog[]>;
  /** Products not sold now, by why (services/purchases/productPauses.ts). */
  pausedProducts?(): Promise<{ failing: number; staff: number }>;
}

const PARTNER_BACKLOG_KINDS = [
  'waiting_enrolments',
  'enrolments_needing_identity',
  'pending_confirmations',
  'open_card_payments',
] as const;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const HOUR = 3600;
/** A refund's time after the debit: the 30-second and 24-hour limits are bucket bounds. */
const REFUND_SECONDS = [1, 5, 10, 30, 60, 300, 900, HOUR, 6 * HOUR, 12 * HOUR, 23 * HOUR, 24 * HOUR, 48 * HOUR];

export function createMetrics(backlog: BacklogSource): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // Both gauges from one query per scrape; a scrape while the database is away leaves them as they were.
  let pending: Promise<void> | undefined;
  const readBacklog = () =>
    (pending ??= backlog
      .requeryBacklog()
      .then(({ count, oldestAgeSeconds }) => {
        backlogCount.set(count);
        oldestAge.set(oldestAgeSeconds);
      })
      .catch(() => undefined)
      .finally(() => (pending = undefined)));
  const backlogCount = new Gauge({
    name: 'wallet_requery_backlog',
    help: 'Bills still processing (with the biller or waiting for the requery job)',
    registers,
    collect: readBacklog,
  });
  const oldestAge = new Gauge({
    name: 'wallet_oldest_processing_bill_age_seconds',
    help: 'Age of the oldest bill still processing; growing means the requery job or the biller is stuck',
    registers,
    collect: readBacklog,
  });

  new Gauge({
    name: 'wallet_partner_backlog',
    help:
      'What could not be done with a bank partner yet, by kind: enrolments waiting on it or needing the ' +
      'number again, webhooks not confirmed yet, card payments still open',
    labelNames: ['partner', 'kind'],
    registers,
    async collect() {
      const partners = await backlog.partnerBacklog?.().catch(() => undefined);
      for (const partner of partners ?? [])
        for (const kind of PARTNER_BACKLOG_KINDS) this.set({ partner: partner.partner, kind }, partner[kind]);
    },
  });
  new Gauge({
    name: 'wallet_partner_breaker_open',
    help: "1 while a bank partner's circuit breaker refuses calls (open or half-open), 0 while it answers",
    labelNames: ['partner'],
    registers,
    async collect() {
      const partners = await backlog.partnerBacklog?.().catch(() => undefined);
      for (const partner of partners ?? [])
        if (partner.breaker !== 'none') this.set({ partner: partner.partner }, partner.breaker === 'closed' ? 0 : 1);
    },
  });

  registerOutboxGauges(registers, backlog);

  // Read from the database at each scrape: every replica reports the same figure.
  new Gauge({
    name: 'wallet_products_paused',
    help: 'Products (a provider of a service) not sold now, by cause: failing (the server paused it) or staff',
    labelNames: ['cause'],
    registers,
    async collect() {
      const paused = await backlog.pausedProducts?.().catch(() => undefined);
      if (paused) for (const cause of ['failing', 'staff'] as const) this.set({ cause }, paused[cause]);
    },
  });

  // Read from the audit at each scrape: every replica reports the same figure, restarts included.
  new Gauge({
    name: 'wallet_console_search_throttled_staff',
    help: "Staff members whose customer searches the console's throttle refused within the last hour (0 is normal)",
    registers,
    async collect() {
      const staff = await backlog.searchThrottled?.().catch(() => undefined);
      if (staff !== undefined) this.set(staff);
    },
  });

  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    }),
    purchases: new Counter({
      name: 'wallet_purchases_total',
      help: 'Purchase requests answered, by service and outcome',
      labelNames: ['service', 'outcome'],
      registers,
    }),
    refundDelay: new Histogram({
      name: 'wallet_refund_delay_seconds',
      help:
        "Time from a bill's debit to its refund, by cause (failed: the biller said so; deadline: not confirmed " +
        'in 24 hours); the framework wants failed ones within 30 s and every one within 86400 s',
      labelNames: ['cause'],
      buckets: REFUND_SECONDS,
      registers,
    }),
    gatewayDuration: new Histogram({
      name: 'wallet_gateway_call_duration_seconds',
      help: 'Calls to the biller and the bank partner, by operation and outcome',
      labelNames: ['gateway', 'partner', 'operation', 'outcome'],
      buckets: SECONDS,
      registers,
    }),
    gatewayErrors: new Counter({
      name: 'wallet_gateway_call_errors_total',
      help: 'Calls to the biller and the bank partner that failed (error or no answer in time)',
      labelNames: ['gateway', 'partner', 'operation'],
      registers,
    }),
    webhooks: new Counter({
      name: 'wallet_bank_webhooks_total',
      help: 'Bank transfer webhooks, by outcome (credited, duplicate, unmatched, ignored, refused)',
      labelNames: ['outcome'],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'wallet_rate_limit_refusals_total',
      help: 'Requests refused by a per-client request limit (429)',
      labelNames: ['route'],
      registers,
    }),
    rateLimitStoreAway: new Gauge({
      name: 'wallet_rate_limit_store_away',
      help:
        '1 while the shared request counters (REDIS_URL) do not answer and this replica enforces the limits in its ' +
        'own memory; 0 while they answer',
      registers,
    }),
    rateLimitCountedHere: new Counter({
      name: 'wallet_rate_limit_counted_here_total',
      help: "Requests counted in this replica's memory because the shared request counters did not answer",
      registers,
    }),
    pinLockouts: new Counter({
      name: 'wallet_pin_lockouts_total',
      help: 'Wrong-pin logouts and pin locks',
      labelNames: ['kind'],
      registers,
    }),
    loginLockouts: new Counter({
      name: 'wallet_login_lockouts_total',
      help: 'Logins held back after failed attempts (bot check, wait, password reset)',
      labelNames: ['kind'],
      registers,
    }),
    ledgerAuditRuns: new Counter({
      name: 'wallet_ledger_audit_runs_total',
      help: 'Ledger audit runs, by result (clean, failed)',
      labelNames: ['result'],
      registers,
    }),
    ledgerAuditFailures: new Counter({
      name: 'wallet_ledger_audit_failures_total',
      help: 'Ledger audit runs that found a problem (page someone)',
      registers,
    }),
    ledgerAuditProblems: new Gauge({
      name: 'wallet_ledger_audit_problems',
      help: 'Problems the latest ledger audit found (0 is healthy)',
      registers,
    }),
  };
}

/**
 * The outbox's three gauges, from one query per scrape; a scrape while the database is away
 * leaves them as they were.
 */
function registerOutboxGauges(registers: Registry[], backlog: BacklogSource) {
  let pending: Promise<void> | undefined;
  const read = () =>
    (pending ??= (backlog.outboxBacklog?.() ?? Promise.resolve([]))
      .then((channels) => {
        for (const { channel, ...figures } of channels) {
          waiting.set({ channel }, figures.pending);
          oldest.set({ channel }, figures.oldestPendingAgeSeconds);
          givenUp.set({ channel }, figures.undeliverable);
        }
      })
      .catch(() => undefined)
      .finally(() => (pending = undefined)));
  const waiting = new Gauge({
    name: 'wallet_outbox_pending',
    help: 'Messages (receipts, notices) committed but not yet accepted by the provider, by channel',
    labelNames: ['channel'],
    registers,
    collect: read,
  });
  const oldest = new Gauge({
    name: 'wallet_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest message still waiting to be sent, by channel; growing means the provider is not accepting',
    labelNames: ['channel'],
    registers,
    collect: read,
  });
  const givenUp = new Gauge({
    name: 'wallet_outbox_undeliverable',
    help: 'Messages given up (refused for good, or tried for two days) and kept for staff, by channel',
    labelNames: ['channel'],
    registers,
    collect: read,
  });
}

/** A gateway call into its two families. */
export function recordGatewayCall(metrics: Metrics, call: GatewayCall) {
  const labels = { gateway: call.gateway, partner: call.partner, operation: call.operation };
  metrics.gatewayDuration.observe({ ...labels, outcome: call.outcome }, call.durationMs / 1000);
  if (call.outcome === 'error') metrics.gatewayErrors.inc(labels);
}

/** A bill refunded: how long after its debit, by cause. */
export function recordRefund(metrics: Metrics, refund: { cause: RefundCause; delayMs: number }) {
  metrics.refundDelay.observe({ cause: refund.cause }, refund.delayMs / 1000);
}

/** A ledger audit run: its result, and the problems it found (0 when clean). */
export function recordLedgerAudit(metrics: Metrics, problems: string[]) {
  metrics.ledgerAuditRuns.inc({ result: problems.length === 0 ? 'clean' : 'failed' });
  metrics.ledgerAuditProblems.set(problems.length);
  if (problems.length > 0) metrics.ledgerAuditFailures.inc();
}
