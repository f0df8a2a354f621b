/**
 * Server configuration, read once from the environment. `ENVIRONMENT` is the one description of
 * the variables: `loadConfig` parses with it, the `Config` type is inferred from it, and
 * `npm run docs:config` writes docs/configuration.md's table from it.
 */
import { createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_MAX_ATTEMPTS } from '../core/limits';
import { nairaToKobo } from '../core/money';
import { must } from './errors';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Per-client request limits; the e-mail code rules (59 s resend, hourly cap, 5 tries) are business
 * rules in services/otp.ts.
 */
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
  forgotPin: RateLimit;
  resetPin: RateLimit;
  /** Each is a text the provider bills; the code rules of services/otp.ts apply too. */
  phoneCode: RateLimit;
  verifyPhone: RateLimit;
  purchase: RateLimit;
  verifyMerchant: RateLimit;
  refreshTransaction: RateLimit;
  /** Statement totals and downloads together: each reads a range of the ledger, and a PDF is drawn. */
  statements: RateLimit;
  /** Profile saves; each NIN or BVN given is a paid identity lookup. */
  updateProfile: RateLimit;
  /** Choosing the account's language. */
  setLanguage: RateLimit;
  /** Failed logins from one address, whatever the accounts (credential stuffing); see services/loginThrottle.ts. */
  loginFailures: RateLimit;
  // Per account, on every other call that writes or asks a provider: one user's loop costs
  // everyone else nothing (a partner call, an e-mail, a page of the ledger).
  /** Each call asks every live bank partner that has no account for the user yet. */
  createAccounts: RateLimit;
  fetchTransactions: RateLimit;
  /** Each report is an e-mail and a case for support. */
  problemReports: RateLimit;
  /** Saving, renaming and deleting saved numbers together. */
  beneficiaries: RateLimit;
  markNotification: RateLimit;
  logout: RateLimit;
  /** Passkey sign-ins begun and finished: every visit of /login begins one, for the e-mail field's autofill. */
  passkeySignIn: RateLimit;
  /** Adding (each checks the account password, as change-password does), renaming and removing passkeys. */
  passkeys: RateLimit;
}

/**
 * Whom `X-Forwarded-For` is believed from (Fastify's `trustProxy`): nobody, or the load
 * balancers' addresses and CIDR ranges.
 */
export type TrustProxy = false | string[];

export const BANK_PARTNER_NAMES = ['simulated', 'monnify', 'paystack'] as const;
export type BankPartnerName = (typeof BANK_PARTNER_NAMES)[number];

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
  changePin: { max: 20, windowMs: 15 * MINUTE }, // per account; wrong old pins also count toward the pin logout
  forgotPin: { max: 10, windowMs: HOUR }, // per account; the code rules of services/otp.ts apply too
  resetPin: { max: 10, windowMs: 15 * MINUTE }, // per account: each attempt checks the account password
  phoneCode: { max: 10, windowMs: HOUR }, // per account; each is a paid text; the code rules of services/otp.ts apply
  verifyPhone: { max: 20, windowMs: 15 * MINUTE }, // per account
  purchase: { max: 30, windowMs: MINUTE }, // per account; wrong pins also count toward the pin logout
  verifyMerchant: { max: 10, windowMs: MINUTE }, // per account: each is a lookup at the biller
  refreshTransaction: { max: 20, windowMs: MINUTE }, // per account; each bill is also requeried at most every 5 s
  statements: { max: 20, windowMs: MINUTE }, // per account, totals and downloads together
  updateProfile: { max: 10, windowMs: HOUR }, // per account; a NIN or BVN costs an identity lookup
  setLanguage: { max: 30, windowMs: 15 * MINUTE }, // per account
  loginFailures: { max: 30, windowMs: 15 * MINUTE }, // per address (IPv6: per /64), failed logins on any accounts
  createAccounts: { max: 10, windowMs: HOUR }, // per account
  fetchTransactions: { max: 60, windowMs: MINUTE }, // per account
  problemReports: { max: 5, windowMs: HOUR }, // per account
  beneficiaries: { max: 30, windowMs: MINUTE }, // per account
  markNotification: { max: 60, windowMs: MINUTE }, // per account
  logout: { max: 30, windowMs: MINUTE }, // per account
  passkeySignIn: { max: 60, windowMs: 15 * MINUTE }, // per address
  passkeys: { max: 30, windowMs: 15 * MINUTE }, // per account; a wrong password also counts toward the login throttle
};

const PRODUCTION_HINT =
  'This is a production start: APP_MODE is not `development`. Set the variables above (SECURITY.md has the ' +
  'checklist), or run `npm start` for development on this machine.';

/** Every problem of the environment at once, so one failed start tells the operator everything to fix. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    production: boolean,
  ) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}${production ? `\n${PRODUCTION_HINT}` : ''}`);
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

/** The development keys in every form they could be pasted in: refused wherever they would not be private. */
const PUBLIC_KEYS = new Set(
  ['token key', 'pin key', 'bank webhook secret'].flatMap((label) => {
    const key = developmentKey(label);
    return [key.toString('hex'), key.toString('base64'), key.toString('base64url')];
  }),
);

/** Cloudflare's published test secrets: one accepts every token, so none belongs in production. */
const TURNSTILE_TEST_SECRET = /^\dx0{31}AA$/;

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);
const isLoopback = (host: string) =>
  LOOPBACK_HOSTS.has(host.toLowerCase()) || (isIP(host) === 4 && host.startsWith('127.'));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DAY_MS = 86_400_000;
const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

// Parsers of the trimmed text; a message names no variable, because the issue's path does.
const absoluteUrl = z.string().refine((text) => URL.canParse(text), 'must be an absolute URL');
const origin = (text: string) => new URL(text).href.replace(/\/+$/, '');
const port = z
  .string()
  .transform(Number)
  .refine(
    (value) => Number.isInteger(value) && value >= 0 && value <= 65_535,
    'must be a whole number between 0 and 65535',
  );
const milliseconds = (min: number) => {
  const message = `must be a whole number of milliseconds from ${min} to ${DAY_MS}`;
  return z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(DAY_MS, message));
};
const wholeNumberFrom = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));
};
/** Naira text, to kobo: more than zero, at most two decimals. */
const positiveNaira = z.string().transform((text, context) => {
  const kobo = nairaToKobo(text);
  if (kobo !== null && kobo > 0n) return kobo;
  context.addIssue({ code: 'custom', message: 'must be a naira amount' });
  return z.NEVER;
});
const positiveNumber = z
  .string()
  .transform(Number)
  .refine((value) => Number.isFinite(value) && value > 0, 'must be a positive number');
const pinKey = z
  .string()
  .refine(
    (text) => HEX_KEY.test(text) || BASE64_KEY.test(text),
    'must be 32 bytes written as 64 hex characters or base64',
  )
  .transform((text) => Buffer.from(text, HEX_KEY.test(text) ? 'hex' : 'base64'));

const bankPartnerList = z.string().transform((text, context): BankPartnerName[] => {
  const names = [...new Set(text.split(',').map((name) => name.trim().toLowerCase()))];
  const unknown = names.filter((name) => !(BANK_PARTNER_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    context.addIssue({
      code: 'custom',
      message:
        `must be a comma list of ${BANK_PARTNER_NAMES.join(', ')}; not understood: ` +
        `${unknown.join(', ') || '(empty)'}`,
    });
    return z.NEVER;
  }
  return names as BankPartnerName[];
});
const baseUrl = absoluteUrl.transform((text) => new URL(text).href.replace(/\/+$/, ''));
const yesOrNo = z.enum(['yes', 'no'], { error: 'must be yes or no' }).transform((text) => text === 'yes');

/**
 * Each provider's documented API, live and sandbox. Unset, a base URL is the live API in
 * production and the sandbox in development and staging; production refuses a sandbox (its
 * payments move no real money, yet a wallet they fund buys real bills) unless STAGING=yes.
 */
const PROVIDER_APIS = {
  MONNIFY_BASE_URL: { provider: 'Monnify', live: 'https://api.monnify.com', sandbox: 'https://sandbox.monnify.com' },
  VTPASS_BASE_URL: { provider: 'VTpass', live: 'https://vtpass.com/api', sandbox: 'https://sandbox.vtpass.com/api' },
  DOJAH_BASE_URL: { provider: 'Dojah', live: 'https://api.dojah.io', sandbox: 'https://sandbox.dojah.io' },
} as const;
type ProviderApi = keyof typeof PROVIDER_APIS;
const providerApi = <T>(name: ProviderApi, schema: z.ZodType<T, string>) => ({
  shown: `\`${PROVIDER_APIS[name].live}\` in production, \`${PROVIDER_APIS[name].sandbox}\` in development and staging`,
  schema: schema.optional(),
});
/** The documented prefixes of keys that work only in a provider's sandbox (Monnify's reference shows MK_TEST_ ones). */
const TEST_KEYS = {
  PAYSTACK_SECRET_KEY: { test: /^sk_test_/, shown: 'sk_test_…', live: 'sk_live_…' },
  MONNIFY_API_KEY: { test: /^MK_TEST_/i, shown: 'MK_TEST_…', live: 'MK_PROD_…' },
} as const;
const STAGING_HINT = 'or set STAGING=yes for a production-like start against the sandboxes (never with real customers)';

/** proxy-addr's names for the private ranges, accepted by Fastify beside addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_EVERY_HOP =
  'must not be true: that trusts every hop, so any client picks its own address with X-Forwarded-For and ' +
  'slips past every per-address limit. Set the addresses or CIDR ranges of the proxies in front of the ' +
  'server (e.g. 10.0.0.0/8,192.0.2.10)';
/**
 * A hop count believes the last hops whoever they are: a client that reaches the server directly
 * picks its own address.
 */
const TRUST_HOP_COUNT =
  'must not be a number of proxies: a hop count believes whoever connects directly, so a client that ' +
  'reaches the server without the load balancer picks its own address. Set the addresses or CIDR ranges of ' +
  'the proxies in front of the server (e.g. 10.0.0.0/8,192.0.2.10)';

function isAddressOrRange(text: string): boolean {
  if (PROXY_RANGE_NAMES.has(text)) return true;
  const [address, prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const trustProxy = z.string().transform((text, context): TrustProxy => {
  const lower = text.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') {
    context.addIssue({ code: 'custom', message: TRUST_EVERY_HOP });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    context.addIssue({ code: 'custom', message: TRUST_HOP_COUNT });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message:
        'must be false or a comma list of proxy addresses and CIDR ranges; not understood: ' +
        `${invalid.join(', ') || '(empty entry)'}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * When the server refuses to start without a variable: outside development mode, or while
 * another variable is (or lists) a value that needs it, in any mode.
 */
type Requirement = 'production' | { when: string; is: string } | { when: string; lists: string };

/** One environment variable: its row in docs/configuration.md, its parser and where its value goes. */
export interface Variable<T = unknown> {
  /** The table's default column. */
  shown: string;
  /** The table's meaning column. */
  meaning: string;
  /** Reads the trimmed text (undefined when unset or blank) and supplies the default. */
  schema: z.ZodType<T, string | undefined>;
  /**
   * The property of Config that is the parsed value, `group.property` inside a group; none when
   * loadConfig reshapes it.
   */
  config?: string;
  requiredWhen?: Requirement;
  /** A development stand-in that is public: refused in production, even pasted in. */
  publicStandIn?: true;
  /** Start-up warning while a development stand-in replaces the variable. */
  unsetWarning?: string;
}

const literalDefault = <T>(text: string, schema: z.ZodType<T, string>) => ({
  shown: `\`${text}\``,
  schema: schema.prefault(text),
});
const unset = <T>(schema: z.ZodType<T, string>) => ({ shown: 'unset', schema: schema.optional() });
const standIn = <T>(shown: string, schema: z.ZodType<T, string>, value: () => T) => ({
  shown,
  schema: schema.optional().transform((parsed) => parsed ?? value()),
});

/** Every variable the server reads, in the table's order (which is also the order of the start-up warnings). */
export const ENVIRONMENT = {
  APP_MODE: {
    ...literalDefault(
      'production',
      z.enum(['development', 'production'], { error: 'must be development or production' }),
    ),
    meaning:
      '`development` (what `npm start` sets) allows the development conveniences: stand-in keys, the ' +
      'mailbox, the simulated bank transfer, the development captcha and the demo account. Any other start ' +
      'is production: it refuses to start without the variables marked *required in production* or with a ' +
      'development key, and answers 404 on every `/dev/*` path',
  },
  STAGING: {
    ...literalDefault('no', yesOrNo),
    meaning:
      "`yes`: a production start against the providers' sandboxes, never with real customers. " +
      'Their sandbox URLs become the defaults and sandbox URLs and test keys (`sk_test_…`, `MK_TEST_…`) are ' +
      'accepted, which production refuses without it; everything else stays production, ' +
      'and the start-up log says staging',
  },
  PORT: { config: 'port', ...literalDefault('3000', port), meaning: 'HTTP port of the app and its API' },
  HOST: {
    // The default depends on APP_MODE, so loadConfig supplies it.
    shown: '`127.0.0.1` in development, `0.0.0.0` in production',
    schema: z.string().optional(),
    meaning:
      'interface to listen on; development mode listens on loopback only (127.0.0.1, ::1 or localhost): ' +
      'beyond it the server refuses to start',
  },
  DATA_DIR: {
    config: 'dataDir',
    ...literalDefault('./data', z.string()),
    meaning: 'folder of the embedded database (`DATA_DIR/pglite`)',
  },
  DATABASE_URL: {
    config: 'databaseUrl',
    ...unset(z.string()),
    meaning:
      'a PostgreSQL server (`postgres://…`); unset uses the embedded database, ' +
      'which production refuses without EMBEDDED_DATABASE=yes',
  },
  EMBEDDED_DATABASE: {
    ...literalDefault('no', yesOrNo),
    meaning:
      '`yes` lets a production start without DATABASE_URL run on the embedded database knowingly: ' +
      'one process (no replica), an unencrypted file in DATA_DIR. Unset, production refuses to start without ' +
      'DATABASE_URL; development uses the embedded database whenever it is unset',
  },
  MIGRATION_DATABASE_URL: {
    config: 'migrationDatabaseUrl',
    ...unset(z.string()),
    meaning:
      'the owner of the PostgreSQL database, used only to migrate it at start (that connection then closes); ' +
      'DATABASE_URL is then a role of its own, granted at each migration what it may do: read and write the tables, ' +
      'but only read and append to the staff audit. Production refuses a DATABASE_URL role that owns the audit ' +
      'or is a superuser: set this to that URL, and DATABASE_URL to a new role ' +
      '(docs/going-live.md, "Two database roles")',
  },
  REDIS_URL: {
    config: 'redisUrl',
    ...unset(
      absoluteUrl.refine(
        (text) => URL.canParse(text) && /^rediss?:$/.test(new URL(text).protocol),
        'must be a redis:// or rediss:// URL',
      ),
    ),
    meaning:
      'a Redis server (`redis://…`) keeping the request-rate counters that every replica shares (while it ' +
      'does not answer, each replica counts in its own memory); unset keeps them in the database',
  },
  PUBLIC_URL: {
    // The default depends on PORT, so loadConfig supplies it.
    shown: '`http://localhost:PORT`',
    schema: absoluteUrl.transform(origin).optional(),
    meaning: 'origin used in e-mailed links',
    requiredWhen: 'production',
  },
  WEBAUTHN_ORIGIN: {
    // The default depends on PUBLIC_URL, so loadConfig supplies it.
    shown: 'PUBLIC_URL (`localhost` for a loopback address)',
    schema: absoluteUrl.transform(origin).optional(),
    meaning:
      'the origin a passkey ceremony of the app must come from (its client data says where the browser was): ' +
      'any other is refused. Browsers give no passkey to an IP address, so a loopback PUBLIC_URL becomes ' +
      "`localhost`'s; production refuses an http:// one",
  },
  WEBAUTHN_RP_ID: {
    shown: "WEBAUTHN_ORIGIN's host",
    schema: z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'must be a lower-case domain name, without scheme or port')
      .optional(),
    meaning:
      "the passkeys' relying party: the domain they belong to, WEBAUTHN_ORIGIN's host or a parent of it " +
      '(`example.com` for `https://app.example.com`); a passkey made for one domain never works for another, ' +
      'so changing it retires every customer passkey. The console always uses its own host (OPS_PUBLIC_URL)',
  },
  STATIC_DIR: {
    config: 'staticDir',
    ...literalDefault('./dist', z.string()),
    meaning: 'the built app, served when the folder exists',
  },
  TOKEN_KEY: {
    config: 'tokenKey',
    ...standIn(
      'development key',
      z
        .string()
        .min(32, 'must be at least 32 characters')
        .transform((text) => Buffer.from(text, 'utf8')),
      () => developmentKey('token key'),
    ),
    meaning: 'secret of ≥ 32 characters keying the hashes of session, reset and OTP secrets',
    requiredWhen: 'production',
    publicStandIn: true,
    unsetWarning: 'TOKEN_KEY is not set: using a public development key',
  },
  PIN_KEY: {
    config: 'pinKey',
    ...standIn('development key', pinKey, () => developmentKey('pin key')),
    meaning: '32-byte AES-256-GCM key (64 hex or base64 characters) encrypting transaction pins at rest',
    requiredWhen: 'production',
    publicStandIn: true,
    unsetWarning: 'PIN_KEY is not set: using a public development key',
  },
  BANK_WEBHOOK_SECRET: {
    config: 'bankWebhookSecret',
    ...standIn('development secret', z.string().min(16, 'must be at least 16 characters'), () =>
      developmentKey('bank webhook secret').toString('hex'),
    ),
    meaning:
      "key of the simulated bank partner's webhook signature (HMAC-SHA512; ≥ 16 characters), development " +
      'only: production refuses the simulated partner, and each real partner signs with its own secret key ' +
      '(MONNIFY_SECRET_KEY, PAYSTACK_SECRET_KEY)',
    publicStandIn: true,
    unsetWarning:
      'BANK_WEBHOOK_SECRET is not set: simulated bank webhooks are checked with a public development secret',
  },
  SMTP_URL: {
    config: 'smtpUrl',
    ...unset(absoluteUrl),
    meaning: '`smtp(s)://user:pass@host:port`; unset keeps mail in the development outbox',
    requiredWhen: 'production',
    unsetWarning: 'SMTP_URL is not set: e-mails go to the development outbox (/dev/mailbox) and the log',
  },
  MAIL_FROM: {
    config: 'mailFrom',
    ...literalDefault('Naira Wallet <no-reply@nairawallet.test>', z.string()),
    meaning: 'sender of every e-mail',
  },
  CAPTCHA_SECRET: {
    config: 'captchaSecret',
    ...unset(z.string()),
    meaning:
      "Cloudflare Turnstile secret (not one of Cloudflare's test secrets); unset uses the development " +
      'verifier (tokens `dev-ok:<action>`)',
    requiredWhen: 'production',
    unsetWarning: "CAPTCHA_SECRET is not set: the captcha accepts only the development tokens 'dev-ok:<action>'",
  },
  CAPTCHA_VERIFY_URL: {
    config: 'captchaVerifyUrl',
    ...literalDefault(
      'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      absoluteUrl.transform((text) => new URL(text).href),
    ),
    meaning: 'where captcha tokens are verified',
  },
  TRUST_PROXY: {
    config: 'trustProxy',
    ...literalDefault('false', trustProxy),
    meaning:
      "behind load balancers, so rate limits see the client's address: their addresses and CIDR ranges " +
      '(`10.0.0.0/8,192.0.2.10`), whose `X-Forwarded-For` alone is believed. `false` believes nobody; ' +
      '`true` (every hop) and a number of hops (which believes whoever connects directly) are refused',
  },
  RATE_LIMIT_MULTIPLIER: {
    config: 'rateLimits',
    ...literalDefault(
      '1',
      positiveNumber.transform((multiplier) => scaleRateLimits(BASE_RATE_LIMITS, multiplier)),
    ),
    meaning: 'scales every per-client request limit (the browser tests use 100: every journey comes from one address)',
  },
  REQUERY_INTERVAL_MS: {
    config: 'requeryIntervalMs',
    ...literalDefault('15000', milliseconds(0)),
    meaning:
      'how often the requery job settles pending purchases and refunds those unconfirmed at their 24-hour ' +
      'deadline (`0` turns it off); with `BILLER_TIMEOUT_MS` + 2 s keep it under 30 s: the first requery of a ' +
      'pending bill',
  },
  OUTBOX_INTERVAL_MS: {
    config: 'outboxIntervalMs',
    ...literalDefault('10000', milliseconds(0)),
    meaning:
      'how often the outbox job sends the receipts and notices still waiting (a first attempt follows each ' +
      'change at once; `0` turns the job off)',
  },
  BILLER_TIMEOUT_MS: {
    config: 'billerTimeoutMs',
    ...literalDefault('10000', milliseconds(1)),
    meaning: 'a biller call with no answer by then counts as pending',
  },
  PIN_MAX_ATTEMPTS: {
    config: 'pinMaxAttempts',
    ...literalDefault(String(DEFAULT_MAX_ATTEMPTS), wholeNumberFrom(1, 10)),
    meaning:
      'wrong transaction pins in a row a user may make; the next one ends every session of the user (the ' +
      'third such logout in a day locks purchases until the pin is reset)',
  },
  SESSION_IDLE_MINUTES: {
    config: 'sessions.idleMs',
    ...literalDefault(
      '30',
      wholeNumberFrom(1, 7 * 24 * 60).transform((minutes) => minutes * MINUTE),
    ),
    meaning: "a session with no call but the app's polls for this long ends (the polls do not keep it alive)",
  },
  SESSION_LIFETIME_HOURS: {
    config: 'sessions.lifetimeMs',
    ...literalDefault(
      '12',
      wholeNumberFrom(1, 30 * 24).transform((hours) => hours * HOUR),
    ),
    meaning: 'no session outlives this, however active; then the app asks to log in again',
  },
  BANK_PARTNERS: {
    ...literalDefault('simulated', bankPartnerList),
    meaning:
      'the live bank partners giving users dedicated accounts, a comma list of `simulated`, `monnify`, ' +
      '`paystack`. A user gets accounts from each once a BVN or NIN is verified; removing a partner stops ' +
      "listing its accounts (they are kept) and funding goes on through the others. A real partner's keys " +
      'below must be set. Production refuses it unset or listing `simulated` (that partner hands out ' +
      'numbers no bank holds): set the real partners',
  },
  MONNIFY_BASE_URL: {
    ...providerApi('MONNIFY_BASE_URL', baseUrl),
    meaning: "Monnify's API, or any host speaking it; production refuses the sandbox without STAGING=yes",
  },
  MONNIFY_API_KEY: {
    requiredWhen: { when: 'BANK_PARTNERS', lists: 'monnify' },
    ...unset(z.string()),
    meaning:
      'Monnify API key (required when BANK_PARTNERS lists monnify); ' +
      'production refuses a test key (`MK_TEST_…`) without STAGING=yes',
  },
  MONNIFY_SECRET_KEY: {
    requiredWhen: { when: 'BANK_PARTNERS', lists: 'monnify' },
    ...unset(z.string().min(16, 'must be at least 16 characters')),
    meaning:
      'Monnify secret key: logs in and keys the `monnify-signature` of its webhooks (required when ' +
      'BANK_PARTNERS lists monnify)',
  },
  MONNIFY_CONTRACT_CODE: {
    requiredWhen: { when: 'BANK_PARTNERS', lists: 'monnify' },
    ...unset(z.string().regex(/^\d{4,20}$/, 'must be the digits of the Monnify contract code')),
    meaning: 'Monnify contract code of the reserved accounts (required when BANK_PARTNERS lists monnify)',
  },
  PAYSTACK_BASE_URL: {
    ...literalDefault('https://api.paystack.co', baseUrl),
    meaning: "Paystack's API (test and live keys share it), or any host speaking its API",
  },
  PAYSTACK_SECRET_KEY: {
    requiredWhen: { when: 'BANK_PARTNERS', lists: 'paystack' },
    ...unset(z.string().regex(/^sk_(test|live)_\w{16,}$/, 'must be a Paystack secret key (sk_test_… or sk_live_…)')),
    meaning:
      'Paystack secret key: authorises every call and keys the `x-paystack-signature` of its webhooks ' +
      '(required when BANK_PARTNERS lists paystack). Production refuses a test key (`sk_test_…`) ' +
      "without STAGING=yes; a payment Paystack made in another mode than the key's (its `domain`) is never credited",
  },
  CARD_FEE_BEARER: {
    config: 'cardFeeBearer',
    ...literalDefault('customer', z.enum(['customer', 'business'], { error: 'must be customer or business' })),
    meaning:
      "who bears the card partner's fee on a card top-up (1.5 % + ₦100, the ₦100 waived under ₦2,500, " +
      'capped at ₦2,000): `customer` (the card is charged the amount plus the fee, the wallet gets the ' +
      'amount) or `business` (the card is charged the amount; the fee is ours). Card top-ups go through ' +
      "Paystack when BANK_PARTNERS lists it (the simulated partner's checkout in development)",
  },
  BILLER: {
    ...literalDefault('simulated', z.enum(['simulated', 'vtpass'], { error: 'must be simulated or vtpass' })),
    meaning:
      'who sells the bills: `simulated` (the deterministic aggregator of ' +
      'docs/development.md, "The simulated biller") or `vtpass` (needs the three VTPASS keys: ' +
      'docs/going-live.md, "Bills through VTpass"). ' +
      'Production refuses it unset or `simulated`',
  },
  VTPASS_BASE_URL: {
    ...providerApi(
      'VTPASS_BASE_URL',
      absoluteUrl
        .transform((text) => text.replace(/\/+$/, ''))
        .refine((text) => text.endsWith('/api'), 'must end in /api, like https://vtpass.com/api'),
    ),
    meaning:
      "VTpass's API, or any host speaking its documented API (the fake: `npm run fake:vtpass`); " +
      'production refuses the sandbox without STAGING=yes',
  },
  VTPASS_API_KEY: {
    requiredWhen: { when: 'BILLER', is: 'vtpass' },
    ...unset(z.string()),
    meaning: 'VTpass static API key (profile → API Keys); required with BILLER=vtpass',
  },
  VTPASS_PUBLIC_KEY: {
    requiredWhen: { when: 'BILLER', is: 'vtpass' },
    ...unset(z.string()),
    meaning: 'VTpass public key (`PK_…`), sent on GET calls; required with BILLER=vtpass',
  },
  VTPASS_SECRET_KEY: {
    requiredWhen: { when: 'BILLER', is: 'vtpass' },
    ...unset(z.string()),
    meaning: 'VTpass secret key (`SK_…`), sent on POST calls; required with BILLER=vtpass',
  },
  CATALOG_MARGIN_PERCENT: {
    config: 'catalog.marginPercent',
    ...literalDefault(
      '0',
      z
        .string()
        .transform(Number)
        .refine((value) => Number.isFinite(value) && value >= 0 && value <= 50, 'must be a number from 0 to 50'),
    ),
    meaning:
      "our margin on the biller's plan prices: a synced plan sells at its VTpass price plus this " +
      'percentage, rounded up to the kobo',
  },
  CATALOG_SYNC_INTERVAL_MS: {
    config: 'catalog.syncIntervalMs',
    ...literalDefault('3600000', milliseconds(0)),
    meaning:
      "how often the plans and prices are synced from the biller's service-variations (BILLER=vtpass; `0` " +
      'syncs once at start only)',
  },
  IDENTITY: {
    ...literalDefault('simulated', z.enum(['simulated', 'dojah'], { error: 'must be simulated or dojah' })),
    meaning:
      'who verifies NIN and BVN: `simulated` (outcomes fixed by the last digits, ' +
      'docs/development.md, "Identity checks"; refused in production) ' +
      'or `dojah` (needs DOJAH_APP_ID and DOJAH_SECRET_KEY)',
  },
  DOJAH_APP_ID: {
    requiredWhen: { when: 'IDENTITY', is: 'dojah' },
    ...unset(z.string()),
    meaning: "Dojah's app id (the `AppId` header), with IDENTITY=dojah",
  },
  DOJAH_SECRET_KEY: {
    requiredWhen: { when: 'IDENTITY', is: 'dojah' },
    ...unset(z.string().min(8, 'must be at least 8 characters')),
    meaning: "Dojah's secret key (the `Authorization` header), with IDENTITY=dojah",
  },
  DOJAH_BASE_URL: {
    ...providerApi('DOJAH_BASE_URL', absoluteUrl.transform(origin)),
    meaning: "Dojah's API host (the sandbox takes sandbox keys); production refuses the sandbox without STAGING=yes",
  },
  SMS: {
    ...literalDefault('simulated', z.enum(['simulated', 'termii'], { error: 'must be simulated or termii' })),
    meaning:
      'who sends the text messages (every outcome, the phone codes): `simulated` (kept in the process, listed at ' +
      '`/dev/sms`; refused in production) or `termii` (needs TERMII_API_KEY and TERMII_SENDER_ID)',
    unsetWarning: 'SMS is not set: text messages go to the development outbox (/dev/sms), never to a phone',
  },
  TERMII_API_KEY: {
    requiredWhen: { when: 'SMS', is: 'termii' },
    ...unset(z.string().min(8, 'must be at least 8 characters')),
    meaning: "Termii's API key (the `api_key` of each message), with SMS=termii",
  },
  TERMII_SENDER_ID: {
    requiredWhen: { when: 'SMS', is: 'termii' },
    ...unset(z.string().regex(/^[A-Za-z0-9 ]{3,11}$/, 'must be 3 to 11 letters, digits or spaces')),
    meaning:
      'the sender ID every text comes from (`from`), registered and approved on the Termii account; ' +
      'Termii refuses any other',
  },
  TERMII_BASE_URL: {
    ...literalDefault('https://api.ng.termii.com', absoluteUrl.transform(origin)),
    meaning: "the account's Termii API host, as its dashboard shows it",
  },
  TERMII_CHANNEL: {
    ...literalDefault('dnd', z.enum(['dnd', 'generic'], { error: 'must be dnd or generic' })),
    meaning:
      "Termii's route: `dnd` (transactional: reaches numbers on Do-Not-Disturb, at any hour) or `generic` " +
      '(promotional: never reaches DND numbers, nor MTN numbers from 8 pm to 8 am)',
  },
  LOG_LEVEL: {
    config: 'logLevel',
    ...literalDefault('info', z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
    meaning: 'server log level',
  },
  SHUTDOWN_TIMEOUT_MS: {
    config: 'shutdownTimeoutMs',
    ...literalDefault('20000', milliseconds(0)),
    meaning:
      'on SIGTERM, how long in-flight requests may finish: shortly before it, a purchase still waiting on ' +
      'the biller answers "processing" (the requery job settles it); what still runs at its end is cut',
  },
  SIMULATED_BILLER_LATENCY_MS: {
    config: 'simulatedBillerLatencyMs',
    ...literalDefault('0', milliseconds(0)),
    meaning:
      'delays every answer of the simulated biller (the default biller), to demonstrate or load-test with ' +
      'bills in flight',
  },
  DATABASE_POOL_SIZE: {
    config: 'databasePool.max',
    ...literalDefault('10', wholeNumberFrom(1, 1000)),
    meaning:
      'connections each process keeps to PostgreSQL (DATABASE_URL): replicas × this must stay below the ' +
      "server's `max_connections`",
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    config: 'databasePool.connectTimeoutMs',
    ...literalDefault('30000', milliseconds(1)),
    meaning:
      'how long a request waits for a PostgreSQL connection (queued behind a busy pool, or connecting) ' +
      'before it answers 503',
  },
  DATABASE_PREPARED_STATEMENTS: {
    config: 'databasePool.preparedStatements',
    ...literalDefault(
      'on',
      z.enum(['on', 'off'], { error: 'must be on or off' }).transform((text) => text === 'on'),
    ),
    meaning:
      'PostgreSQL plans each statement once per connection (named prepared statements) instead of at every ' +
      'call. Behind PgBouncer in transaction pooling this needs PgBouncer 1.21 or newer with ' +
      '`max_prepared_statements` above 0; `off` for an older pooler',
  },
  METRICS_PORT: {
    config: 'metrics.port',
    ...unset(port),
    meaning: 'serves `/metrics` (Prometheus) on this port of its own instead of the public one, on METRICS_HOST',
  },
  METRICS_HOST: {
    config: 'metrics.host',
    ...literalDefault('127.0.0.1', z.string().min(1)),
    meaning:
      "interface of METRICS_PORT's listener: loopback unless set (a scraper on the same machine or a " +
      'sidecar); set a private address for a scraper elsewhere, never 0.0.0.0 on a public network',
  },
  METRICS_TOKEN: {
    config: 'metrics.token',
    ...unset(z.string().min(32, 'must be at least 32 characters')),
    meaning:
      '`/metrics` on the public port answers only `Authorization: Bearer <this>`. In production with ' +
      'neither METRICS_PORT nor this set, `/metrics` is not served; in development it is open',
  },
  SCHEDULE_INTERVAL_MS: {
    config: 'schedules.intervalMs',
    ...literalDefault('30000', milliseconds(0)),
    meaning:
      'how often each process looks for scheduled purchases that are due (any number of replicas make each ' +
      'run once; `0` turns it off)',
  },
  SCHEDULE_GRACE_MINUTES: {
    config: 'schedules.graceMs',
    ...literalDefault(
      '360',
      wholeNumberFrom(1, 7 * 24 * 60).transform((minutes) => minutes * MINUTE),
    ),
    meaning:
      'a scheduled run the server could not make on time (it was down) is still made this late; a later ' +
      'one is reported to the user as missed instead',
  },
  AUDIT_INTERVAL_MS: {
    config: 'auditIntervalMs',
    ...literalDefault(String(DAY_MS), milliseconds(0)),
    meaning:
      'how often each process runs the ledger audit (`npm run audit` runs it once); a failure is logged at ' +
      'error level and counted in the metrics (`0` turns it off)',
  },
  OPS_PORT: {
    config: 'ops.port',
    ...unset(port),
    meaning:
      'serves the operator console (staff only: its page and `/ops/api/*`) on this port of its own, never on PORT; ' +
      'unset, the console is not served (`npm start` uses 3001). Keep it on loopback or a private network ' +
      '(docs/console.md, "Exposing it safely")',
  },
  OPS_HOST: {
    config: 'ops.host',
    ...literalDefault('127.0.0.1', z.string().min(1)),
    meaning:
      'interface of the console listener: loopback by default, so only this machine (or an SSH tunnel) reaches it; ' +
      'a private address to serve a private network. Production refuses any other (0.0.0.0, a public address, a name)',
  },
  OPS_PUBLIC_URL: {
    shown: '`http://127.0.0.1:OPS_PORT`',
    schema: absoluteUrl.transform(origin).optional(),
    meaning:
      'origin staff open the console at (behind a VPN or a proxy), used in the invitation links; ' +
      'the console answers no other host (421). Production refuses an http:// one beyond loopback, ' +
      'and requires it when OPS_HOST is beyond loopback',
  },
  OPS_TRUST_PROXY: {
    config: 'ops.trustProxy',
    ...literalDefault('false', trustProxy),
    meaning:
      "the console's own TRUST_PROXY (same syntax and refusals): the addresses and CIDR ranges of the proxy in front " +
      'of the console, whose `X-Forwarded-For` and `X-Forwarded-Host` alone are believed ' +
      "for the audit's address and the per-address sign-in limit. `false` believes nobody",
  },
  OPS_APPROVAL_MINUTES: {
    config: 'ops.approvalWindowMs',
    ...literalDefault(
      '240',
      wholeNumberFrom(5, 7 * 24 * 60).transform((minutes) => minutes * MINUTE),
    ),
    meaning:
      'how long a money request (a suspense match or return, a goodwill credit or debit) waits for a ' +
      'second finance user to approve it before it expires',
  },
  OPS_ADMIN_APPROVAL_ABOVE: {
    config: 'ops.adminAboveKobo',
    ...literalDefault('100000', positiveNaira),
    meaning: 'naira: a money request above this needs an admin as its approver',
  },
} as const satisfies Record<string, Variable>;

type Name = keyof typeof ENVIRONMENT;
type Text = Partial<Record<Name, string>>;
type Settings = { [N in Name]: z.output<(typeof ENVIRONMENT)[N]['schema']> };
const NAMES = Object.keys(ENVIRONMENT) as Name[];
const variable = (name: Name): Variable => ENVIRONMENT[name];

// A requirement names the variable it depends on, and a misspelt one would never require anything.
type DependedOn = {
  [N in Name]: (typeof ENVIRONMENT)[N] extends { requiredWhen: { when: infer W } } ? W : never;
}[Name];
const requirementsNameVariables: Exclude<DependedOn, Name> extends never ? true : never = true;
void requirementsNameVariables;

/** Config's properties that are one variable's value, by the `config` key of the variable. */
type Placed = {
  [N in Name as (typeof ENVIRONMENT)[N] extends { config: infer K extends string } ? K : never]: Settings[N];
};
type Group<K> = K extends `${infer G}.${string}` ? G : never;
/** `group.property` keys as the nested objects the code reads (`config.sessions.idleMs`). */
type Nested<F> = { [K in keyof F as K extends `${string}.${string}` ? never : K]: F[K] } & {
  [G in Group<keyof F>]: { [K in keyof F as K extends `${G}.${infer P}` ? P : never]: F[K] };
};
export type Config = Nested<Placed & ReturnType<typeof reshaped>>;
/** When a session ends (services/sessions.ts). */
export type SessionPolicy = Config['sessions'];

/**
 * The parts of Config that are not one variable's value: the mode, defaults drawn from other
 * variables, and each provider with the keys it was given.
 */
function reshaped(settings: Settings, production: boolean, host: string) {
  const sandboxes = !production || settings.STAGING;
  const api = (name: ProviderApi) => settings[name] ?? PROVIDER_APIS[name][sandboxes ? 'sandbox' : 'live'];
  const publicUrl = settings.PUBLIC_URL ?? origin(`http://localhost:${settings.PORT}`);
  return {
    production,
    /** A production start against the providers' sandboxes (STAGING=yes), never with real customers. */
    staging: production && settings.STAGING,
    host,
    publicUrl,
    bankPartners: bankPartnersOf(settings, api('MONNIFY_BASE_URL')),
    biller: billerOf(settings, api('VTPASS_BASE_URL')),
    identity: identityOf(settings, api('DOJAH_BASE_URL')),
    sms: smsOf(settings),
    'ops.publicUrl': settings.OPS_PUBLIC_URL ?? origin(`http://127.0.0.1:${settings.OPS_PORT ?? 3001}`),
    passkeys: relyingParty(settings.WEBAUTHN_ORIGIN ?? publicUrl, settings.WEBAUTHN_RP_ID),
    'ops.passkeys': relyingParty(
      settings.OPS_PUBLIC_URL ?? origin(`http://127.0.0.1:${settings.OPS_PORT ?? 3001}`),
      undefined,
      'Naira Wallet console',
    ),
  };
}

/**
 * Who passkeys are made for and where their ceremonies must happen (services/account/passkeys.ts).
 * Browsers refuse an IP address as the relying party, so a loopback origin is spelt `localhost`.
 */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

function relyingParty(at: string, id: string | undefined, name = 'Naira Wallet'): RelyingParty {
  const url = new URL(at);
  if (isLoopbackUrl(url) && url.hostname !== 'localhost') url.hostname = 'localhost';
  return { name, id: id ?? url.hostname, origin: origin(url.href) };
}

/** A key its requiredWhen makes required here: a start without it was refused before any config is built. */
const required = <N extends Name>(settings: Settings, name: N) =>
  must(settings[name], `${name} is set where it is read: its requiredWhen refuses a start without it`);

function bankPartnersOf(settings: Settings, monnifyUrl: string) {
  const names = settings.BANK_PARTNERS;
  return {
    names,
    ...(names.includes('monnify')
      ? {
          monnify: {
            baseUrl: monnifyUrl,
            apiKey: required(settings, 'MONNIFY_API_KEY'),
            secretKey: required(settings, 'MONNIFY_SECRET_KEY'),
            contractCode: required(settings, 'MONNIFY_CONTRACT_CODE'),
          },
        }
      : {}),
    ...(names.includes('paystack')
      ? { paystack: { baseUrl: settings.PAYSTACK_BASE_URL, secretKey: required(settings, 'PAYSTACK_SECRET_KEY') } }
      : {}),
  };
}

const billerOf = (settings: Settings, baseUrl: string) =>
  settings.BILLER === 'vtpass'
    ? {
        kind: 'vtpass' as const,
        baseUrl,
        apiKey: required(settings, 'VTPASS_API_KEY'),
        publicKey: required(settings, 'VTPASS_PUBLIC_KEY'),
        secretKey: required(settings, 'VTPASS_SECRET_KEY'),
      }
    : { kind: 'simulated' as const };

const identityOf = (settings: Settings, baseUrl: string) =>
  settings.IDENTITY === 'dojah'
    ? {
        provider: 'dojah' as const,
        appId: required(settings, 'DOJAH_APP_ID'),
        secretKey: required(settings, 'DOJAH_SECRET_KEY'),
        baseUrl,
      }
    : { provider: 'simulated' as const };

const smsOf = (settings: Settings) =>
  settings.SMS === 'termii'
    ? {
        provider: 'termii' as const,
        apiKey: required(settings, 'TERMII_API_KEY'),
        senderId: required(settings, 'TERMII_SENDER_ID'),
        baseUrl: settings.TERMII_BASE_URL,
        channel: settings.TERMII_CHANNEL,
      }
    : { provider: 'simulated' as const };

/** The config object from its flat form: `group.property` keys go into their group. */
function nested(flat: Record<string, unknown>): Config {
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const [group, property] = key.split('.');
    config[group] = property === undefined ? value : { ...(config[group] as object | undefined), [property]: value };
  }
  return config as Config;
}

/** Each variable parsed on its own, so that every problem is reported at once and one bad value hides no other. */
function parseEach(text: Text) {
  const settings: Partial<Record<Name, unknown>> = {};
  const invalid = new Map<Name, string[]>();
  for (const name of NAMES) {
    const result = variable(name).schema.safeParse(text[name]);
    if (result.success) settings[name] = result.data;
    else
      invalid.set(
        name,
        result.error.issues.map((issue) => `${[name, ...issue.path].join('.')} ${issue.message}`),
      );
  }
  return { settings, invalid };
}

/** What keeps the variable from being left unset in this start, as the end of its problem. */
function requiredBecause(
  requirement: Requirement | undefined,
  settings: Partial<Record<Name, unknown>>,
  production: boolean,
): string | undefined {
  if (requirement === undefined) return undefined;
  if (requirement === 'production') return production ? 'must be set in production' : undefined;
  const value = settings[requirement.when as Name];
  if ('is' in requirement)
    return value === requirement.is ? `must be set when ${requirement.when} is ${requirement.is}` : undefined;
  return Array.isArray(value) && value.includes(requirement.lists)
    ? `must be set: ${requirement.when} lists ${requirement.lists}`
    : undefined;
}

/** Per variable, in the table's order: required but unset, or not understood. */
function variableProblems(text: Text, parsed: ReturnType<typeof parseEach>, production: boolean): string[] {
  return NAMES.flatMap((name) => {
    const missing =
      text[name] === undefined ? requiredBecause(variable(name).requiredWhen, parsed.settings, production) : undefined;
    return missing ? [`${name} ${missing}`] : (parsed.invalid.get(name) ?? []);
  });
}

/**
 * Every value is trimmed, and a blank one counts as unset. Production unless APP_MODE is exactly
 * `development`: a start that forgot to choose gets the safe behaviour.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const text = Object.fromEntries(NAMES.map((name) => [name, env[name]?.trim() || undefined])) as Text;
  const production = text.APP_MODE !== 'development';
  const host = text.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const parsed = parseEach(text);
  const problems = [
    ...variableProblems(text, parsed, production),
    ...exposureProblems(production, host),
    ...plaintextProblems(text, production),
    ...publicSecrets(text, production),
    ...identityProblems(text, production),
    ...smsProblems(text, production),
    ...simulatedRailProblems(text, production),
    ...sandboxProblems(text, production),
    ...embeddedDatabaseProblems(text, production),
    ...migrationDatabaseProblems(text),
    ...consoleExposureProblems(text, production),
    ...passkeyProblems(text),
    ...(parsed.invalid.size === 0 &&
    text.OPS_PORT !== undefined &&
    [text.PORT ?? '3000', text.METRICS_PORT].includes(text.OPS_PORT)
      ? ['OPS_PORT must be a port of its own: the console never shares the customer or metrics listener']
      : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems, production);
  const settings = parsed.settings as Settings;
  const placed = NAMES.flatMap((name) => {
    const key = variable(name).config;
    return key === undefined ? [] : [[key, settings[name]] as const];
  });
  return {
    config: nested({ ...Object.fromEntries(placed), ...reshaped(settings, production, host) }),
    warnings: NAMES.flatMap((name) => {
      const warning = variable(name).unsetWarning;
      // The simulated partner's key matters only while that partner is live.
      if (name === 'BANK_WEBHOOK_SECRET' && !settings.BANK_PARTNERS.includes('simulated')) return [];
      return warning && text[name] === undefined ? [warning] : [];
    }),
  };
}

/** Secrets set to a value everyone knows: the development keys, and Cloudflare's test secrets in production. */
function publicSecrets(text: Text, production: boolean): string[] {
  const problems: string[] = [];
  if (production) {
    for (const name of NAMES.filter((n) => variable(n).publicStandIn)) {
      const value = text[name];
      if (value !== undefined && (PUBLIC_KEYS.has(value) || PUBLIC_KEYS.has(value.toLowerCase()))) {
        problems.push(`${name} must not be the development key: it is public`);
      }
    }
  }
  if (production && text.CAPTCHA_SECRET !== undefined && TURNSTILE_TEST_SECRET.test(text.CAPTCHA_SECRET)) {
    problems.push("CAPTCHA_SECRET must not be one of Cloudflare's test secrets: they accept any token");
  }
  return problems;
}

/** Whether BANK_PARTNERS (unset: its default, `simulated`) lists the simulated partner. */
const listsSimulatedPartner = (text: Text) =>
  (text.BANK_PARTNERS ?? 'simulated')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .includes('simulated');

/**
 * Production moves real money: the simulated bank partner hands out numbers no bank holds and
 * credits a webhook on its signature alone, and the simulated biller delivers nothing. Unset,
 * both default to the simulations, so production refuses them unset too, saying what to set.
 */
function simulatedRailProblems(text: Text, production: boolean): string[] {
  if (!production) return [];
  const problems: string[] = [];
  if (text.BANK_PARTNERS === undefined || listsSimulatedPartner(text)) {
    problems.push(
      'BANK_PARTNERS must list only real bank partners in production (monnify, paystack, with their keys): ' +
        'the simulated partner hands out account numbers no bank holds and credits deposits on a webhook ' +
        'signature alone',
    );
  }
  if ((text.BILLER ?? 'simulated') === 'simulated') {
    problems.push(
      'BILLER must be set to a real biller in production (vtpass, with its three keys): the simulated ' +
        'biller delivers nothing',
    );
  }
  return problems;
}

/**
 * A sandbox's payments move no real money, yet the wallets they fund buy real bills: production
 * refuses each provider's sandbox and test keys, every one named, unless STAGING=yes says the
 * start is a rehearsal against them.
 */
function sandboxProblems(text: Text, production: boolean): string[] {
  if (!production || text.STAGING === 'yes') return [];
  return NAMES.flatMap((name) => {
    const value = text[name];
    if (value !== undefined && name in PROVIDER_APIS) {
      const { provider, live, sandbox } = PROVIDER_APIS[name as ProviderApi];
      if (!URL.canParse(value) || new URL(value).hostname !== new URL(sandbox).hostname) return [];
      return [
        `${name} must not be ${provider}'s sandbox (${sandbox}) in production: ` +
          `leave it unset for ${live}, with live keys, ${STAGING_HINT}`,
      ];
    }
    const key = TEST_KEYS[name as keyof typeof TEST_KEYS];
    if (!key || value === undefined || !key.test.test(value)) return [];
    return [
      `${name} must be a live key (${key.live}) in production, not a test key (${key.shown}): ` +
        `its payments move no real money. Set the live key, ${STAGING_HINT}`,
    ];
  });
}

/** The embedded database is one process and a file nobody encrypts: production takes it only when told so. */
function embeddedDatabaseProblems(text: Text, production: boolean): string[] {
  if (!production || text.DATABASE_URL !== undefined || text.EMBEDDED_DATABASE === 'yes') return [];
  return [
    'DATABASE_URL must be set in production (a PostgreSQL server, postgres://…?sslmode=verify-full): ' +
      'the embedded database is one process and an unencrypted file in DATA_DIR. ' +
      'To run on it knowingly, set EMBEDDED_DATABASE=yes',
  ];
}

/** The migrations' owner is a PostgreSQL role: the embedded database has one user, and no second connection. */
function migrationDatabaseProblems(text: Text): string[] {
  if (text.MIGRATION_DATABASE_URL === undefined || text.DATABASE_URL !== undefined) return [];
  return ["MIGRATION_DATABASE_URL needs DATABASE_URL: it migrates the PostgreSQL database of DATABASE_URL's role"];
}

// ---- Where the server may listen, and what may travel in clear ----

/**
 * Development mode serves /dev/* (free deposits, every e-mailed code) and the development
 * captcha, whatever keys it is given: it listens on loopback only.
 */
function exposureProblems(production: boolean, host: string): string[] {
  if (production || isLoopback(host)) return [];
  return [
    `HOST must be a loopback address (127.0.0.1, ::1 or localhost) in development mode, not ${host}: ` +
      'development serves /dev/* (simulated deposits, every e-mailed code) and accepts the development ' +
      'captcha. Leave APP_MODE unset to listen beyond loopback',
  ];
}

/** Both PostgreSQL roles' URLs, the runtime's and the migrations' owner's. */
const POSTGRES_TLS = {
  secure: (url: URL) => ['require', 'verify-ca', 'verify-full'].includes(url.searchParams.get('sslmode') ?? ''),
  want: 'a URL with sslmode=require, verify-ca or verify-full',
};

/**
 * In production every URL the server calls or hands out is encrypted: https:// for providers,
 * the captcha and e-mailed links, rediss:// for Redis, sslmode for PostgreSQL. A loopback host
 * (a sidecar, a local fake) is exempt: its traffic never leaves the machine.
 */
const TLS_URLS: Partial<Record<Name, { secure: (url: URL) => boolean; want: string }>> = {
  PUBLIC_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  WEBAUTHN_ORIGIN: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  CAPTCHA_VERIFY_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  MONNIFY_BASE_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  PAYSTACK_BASE_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  VTPASS_BASE_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  DOJAH_BASE_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  TERMII_BASE_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
  REDIS_URL: { secure: (url) => url.protocol === 'rediss:', want: 'a rediss:// URL (Redis over TLS)' },
  DATABASE_URL: POSTGRES_TLS,
  MIGRATION_DATABASE_URL: POSTGRES_TLS,
  // Staff passwords, their codes and their sessions: a proxy in front terminates TLS.
  OPS_PUBLIC_URL: { secure: (url) => url.protocol === 'https:', want: 'an https:// URL' },
};

export const isLoopbackUrl = (url: URL) => isLoopback(url.hostname.replace(/^\[|\]$/g, ''));

function plaintextProblems(text: Text, production: boolean): string[] {
  if (!production) return [];
  return (Object.keys(TLS_URLS) as Name[]).flatMap((name) => {
    const value = text[name];
    const rule = must(TLS_URLS[name], 'the name is one of its own keys');
    if (value === undefined || !URL.canParse(value)) return [];
    const url = new URL(value);
    return isLoopbackUrl(url) || rule.secure(url)
      ? []
      : [`${name} must be ${rule.want} in production: its traffic would cross the network in clear`];
  });
}

/** The private ranges (RFC 1918, the shared space VPN overlays use, IPv6 unique-local): no route from the internet. */
const PRIVATE_NETWORKS = new BlockList();
const PRIVATE_RANGES = [
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
] as const;
for (const [network, prefix, family] of PRIVATE_RANGES) PRIVATE_NETWORKS.addSubnet(network, prefix, family);
const familyOf = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6');
const isPrivateAddress = (host: string) => isIP(host) !== 0 && PRIVATE_NETWORKS.check(host, familyOf(host));

/**
 * The console moves money and reads every customer: production listens for it on loopback or a
 * private network only, and staff beyond loopback open it at an OPS_PUBLIC_URL of its own (the
 * only host it answers; its https:// is checked with the other URLs).
 */
function consoleExposureProblems(text: Text, production: boolean): string[] {
  const host = text.OPS_HOST ?? '127.0.0.1';
  if (!production || isLoopback(host)) return [];
  const problems: string[] = [];
  if (!isPrivateAddress(host.replace(/^\[|\]$/g, ''))) {
    problems.push(
      'OPS_HOST must be a loopback or private address in production ' +
        `(127.0.0.1, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10, fc00::/7), not ${host}: ` +
        'the console is for staff only. Reach it through an SSH tunnel, a VPN or a private network',
    );
  }
  if (text.OPS_PUBLIC_URL === undefined) {
    problems.push(
      `OPS_PUBLIC_URL must be set in production when OPS_HOST is beyond loopback (${host}): ` +
        'the console answers only the host staff open it at',
    );
  }
  return problems;
}

/**
 * A passkey's relying party must be the host its ceremonies come from or a parent domain of it:
 * the browser refuses any other, so every ceremony would fail.
 */
function passkeyProblems(text: Text): string[] {
  const at = text.WEBAUTHN_ORIGIN ?? text.PUBLIC_URL;
  const id = text.WEBAUTHN_RP_ID;
  if (id === undefined || at === undefined || !URL.canParse(at)) return [];
  const host = new URL(at).hostname;
  const within = host === id || (host.endsWith(`.${id}`) && id.includes('.'));
  return within || (isLoopbackUrl(new URL(at)) && id === 'localhost')
    ? []
    : [`WEBAUTHN_RP_ID must be ${host} or a parent domain of it (the host passkeys are used at), not ${id}`];
}

/** The simulated identity provider verifies nearly any number, so production refuses it. */
function identityProblems(text: Text, production: boolean): string[] {
  return production && (text.IDENTITY ?? 'simulated') === 'simulated'
    ? ['IDENTITY must be set to a real provider (dojah) in production: the simulated one verifies nearly any number']
    : [];
}

/**
 * Every transaction's outcome is owed to the customer by text: the simulated sender keeps the
 * texts in the process, so production refuses it, as it refuses the development mailbox.
 */
function smsProblems(text: Text, production: boolean): string[] {
  return production && (text.SMS ?? 'simulated') === 'simulated'
    ? [
        'SMS must be set to a real provider (termii, with TERMII_API_KEY and TERMII_SENDER_ID) in production: ' +
          'the simulated one sends no text, and every payment and funding must reach the customer by SMS',
      ]
    : [];
}

function scaleRateLimits(limits: RateLimits, multiplier: number): RateLimits {
  const scaled = { ...limits };
  for (const name of Object.keys(scaled) as (keyof RateLimits)[]) {
    scaled[name] = { ...limits[name], max: Math.max(1, Math.round(limits[name].max * multiplier)) };
  }
  return scaled;
}
