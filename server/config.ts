/**
 * Server configuration, read once from the environment.
 *
 *   NODE_ENV              development   `production` turns on the production checks below
 *   PORT                  3000
 *   HOST                  0.0.0.0
 *   DATA_DIR              ./data        the embedded database lives in DATA_DIR/pglite
 *   DATABASE_URL          (unset)       postgres://… to use a PostgreSQL server instead of the embedded one
 *   PUBLIC_URL            http://localhost:PORT   origin used in e-mailed links
 *   STATIC_DIR            ./dist        the built SPA, served when the folder exists
 *   TOKEN_KEY             (dev key)     ≥ 32 characters; keys the hashes of session, reset and OTP secrets
 *   PIN_KEY               (dev key)     32 bytes as 64 hex or base64 characters; AES-256-GCM key for pin, NIN, BVN
 *   SMTP_URL              (unset)       smtp(s)://user:pass@host:port; unset → development outbox at /dev/mailbox
 *   MAIL_FROM             Naira Wallet <no-reply@nairawallet.test>
 *   CAPTCHA_SECRET        (unset)       Cloudflare Turnstile secret; unset → development verifier accepting 'dev-ok'
 *   CAPTCHA_VERIFY_URL    https://challenges.cloudflare.com/turnstile/v0/siteverify
 *   BANK_WEBHOOK_SECRET   (dev secret)  ≥ 16 characters; the bank partner's webhook signing secret (HMAC-SHA512 of the raw body)
 *   TRUST_PROXY           false         true behind a load balancer, so rate limits see the client's address
 *   RATE_LIMIT_MULTIPLIER 1             scales every per-client request limit (e.g. 100 for end-to-end test runs)
 *   LOG_LEVEL             info
 *   REQUERY_INTERVAL_MS   15000         how often the requery job asks the biller about processing purchases; 0 turns it off
 *   BILLER_TIMEOUT_MS     10000         a biller call without an answer by then counts as pending (requeried later)
 *
 * With NODE_ENV=production the server refuses to start unless TOKEN_KEY, PIN_KEY, SMTP_URL,
 * CAPTCHA_SECRET, BANK_WEBHOOK_SECRET and PUBLIC_URL are set, and every /dev/* path answers 404.
 */
import { createHash } from 'node:crypto';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Per-client request limits; the e-mail code rules (59 s resend, hourly cap, 5 tries) are business rules in services/otp.ts. */
export interface RateLimits {
  login: RateLimit;
  register: RateLimit;
  forgot: RateLimit;
  reset: RateLimit;
  resendOtp: RateLimit;
  verifyOtp: RateLimit;
  setPin: RateLimit;
  changePassword: RateLimit;
  changePin: RateLimit;
  purchase: RateLimit;
  verifyMerchant: RateLimit;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  staticDir: string;
  tokenKey: Buffer;
  pinKey: Buffer;
  smtpUrl: string | undefined;
  mailFrom: string;
  captchaSecret: string | undefined;
  captchaVerifyUrl: string;
  /** Keys the HMAC-SHA512 signature of the bank partner's webhooks. */
  bankWebhookSecret: string;
  trustProxy: boolean;
  logLevel: string;
  rateLimits: RateLimits;
  /** Period of the requery job (server/jobs/requery.ts); 0 disables it. */
  requeryIntervalMs: number;
  /** How long a biller call may take before the bill counts as pending. */
  billerTimeoutMs: number;
}

export interface EnvVar {
  name: string;
  default: string;
  description: string;
}

/** Every variable the server reads, for the README. */
export function environmentVariables(): EnvVar[] {
  return [
    { name: 'NODE_ENV', default: 'development', description: '`production` requires real secrets and disables /dev/*' },
    { name: 'PORT', default: '3000', description: 'HTTP port' },
    { name: 'HOST', default: '0.0.0.0', description: 'interface to listen on' },
    { name: 'DATA_DIR', default: './data', description: 'folder of the embedded database (DATA_DIR/pglite)' },
    { name: 'DATABASE_URL', default: '(unset)', description: 'PostgreSQL server URL; unset uses the embedded database' },
    { name: 'PUBLIC_URL', default: 'http://localhost:PORT', description: 'origin used in e-mailed links (required in production)' },
    { name: 'STATIC_DIR', default: './dist', description: 'built SPA, served when the folder exists' },
    { name: 'TOKEN_KEY', default: '(development key)', description: 'secret of ≥ 32 characters keying the hashes of session, reset and OTP secrets (required in production)' },
    { name: 'PIN_KEY', default: '(development key)', description: '32-byte AES-256-GCM key (64 hex or base64 characters) for pin, NIN and BVN (required in production)' },
    { name: 'SMTP_URL', default: '(unset)', description: 'smtp(s)://user:pass@host:port; unset keeps mail in the development outbox (required in production)' },
    { name: 'MAIL_FROM', default: DEFAULT_MAIL_FROM, description: 'sender of every e-mail' },
    { name: 'CAPTCHA_SECRET', default: '(unset)', description: "Cloudflare Turnstile secret; unset accepts only the development token 'dev-ok' (required in production)" },
    { name: 'CAPTCHA_VERIFY_URL', default: DEFAULT_CAPTCHA_VERIFY_URL, description: 'captcha verification endpoint' },
    { name: 'BANK_WEBHOOK_SECRET', default: '(development secret)', description: "≥ 16 characters; the bank partner's webhook signing secret (hex HMAC-SHA512 of the raw body in x-paystack-signature) (required in production)" },
    { name: 'TRUST_PROXY', default: 'false', description: 'true behind a reverse proxy or load balancer (client address from X-Forwarded-For)' },
    { name: 'RATE_LIMIT_MULTIPLIER', default: '1', description: 'scales every per-client request limit' },
    { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
    { name: 'REQUERY_INTERVAL_MS', default: '15000', description: 'how often the requery job asks the biller about processing purchases (every replica may run it); 0 turns it off' },
    { name: 'BILLER_TIMEOUT_MS', default: '10000', description: 'a biller call without an answer by then counts as pending and is requeried later, never refunded on its own' },
  ];
}

const DEFAULT_MAIL_FROM = 'Naira Wallet <no-reply@nairawallet.test>';
const DEFAULT_CAPTCHA_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Generous per-address limits: Nigerian mobile carriers put many customers behind one
 * address (carrier-grade NAT), so the tight limits are keyed by account, not address.
 */
const BASE_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 15 * MINUTE }, // per address and e-mail
  register: { max: 30, windowMs: HOUR }, // per address
  forgot: { max: 5, windowMs: 15 * MINUTE }, // per address and e-mail
  reset: { max: 20, windowMs: 15 * MINUTE }, // per address
  resendOtp: { max: 10, windowMs: HOUR }, // per account
  verifyOtp: { max: 20, windowMs: 15 * MINUTE }, // per account
  setPin: { max: 20, windowMs: 15 * MINUTE }, // per address
  changePassword: { max: 10, windowMs: 15 * MINUTE }, // per account
  changePin: { max: 20, windowMs: 15 * MINUTE }, // per account; wrong old pins also count toward the pin lock
  purchase: { max: 30, windowMs: MINUTE }, // per account; wrong pins also count toward the pin lock
  verifyMerchant: { max: 60, windowMs: MINUTE }, // per account
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadedConfig {
  config: Config;
  /** Development fallbacks in use, for the start-up banner. */
  warnings: string[];
}

/**
 * Development keys are derived from fixed labels so a restart keeps sessions and encrypted
 * pins readable; they are public, which is why production refuses to run on them.
 */
const developmentKey = (label: string) => createHash('sha256').update(`naira-wallet development ${label}`).digest();

export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const problems: string[] = [];
  const warnings: string[] = [];
  const production = env.NODE_ENV === 'production';
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const required = (name: string) => {
    const raw = value(name);
    if (production && raw === undefined) problems.push(`${name} must be set in production`);
    return raw;
  };

  const port = parsePort(value('PORT') ?? '3000', problems);
  const publicUrl = parseUrl('PUBLIC_URL', required('PUBLIC_URL') ?? `http://localhost:${port}`, problems).replace(/\/+$/, '');
  const smtpUrl = required('SMTP_URL');
  if (smtpUrl !== undefined) parseUrl('SMTP_URL', smtpUrl, problems);
  const captchaSecret = required('CAPTCHA_SECRET');

  const tokenKeyText = required('TOKEN_KEY');
  let tokenKey: Buffer = developmentKey('token key');
  if (tokenKeyText === undefined) warnings.push('TOKEN_KEY is not set: using a public development key');
  else if (tokenKeyText.length < 32) problems.push('TOKEN_KEY must be at least 32 characters');
  else tokenKey = Buffer.from(tokenKeyText, 'utf8');

  const pinKeyText = required('PIN_KEY');
  let pinKey: Buffer = developmentKey('pin key');
  if (pinKeyText === undefined) warnings.push('PIN_KEY is not set: using a public development key');
  else {
    const decoded = decodeKey(pinKeyText);
    if (decoded) pinKey = decoded;
    else problems.push('PIN_KEY must be 32 bytes written as 64 hex characters or base64');
  }

  const bankWebhookSecretText = required('BANK_WEBHOOK_SECRET');
  let bankWebhookSecret = developmentKey('bank webhook secret').toString('hex');
  if (bankWebhookSecretText === undefined) warnings.push('BANK_WEBHOOK_SECRET is not set: bank webhooks are checked with a public development secret');
  else if (bankWebhookSecretText.length < 16) problems.push('BANK_WEBHOOK_SECRET must be at least 16 characters');
  else bankWebhookSecret = bankWebhookSecretText;

  if (!smtpUrl) warnings.push('SMTP_URL is not set: e-mails go to the development outbox (/dev/mailbox) and the log');
  if (!captchaSecret) warnings.push("CAPTCHA_SECRET is not set: the captcha accepts only the development token 'dev-ok'");

  const multiplier = Number(value('RATE_LIMIT_MULTIPLIER') ?? '1');
  const validMultiplier = Number.isFinite(multiplier) && multiplier > 0;
  if (!validMultiplier) problems.push('RATE_LIMIT_MULTIPLIER must be a positive number');
  const rateLimits = scaleRateLimits(BASE_RATE_LIMITS, validMultiplier ? multiplier : 1);

  const trustProxy = value('TRUST_PROXY') ?? 'false';
  if (trustProxy !== 'true' && trustProxy !== 'false') problems.push('TRUST_PROXY must be true or false');
  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const captchaVerifyUrl = parseUrl('CAPTCHA_VERIFY_URL', value('CAPTCHA_VERIFY_URL') ?? DEFAULT_CAPTCHA_VERIFY_URL, problems);

  const requeryIntervalMs = parseDuration('REQUERY_INTERVAL_MS', value('REQUERY_INTERVAL_MS') ?? '15000', 0, problems);
  const billerTimeoutMs = parseDuration('BILLER_TIMEOUT_MS', value('BILLER_TIMEOUT_MS') ?? '10000', 1, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    config: {
      production,
      port,
      host: value('HOST') ?? '0.0.0.0',
      dataDir: value('DATA_DIR') ?? './data',
      databaseUrl: value('DATABASE_URL'),
      publicUrl,
      staticDir: value('STATIC_DIR') ?? './dist',
      tokenKey,
      pinKey,
      smtpUrl,
      mailFrom: value('MAIL_FROM') ?? DEFAULT_MAIL_FROM,
      captchaSecret,
      captchaVerifyUrl,
      bankWebhookSecret,
      trustProxy: trustProxy === 'true',
      logLevel,
      rateLimits,
      requeryIntervalMs,
      billerTimeoutMs,
    },
    warnings,
  };
}

function scaleRateLimits(limits: RateLimits, multiplier: number): RateLimits {
  const scaled = { ...limits };
  for (const name of Object.keys(scaled) as (keyof RateLimits)[]) {
    scaled[name] = { ...limits[name], max: Math.max(1, Math.round(limits[name].max * multiplier)) };
  }
  return scaled;
}

/** Milliseconds: a whole number from `min` to one day. */
function parseDuration(name: string, text: string, min: number, problems: string[]): number {
  const ms = Number(text);
  if (/^\d+$/.test(text) && ms >= min && ms <= 86_400_000) return ms;
  problems.push(`${name} must be a whole number of milliseconds from ${min} to 86400000`);
  return min;
}

function parsePort(text: string, problems: string[]): number {
  const port = Number(text);
  if (Number.isInteger(port) && port >= 0 && port <= 65_535) return port;
  problems.push('PORT must be a whole number between 0 and 65535');
  return 3000;
}

function parseUrl(name: string, text: string, problems: string[]): string {
  try {
    return new URL(text).href;
  } catch {
    problems.push(`${name} must be an absolute URL`);
    return text;
  }
}

function decodeKey(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return Buffer.from(text, 'base64');
  return undefined;
}
