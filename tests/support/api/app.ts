import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../../core/contract';
import { loadConfig, type Config, type RateLimits } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/database';
import type { Database } from '../../../server/db/schema';
import type { BankPartner } from '../../../server/gateways/bankPartner';
import type { Biller } from '../../../server/gateways/biller';
import type { IdentityGateway } from '../../../server/gateways/identity';
import { SimulatedIdentity } from '../../../server/gateways/simulatedIdentity';
import type { CaptchaVerifier } from '../../../server/gateways/captcha';
import { DevOutbox } from '../../../server/gateways/devOutbox';
import { DevSms } from '../../../server/gateways/devSms';
import type { Mailer } from '../../../server/gateways/mailer';
import type { RequestCounters } from '../../../server/gateways/requestCounters';
import type { SmsSender } from '../../../server/gateways/sms';
import { buildServer } from '../../../server/server';
import { immediateSender } from '../../../server/services/notifications/outbox';
import type { AppContext } from '../../../server/services/context';
import { createSecretBox } from '../../../server/services/identity/secretBox';
import { createTokenHasher } from '../../../server/services/account/tokens';
import type { RequeryHooks } from '../../../server/services/records/transactions';
import type { Backend } from './backends';
import { ManualClock } from './manualClock';
import { scanResponsesForPins, type PinScan } from './pinScan';

export interface Reply<T> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON; a string is sent as is (for malformed bodies). */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The client's address (default 127.0.0.1), for per-address limits. */
  remoteAddress?: string;
}

export interface TestApp {
  /** The customer API. */
  app: FastifyInstance;
  /** The operator console, built beside it over the same services; closed with it. */
  opsConsole: FastifyInstance;
  db: Database;
  config: Config;
  /** A service context over the app's database, clock and keys, for calling services directly. */
  ctx: AppContext;
  clock: ManualClock;
  outbox: DevOutbox;
  /** The texts the app sent (GET /dev/sms lists them too), unless the test handed in a sender of its own. */
  texts: DevSms;
  /** Waits until every message the test's own service calls queued so far is tried and its outbox row marked. */
  messagesSettled: () => Promise<void>;
  backend: Backend['name'];
  /** Every response of this app is checked for transaction pins (support/pinScan.ts). */
  pinScan: PinScan;
  /** Fails, after the call, when its response (or any earlier one) held a pin. */
  call<T = unknown>(path: string, options?: CallOptions): Promise<Reply<T>>;
  close(): Promise<void>;
}

/**
 * Development configuration (chosen explicitly: the tests use /dev/* and the development keys),
 * quiet, without the built SPA, and with limits no ordinary test reaches: request limits × 1000,
 * sessions that end after 7 idle days or 30 days (tests move the clock by hours;
 * sessions.test.ts checks the real policy).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const { config } = loadConfig({
    APP_MODE: 'development',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    STATIC_DIR: '/nonexistent',
    RATE_LIMIT_MULTIPLIER: '1000',
    SESSION_IDLE_MINUTES: String(7 * 24 * 60),
    SESSION_LIFETIME_HOURS: String(30 * 24),
  });
  return { ...config, ...overrides };
}

/** Every per-client limit at `max` requests a minute, for the rate-limit tests. */
export function tightLimits(max: number): RateLimits {
  const limit = { max, windowMs: 60_000 };
  return {
    login: limit,
    register: limit,
    forgot: limit,
    reset: limit,
    resendOtp: limit,
    verifyOtp: limit,
    setPin: limit,
    changePassword: limit,
    changePin: limit,
    forgotPin: limit,
    resetPin: limit,
    phoneCode: limit,
    verifyPhone: limit,
    purchase: limit,
    verifyMerchant: limit,
    refreshTransaction: limit,
    statements: limit,
    updateProfile: limit,
    setLanguage: limit,
    loginFailures: limit,
    createAccounts: limit,
    fetchTransactions: limit,
    problemReports: limit,
    beneficiaries: limit,
    markNotification: limit,
    logout: limit,
    passkeySignIn: limit,
    passkeys: limit,
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  mailer?: Mailer;
  captcha?: CaptchaVerifier;
  /** One partner instead of the configured ones. */
  bank?: BankPartner;
  /** Several partners instead of the configured ones. */
  banks?: BankPartner[];
  /** Default: the simulated biller. */
  biller?: Biller;
  /** Default: the simulated identity provider. */
  identity?: IdentityGateway;
  requeries?: RequeryHooks;
  /** An already opened database instead of a fresh one of `backend` (e.g. with a bigger pool); closed with the app. */
  database?: DatabaseHandle;
  /** Receives the app's log lines (at config.logLevel). */
  logStream?: { write(line: string): void };
  /** Default: a clock of its own. */
  clock?: ManualClock;
  /** Default: an outbox of its own. */
  outbox?: DevOutbox;
  /** Default: development texts of its own (`texts`). */
  sms?: SmsSender;
  /** Default: the configuration's (the database unless redisUrl is set). */
  counters?: RequestCounters;
}

/** The real app on a fresh database of `backend`, called through fastify.inject (no network). */
export async function startTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await backend.open());
  const clock = options.clock ?? new ManualClock();
  const outbox = options.outbox ?? new DevOutbox({ print: () => {}, clock });
  const texts = new DevSms({ print: () => {}, clock });
  const sms = options.sms ?? texts;
  const config = testConfig(options.config);
  const banks = options.banks ?? (options.bank ? [options.bank] : undefined);
  const { app, opsConsole } = await buildServer(config, {
    db: database.db,
    clock,
    timeouts: clock,
    mailer: options.mailer ?? outbox,
    sms,
    captcha: options.captcha,
    banks,
    biller: options.biller,
    // The simulated provider even for a production configuration: these apps never call a real one.
    identity: options.identity ?? new SimulatedIdentity(),
    requeries: options.requeries,
    logStream: options.logStream,
    counters: options.counters,
  });
  const pinScan = scanResponsesForPins(app);
  const secrets = createSecretBox(config.pinKey);
  // What a test's own service calls queue is tried at once, as the app's is.
  const outboxDeps = { db: database.db, clock, secrets, senders: { email: options.mailer ?? outbox, sms } };
  const sendNow = immediateSender(outboxDeps, (error) => {
    throw error;
  });
  return {
    app,
    opsConsole,
    db: database.db,
    config,
    ctx: {
      db: database.db,
      clock,
      hashToken: createTokenHasher(config.tokenKey),
      secrets,
      mailer: outbox,
      sms,
      afterCommit: (work) => work(),
      sendQueued: (message) => sendNow.send(message),
      publicUrl: config.publicUrl,
      pinMaxAttempts: config.pinMaxAttempts,
      sessions: config.sessions,
      liveBankPartners: banks?.map((bank) => bank.provider) ?? config.bankPartners.names,
      systemAccounts: new Map(),
    },
    clock,
    outbox,
    texts,
    messagesSettled: () => sendNow.settled(),
    backend: backend.name,
    pinScan,
    async call<T>(path: string, { method = 'POST', body, token, headers = {}, remoteAddress }: CallOptions = {}) {
      const response = await app.inject({
        method,
        url: path,
        remoteAddress,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      pinScan.assertClean();
      return { status: response.statusCode, body: response.json<Envelope<T>>(), headers: response.headers };
    },
    async close() {
      await app.close();
      await sendNow.settled();
      await database.close();
      pinScan.assertClean();
    },
  };
}

/**
 * Two app instances on one database, one clock and one outbox, as two replicas behind a load
 * balancer: what one counts (failed logins, request rates), the other must see.
 */
export async function startReplicas(
  backend: Backend,
  options: Omit<TestAppOptions, 'database' | 'clock' | 'outbox'> = {},
  /** What differs between the two (e.g. each its own Redis client). */
  perReplica: (db: Database, clock: ManualClock) => Partial<TestAppOptions> = () => ({}),
) {
  const database = await backend.open();
  const clock = new ManualClock();
  const outbox = new DevOutbox({ print: () => {}, clock });
  // Each replica closes its app only; the pair closes the database once both are done.
  const shared = { ...database, close: async () => {} };
  const replica = () =>
    startTestApp(backend, { ...options, ...perReplica(database.db, clock), database: shared, clock, outbox });
  const replicas = [await replica(), await replica()] as const;
  return {
    replicas,
    clock,
    outbox,
    async close() {
      await Promise.all(replicas.map((replica) => replica.close()));
      await database.close();
    },
  };
}
