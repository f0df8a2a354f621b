import type { FastifyInstance } from 'fastify';
import { systemTimeouts, type Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Metrics } from '../metrics';
import type { BankPartner } from './bankPartner';
import type { Biller } from './biller';
import type { CaptchaVerifier } from './captcha';
import { configuredBankPartners } from './configuredPartners';
import { DevCaptcha } from './devCaptcha';
import { DevOutbox } from './devOutbox';
import { DevSms } from './devSms';
import { DojahIdentity } from './dojahIdentity';
import { FallbackCounters } from './fallbackCounters';
import type { IdentityGateway } from './identity';
import type { Mailer } from './mailer';
import { connectRedis, DatabaseCounters, RedisCounters, type RequestCounters } from './requestCounters';
import { SimulatedBiller } from './simulatedBiller';
import { SimulatedIdentity } from './simulatedIdentity';
import type { SmsSender } from './sms';
import { SmtpMailer } from './smtpMailer';
import { TermiiSms } from './termiiSms';
import { TurnstileCaptcha } from './turnstileCaptcha';
import { VtpassBiller } from './vtpassBiller';

/**
 * The providers a server talks to. Each is the one handed in (a test's), else the real provider
 * the configuration names, else, in development only, its simulated stand-in. Those that hold a
 * connection are closed with the app.
 */
export interface Gateways {
  /** Default: SMTP when SMTP_URL is set, else the development outbox. */
  mailer: Mailer;
  /**
   * Default: the partners BANK_PARTNERS lists (the simulated one: Paystack's webhook format, keyed with
   * BANK_WEBHOOK_SECRET).
   */
  banks: BankPartner[];
  /** Default: Turnstile when CAPTCHA_SECRET is set, else the development verifier. */
  captcha: CaptchaVerifier;
  /**
   * Default: Redis when REDIS_URL is set (with this replica's memory when it does not answer), else the
   * database; whoever passes them closes them.
   */
  counters: RequestCounters;
  /** Default: BILLER's — the simulated aggregator (simulatedBiller.ts) or VTpass (vtpassBiller.ts). */
  biller: Biller;
  /** Default: config.identity's provider (simulatedIdentity.ts or dojahIdentity.ts). */
  identity: IdentityGateway;
  /** Default: config.sms's provider (termiiSms.ts), else, in development only, the development texts (devSms.ts). */
  sms: SmsSender;
}

/** The gateways `given`, the configured or simulated ones for the rest. */
export async function defaultGateways(
  app: FastifyInstance,
  config: Config,
  given: Partial<Gateways> & { db: Database; clock: Clock; metrics: Metrics },
): Promise<Gateways> {
  const { db, clock, metrics } = given;
  const mailer = given.mailer ?? defaultMailer(app, config);
  const banks = given.banks ?? configuredBankPartners(config, app.log, clock);
  const captcha = given.captcha ?? defaultCaptcha(config, clock);
  const counters = given.counters ?? (await defaultCounters(app, config, { db, clock, metrics }));
  const biller = given.biller ?? defaultBiller(app, config, clock);
  const identity = given.identity ?? defaultIdentity(config);
  const sms = given.sms ?? defaultSms(app, config, clock);
  return { mailer, banks, captcha, counters, biller, identity, sms };
}

function defaultBiller(app: FastifyInstance, config: Config, clock: Clock): Biller {
  if (config.biller.kind === 'simulated') {
    return new SimulatedBiller({ latencyMs: config.simulatedBillerLatencyMs, now: () => clock.now() });
  }
  const { baseUrl, apiKey, publicKey, secretKey } = config.biller;
  const log = app.log.child({ gateway: 'vtpass' });
  return new VtpassBiller({ baseUrl, apiKey, publicKey, secretKey, timeoutMs: config.billerTimeoutMs, log });
}

/** The development stand-ins exist only in development mode, whatever configuration object the server is handed. */
function developmentOnly(config: Config, variable: string) {
  if (config.production) {
    throw new Error(`${variable} is required in production: the development stand-in is not available`);
  }
}

function defaultIdentity(config: Config): IdentityGateway {
  if (config.identity.provider === 'dojah') return new DojahIdentity(config.identity);
  developmentOnly(config, 'IDENTITY');
  return new SimulatedIdentity();
}

function defaultSms(app: FastifyInstance, config: Config, clock: Clock): SmsSender {
  if (config.sms.provider === 'termii') {
    const log = app.log.child({ gateway: 'termii' });
    return new TermiiSms({ ...config.sms, log, now: () => clock.now().getTime() });
  }
  developmentOnly(config, 'SMS');
  // Only who: the text may be a code, which no log line carries.
  return new DevSms({ print: (sms) => app.log.info(`text to ${sms.to} (read it at /dev/sms)`), clock });
}

function defaultCaptcha(config: Config, clock: Clock): CaptchaVerifier {
  if (config.captchaSecret) {
    const hostname = new URL(config.publicUrl).hostname;
    const { captchaSecret: secret, captchaVerifyUrl: verifyUrl } = config;
    return new TurnstileCaptcha({ secret, verifyUrl, hostname, now: () => clock.now() });
  }
  developmentOnly(config, 'CAPTCHA_SECRET');
  return new DevCaptcha();
}

/** Logged once each way: the limits keep working either way, and the metrics say how much was counted here. */
export const COUNTERS_AWAY =
  'request counters: Redis is not answering, each replica enforces the limits in its own memory';
export const COUNTERS_BACK = 'request counters: Redis answers again, the limits are shared again';
/** The first error of each outage of the Redis connection; ioredis keeps reconnecting, unlogged. */
export const REDIS_LOST = 'redis: connection lost, reconnecting';

/**
 * Request-rate counters every replica shares: Redis when configured (this replica's memory while it
 * does not answer), else the database.
 */
async function defaultCounters(
  app: FastifyInstance,
  config: Config,
  { db, clock, metrics }: { db: Database; clock: Clock; metrics: Metrics },
): Promise<RequestCounters> {
  if (!config.redisUrl) return new DatabaseCounters(db, clock);
  const redis = await connectRedis(config.redisUrl, (error) => app.log.warn({ err: error }, REDIS_LOST));
  app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // The system's timers even under a test's clock: a Redis that hangs is given up on in real time.
  return new FallbackCounters(new RedisCounters(redis), {
    clock,
    timeouts: systemTimeouts,
    events: {
      lost: (error) => {
        metrics.rateLimitStoreAway.set(1);
        app.log.warn({ err: error }, COUNTERS_AWAY);
      },
      back: () => {
        metrics.rateLimitStoreAway.set(0);
        app.log.info(COUNTERS_BACK);
      },
      countedHere: () => metrics.rateLimitCountedHere.inc(),
    },
  });
}

function defaultMailer(app: FastifyInstance, config: Config): Mailer {
  // Only who and what: the text holds codes and reset links, which no log line may carry.
  if (!config.smtpUrl) {
    developmentOnly(config, 'SMTP_URL');
    return new DevOutbox({
      print: (mail) => app.log.info(`mail to ${mail.to}: ${mail.subject} (read it at /dev/mailbox)`),
    });
  }
  const smtp = new SmtpMailer(config.smtpUrl, config.mailFrom);
  app.addHook('onClose', async () => smtp.close());
  return smtp;
}
