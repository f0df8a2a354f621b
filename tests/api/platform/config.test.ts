import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { withConfigurationTable } from '../../../server/cli/docsConfig';
import { ConfigError, loadConfig } from '../../../server/config';

/** Real-looking secrets: with them, a start that does not choose development mode runs. */
const PRODUCTION_SECRETS = {
  TOKEN_KEY: 'k'.repeat(40),
  PIN_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.ng:465',
  CAPTCHA_SECRET: '0x4AAAAAAA-secret',
  PUBLIC_URL: 'https://wallet.example.ng/',
  // A PostgreSQL server: production refuses the embedded database unless told EMBEDDED_DATABASE=yes.
  DATABASE_URL: 'postgres://wallet:secret@db.internal:5432/wallet?sslmode=verify-full',
};
/**
 * A real identity provider and a real SMS sender: production refuses the simulated ones (one
 * verifies nearly any number, the other sends no text).
 */
const IDENTITY_PROVIDER = {
  IDENTITY: 'dojah',
  DOJAH_APP_ID: 'app-1',
  DOJAH_SECRET_KEY: 'prod_sk_0123456789',
  SMS: 'termii',
  TERMII_API_KEY: 'TL-live-key-0123456789',
  TERMII_SENDER_ID: 'NairaWallet',
};
/** Real money rails, each partner with its own secret: production refuses the simulated bank partner and biller. */
const VTPASS_KEYS = { VTPASS_API_KEY: 'live-api-key', VTPASS_PUBLIC_KEY: 'PK_live', VTPASS_SECRET_KEY: 'SK_live' };
const REAL_RAILS = {
  BANK_PARTNERS: 'monnify,paystack',
  MONNIFY_API_KEY: 'MK_PROD_0001',
  MONNIFY_SECRET_KEY: 'monnify-live-client-secret',
  MONNIFY_CONTRACT_CODE: '1234567890',
  PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef0123',
  BILLER: 'vtpass',
  ...VTPASS_KEYS,
};

/** What `npm start` does: development mode, chosen explicitly. */
const development = (env: Record<string, string> = {}) => loadConfig({ APP_MODE: 'development', ...env });

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

/** The development keys in the forms a careless operator could paste them. */
const developmentKeyHex = (label: string) =>
  createHash('sha256').update(`naira-wallet development ${label}`).digest('hex');

describe('configuration', () => {
  it('runs a development server, on loopback, with nothing but APP_MODE=development', () => {
    const { config, warnings } = development();
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      staticDir: './dist',
      smtpUrl: undefined,
      captchaSecret: undefined,
      captchaVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      trustProxy: false,
      redisUrl: undefined,
      sessions: { idleMs: 30 * 60_000, lifetimeMs: 12 * 3_600_000 },
    });
    expect(config.tokenKey.length).toBeGreaterThanOrEqual(32);
    expect(config.pinKey).toHaveLength(32);
    expect(config.bankWebhookSecret.length).toBeGreaterThanOrEqual(16);
    expect(warnings.join('\n')).toMatch(
      /TOKEN_KEY[\s\S]*PIN_KEY[\s\S]*BANK_WEBHOOK_SECRET[\s\S]*SMTP_URL[\s\S]*CAPTCHA_SECRET/,
    );
  });

  it('derives the public URL from the port', () => {
    expect(development({ PORT: '4100' }).config.publicUrl).toBe('http://localhost:4100');
  });

  it.each([
    ['no environment at all', {}],
    ['NODE_ENV=development (not the switch)', { NODE_ENV: 'development' }],
    ['APP_MODE=production', { APP_MODE: 'production' }],
  ])('is production with %s: refuses to start, naming every missing secret in one message', (_case, env) => {
    const message = problemsOf(env);
    for (const name of ['TOKEN_KEY', 'PIN_KEY', 'SMTP_URL', 'CAPTCHA_SECRET', 'PUBLIC_URL'])
      expect(message).toContain(`${name} must be set in production`);
    expect(message).toContain(
      'BANK_PARTNERS must list only real bank partners in production (monnify, paystack, with their keys)',
    );
    expect(message).toContain('BILLER must be set to a real biller in production (vtpass, with its three keys)');
    expect(message).toContain('This is a production start: APP_MODE is not `development`');
  });

  it.each([
    ['unset', {}],
    ['simulated', { BANK_PARTNERS: 'simulated', BILLER: 'simulated' }],
    [
      'simulated beside real ones',
      {
        BANK_PARTNERS: 'monnify,simulated',
        MONNIFY_API_KEY: 'k',
        MONNIFY_SECRET_KEY: 'monnify-live-client-secret',
        MONNIFY_CONTRACT_CODE: '1234567890',
        BILLER: 'simulated',
      },
    ],
  ])(
    'refuses the simulated bank partner and biller in production when %s, naming them and what to set',
    (_case, rails) => {
      const message = problemsOf({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...rails });
      expect(message).toContain('BANK_PARTNERS must list only real bank partners in production');
      expect(message).toContain('BILLER must be set to a real biller in production');
      // The simulated partner's own key is not asked for: it has no place in production.
      expect(message).not.toContain('BANK_WEBHOOK_SECRET');
    },
  );

  it('refuses a production start missing any one secret', () => {
    for (const name of Object.keys(PRODUCTION_SECRETS)) {
      expect(problemsOf({ ...PRODUCTION_SECRETS, [name]: '' }), name).toContain(`${name} must be set in production`);
    }
  });

  // The attack: a staging .env deployed to production. Its sandbox URLs and test keys start a
  // server on which Paystack's test card tops wallets up, and the wallets then buy real airtime.
  const SANDBOX_RAILS = {
    MONNIFY_BASE_URL: 'https://sandbox.monnify.com',
    MONNIFY_API_KEY: 'MK_TEST_SAF7HR5F3F',
    PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef0123',
    VTPASS_BASE_URL: 'https://sandbox.vtpass.com/api',
    DOJAH_BASE_URL: 'https://sandbox.dojah.io',
  };
  const SANDBOX_PROBLEMS = {
    MONNIFY_BASE_URL:
      "MONNIFY_BASE_URL must not be Monnify's sandbox (https://sandbox.monnify.com) in production: " +
      'leave it unset for https://api.monnify.com',
    MONNIFY_API_KEY: 'MONNIFY_API_KEY must be a live key (MK_PROD_…) in production, not a test key (MK_TEST_…)',
    PAYSTACK_SECRET_KEY: 'PAYSTACK_SECRET_KEY must be a live key (sk_live_…) in production, not a test key (sk_test_…)',
    VTPASS_BASE_URL:
      "VTPASS_BASE_URL must not be VTpass's sandbox (https://sandbox.vtpass.com/api) in production: " +
      'leave it unset for https://vtpass.com/api',
    DOJAH_BASE_URL:
      "DOJAH_BASE_URL must not be Dojah's sandbox (https://sandbox.dojah.io) in production: " +
      'leave it unset for https://api.dojah.io',
  };
  const STAGING_HINT =
    'or set STAGING=yes for a production-like start against the sandboxes (never with real customers)';
  const TEST_KEYS = { MONNIFY_API_KEY: 'MK_TEST_SAF7HR5F3F', PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef0123' };

  it('refuses, in production, every provider sandbox and test key, listed together, each naming what to set', () => {
    const production = { ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS };
    const message = problemsOf({ ...production, ...SANDBOX_RAILS });
    for (const problem of Object.values(SANDBOX_PROBLEMS)) expect(message).toContain(problem);
    expect(message.split(STAGING_HINT)).toHaveLength(Object.keys(SANDBOX_PROBLEMS).length + 1);
    // Each alone, in any spelling of the host, is enough to refuse the start.
    const variants = {
      MONNIFY_BASE_URL: 'https://SANDBOX.monnify.com/',
      MONNIFY_API_KEY: 'mk_test_saf7hr5f3f',
      VTPASS_BASE_URL: 'https://sandbox.vtpass.com/api/',
      DOJAH_BASE_URL: 'https://sandbox.dojah.io/',
    };
    for (const [name, value] of Object.entries({ ...SANDBOX_RAILS, ...variants })) {
      const problem = SANDBOX_PROBLEMS[name as keyof typeof SANDBOX_PROBLEMS];
      expect(problemsOf({ ...production, [name]: value }), `${name}=${value}`).toContain(problem);
    }
  });

  it('accepts the sandboxes and test keys with STAGING=yes, still production, the sandboxes its defaults', () => {
    const staging = { ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS, STAGING: 'yes' };
    const { config, warnings } = loadConfig({ ...staging, ...SANDBOX_RAILS });
    expect(config).toMatchObject({
      production: true,
      staging: true,
      bankPartners: { monnify: { baseUrl: 'https://sandbox.monnify.com', apiKey: TEST_KEYS.MONNIFY_API_KEY } },
      identity: { baseUrl: 'https://sandbox.dojah.io' },
      biller: { baseUrl: 'https://sandbox.vtpass.com/api' },
    });
    expect(config.bankPartners.paystack?.secretKey).toBe(TEST_KEYS.PAYSTACK_SECRET_KEY);
    expect(warnings).toEqual([]);
    const defaults = loadConfig(staging).config;
    expect(defaults).toMatchObject({
      bankPartners: { monnify: { baseUrl: 'https://sandbox.monnify.com' } },
      biller: { baseUrl: 'https://sandbox.vtpass.com/api' },
      identity: { baseUrl: 'https://sandbox.dojah.io' },
    });
    // Staging is a production start: nothing but the sandboxes is relaxed.
    const simulated = problemsOf({ ...staging, BANK_PARTNERS: 'simulated' });
    expect(simulated).toContain('BANK_PARTNERS must list only real bank partners in production');
    expect(problemsOf({ ...staging, STAGING: 'true' })).toContain('STAGING must be yes or no');
  });

  it("defaults each provider to its live API in production, its sandbox in development; Paystack's has one", () => {
    const PAYSTACK_API = 'https://api.paystack.co';
    const live = loadConfig({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS }).config;
    expect(live).toMatchObject({
      staging: false,
      bankPartners: { monnify: { baseUrl: 'https://api.monnify.com' }, paystack: { baseUrl: PAYSTACK_API } },
      biller: { baseUrl: 'https://vtpass.com/api' },
      identity: { baseUrl: 'https://api.dojah.io' },
    });
    expect(development({ ...REAL_RAILS, ...IDENTITY_PROVIDER, ...TEST_KEYS }).config).toMatchObject({
      staging: false,
      bankPartners: { monnify: { baseUrl: 'https://sandbox.monnify.com' }, paystack: { baseUrl: PAYSTACK_API } },
      biller: { baseUrl: 'https://sandbox.vtpass.com/api' },
      identity: { baseUrl: 'https://sandbox.dojah.io' },
    });
  });

  // The attack on the operator: a production server quietly on the embedded database, one process
  // whose money is an unencrypted file on the machine's disk, with no replica and no managed backup.
  it('refuses the embedded database in production unless EMBEDDED_DATABASE=yes says so knowingly', () => {
    const production = { ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS };
    const { DATABASE_URL: _server, ...withoutDatabase } = production;
    const message = problemsOf(withoutDatabase);
    expect(message).toContain(
      'DATABASE_URL must be set in production (a PostgreSQL server, postgres://…?sslmode=verify-full)',
    );
    expect(message).toContain('the embedded database is one process and an unencrypted file in DATA_DIR. ');
    expect(message).toContain('To run on it knowingly, set EMBEDDED_DATABASE=yes');
    const refusedWith = (value: string) => problemsOf({ ...withoutDatabase, EMBEDDED_DATABASE: value });
    expect(refusedWith('no')).toContain('DATABASE_URL must be set in production');
    expect(refusedWith('true')).toContain('EMBEDDED_DATABASE must be yes or no');
    const embedded = loadConfig({ ...withoutDatabase, EMBEDDED_DATABASE: 'yes' });
    expect(embedded.config).toMatchObject({ production: true, databaseUrl: undefined, dataDir: './data' });
    expect(embedded.warnings).toEqual([]);
    // Development runs on it without being asked.
    expect(development().config.databaseUrl).toBeUndefined();
  });

  it('refuses an APP_MODE it does not know, as production', () => {
    expect(problemsOf({ ...PRODUCTION_SECRETS, APP_MODE: 'dev' })).toContain(
      'APP_MODE must be development or production',
    );
  });

  it('starts in production with real secrets, on every interface, without warnings', () => {
    const { config, warnings } = loadConfig({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS });
    expect(config.production).toBe(true);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('https://wallet.example.ng');
    expect(config.pinKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(config.identity).toMatchObject({ provider: 'dojah', baseUrl: 'https://api.dojah.io' });
    expect(config.bankPartners.names).toEqual(['monnify', 'paystack']);
    expect(config.biller.kind).toBe('vtpass');
    expect(config.cardFeeBearer).toBe('customer');
    expect(warnings).toEqual([]);
    expect(problemsOf({ ...PRODUCTION_SECRETS, ...REAL_RAILS })).toContain(
      'IDENTITY must be set to a real provider (dojah) in production',
    );
  });

  it("refuses the development keys in production, pasted in any form, and Cloudflare's test captcha secrets", () => {
    const message = problemsOf({
      ...PRODUCTION_SECRETS,
      TOKEN_KEY: developmentKeyHex('token key'),
      PIN_KEY: Buffer.from(developmentKeyHex('pin key'), 'hex').toString('base64'),
      BANK_WEBHOOK_SECRET: developmentKeyHex('bank webhook secret').toUpperCase(),
      CAPTCHA_SECRET: '1x0000000000000000000000000000000AA',
    });
    for (const name of ['TOKEN_KEY', 'PIN_KEY', 'BANK_WEBHOOK_SECRET'])
      expect(message).toContain(`${name} must not be the development key: it is public`);
    expect(message).toContain("CAPTCHA_SECRET must not be one of Cloudflare's test secrets");
  });

  // The attack: development mode with keys of its own on a public HOST still served /dev/* (a
  // deposit for anyone who asks, every e-mailed code at /dev/mailbox) and the dev-ok captcha.
  it('refuses development mode beyond loopback, whatever keys it is given', () => {
    const ownKeys = {
      TOKEN_KEY: PRODUCTION_SECRETS.TOKEN_KEY,
      PIN_KEY: PRODUCTION_SECRETS.PIN_KEY,
      BANK_WEBHOOK_SECRET: 'a-private-simulated-webhook-key',
    };
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'wallet.example.ng']) {
      for (const env of [{}, ownKeys]) {
        const message = problemsOf({ APP_MODE: 'development', HOST: host, ...env });
        expect(message, host).toContain(
          `HOST must be a loopback address (127.0.0.1, ::1 or localhost) in development mode, not ${host}`,
        );
        expect(message).not.toContain('production start');
      }
    }
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost'])
      expect(development({ HOST: host }).config.host).toBe(host);
    // Production listens where it is told.
    expect(
      loadConfig({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS, HOST: '192.0.2.10' }).config.host,
    ).toBe('192.0.2.10');
  });

  // The attack: a production server whose calls to Redis or a provider, or whose e-mailed links,
  // travel in clear across the network (a reset link read on the wire is an account).
  it('refuses, in production, URLs that would cross the network without TLS; loopback is exempt', () => {
    const production = (env: Record<string, string>) =>
      problemsOf({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...env });
    const cases: [Record<string, string>, string][] = [
      [{ PUBLIC_URL: 'http://wallet.example.ng' }, 'PUBLIC_URL must be an https:// URL in production'],
      [
        { REDIS_URL: 'redis://:secret@cache.internal:6379' },
        'REDIS_URL must be a rediss:// URL (Redis over TLS) in production',
      ],
      [
        { CAPTCHA_VERIFY_URL: 'http://challenges.example.ng/siteverify' },
        'CAPTCHA_VERIFY_URL must be an https:// URL in production',
      ],
      [
        {
          BILLER: 'vtpass',
          VTPASS_BASE_URL: 'http://vtpass.com/api',
          VTPASS_API_KEY: 'a',
          VTPASS_PUBLIC_KEY: 'PK_b',
          VTPASS_SECRET_KEY: 'SK_c',
        },
        'VTPASS_BASE_URL must be an https:// URL in production',
      ],
      [{ MONNIFY_BASE_URL: 'http://api.monnify.com' }, 'MONNIFY_BASE_URL must be an https:// URL in production'],
      [{ PAYSTACK_BASE_URL: 'http://api.paystack.co' }, 'PAYSTACK_BASE_URL must be an https:// URL in production'],
      [{ DOJAH_BASE_URL: 'http://api.dojah.io' }, 'DOJAH_BASE_URL must be an https:// URL in production'],
      [
        { DATABASE_URL: 'postgres://wallet:secret@db.internal:5432/wallet' },
        'DATABASE_URL must be a URL with sslmode=require, verify-ca or verify-full in production',
      ],
    ];
    for (const [env, problem] of cases) expect(production(env)).toContain(problem);
    const secure = {
      REDIS_URL: 'rediss://:secret@cache.internal:6380',
      DATABASE_URL: 'postgres://wallet:secret@db.internal:5432/wallet?sslmode=verify-full',
    };
    expect(loadConfig({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS, ...secure }).config.redisUrl).toBe(
      secure.REDIS_URL,
    );
    const loopback = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/wallet',
      PAYSTACK_BASE_URL: 'http://localhost:3482',
      PUBLIC_URL: 'http://[::1]:3000',
    };
    expect(
      loadConfig({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, ...REAL_RAILS, ...loopback }).config.databaseUrl,
    ).toBe(loopback.DATABASE_URL);
    // Development may use anything on its own machine.
    expect(development({ REDIS_URL: 'redis://cache.internal:6379' }).config.redisUrl).toBe(
      'redis://cache.internal:6379',
    );
  });

  it.each([
    ['unset', {}, false],
    ['false', { TRUST_PROXY: 'false' }, false],
    [
      'addresses and CIDR ranges',
      { TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,2001:db8::/32,loopback' },
      ['10.0.0.0/8', '192.0.2.10', '2001:db8::/32', 'loopback'],
    ],
  ])('reads TRUST_PROXY %s', (_case, env, trustProxy) => {
    expect(development(env).config.trustProxy).toEqual(trustProxy);
  });

  it('refuses TRUST_PROXY=true, saying what to set instead', () => {
    const message = problemsOf({ APP_MODE: 'development', TRUST_PROXY: 'true' });
    expect(message).toContain(
      'TRUST_PROXY must not be true: that trusts every hop, so any client picks its own address with X-Forwarded-For',
    );
    expect(message).toContain(
      'Set the addresses or CIDR ranges of the proxies in front of the server (e.g. 10.0.0.0/8,192.0.2.10)',
    );
  });

  // The attack: with a hop count, a client that reaches the server directly (not through the
  // balancer) sends X-Forwarded-For: <any address> and is believed, a fresh address per request.
  it('refuses TRUST_PROXY as a number of hops, which believes whoever connects directly', () => {
    for (const hops of ['1', '2', '10']) {
      const message = problemsOf({ APP_MODE: 'development', TRUST_PROXY: hops });
      expect(message).toContain(
        'TRUST_PROXY must not be a number of proxies: a hop count believes whoever connects directly',
      );
    }
    expect(development({ TRUST_PROXY: '0' }).config.trustProxy).toBe(false);
  });

  it.each([
    ['a short TOKEN_KEY', { TOKEN_KEY: 'short' }, 'TOKEN_KEY must be at least 32 characters'],
    ['a PIN_KEY of the wrong length', { PIN_KEY: 'abcd' }, 'PIN_KEY must be 32 bytes'],
    [
      'a short BANK_WEBHOOK_SECRET',
      { BANK_WEBHOOK_SECRET: 'sk_test_short' },
      'BANK_WEBHOOK_SECRET must be at least 16 characters',
    ],
    ['a port out of range', { PORT: '70000' }, 'PORT must be a whole number'],
    ['a relative public URL', { PUBLIC_URL: 'wallet.example.ng' }, 'PUBLIC_URL must be an absolute URL'],
    ['a zero multiplier', { RATE_LIMIT_MULTIPLIER: '0' }, 'RATE_LIMIT_MULTIPLIER must be a positive number'],
    [
      'a vague TRUST_PROXY',
      { TRUST_PROXY: 'yes' },
      'TRUST_PROXY must be false or a comma list of proxy addresses and CIDR ranges; not understood: yes',
    ],
    ['a TRUST_PROXY range too wide', { TRUST_PROXY: '10.0.0.0/33' }, 'not understood: 10.0.0.0/33'],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of'],
    [
      'a REDIS_URL of another scheme',
      { REDIS_URL: 'http://cache.internal:6379' },
      'REDIS_URL must be a redis:// or rediss:// URL',
    ],
    ['no idle time', { SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be a whole number from 1 to 10080'],
    [
      'a lifetime in days',
      { SESSION_LIFETIME_HOURS: '2d' },
      'SESSION_LIFETIME_HOURS must be a whole number from 1 to 720',
    ],
  ])('refuses %s', (_case, env, problem) => {
    expect(() => development(env)).toThrow(problem);
  });

  it('reads REDIS_URL and the session times', () => {
    const { config } = development({
      REDIS_URL: 'rediss://:secret@cache.internal:6380/2',
      SESSION_IDLE_MINUTES: '15',
      SESSION_LIFETIME_HOURS: '8',
    });
    expect(config.redisUrl).toBe('rediss://:secret@cache.internal:6380/2');
    expect(config.sessions).toEqual({ idleMs: 15 * 60_000, lifetimeMs: 8 * 3_600_000 });
  });

  it('sells bills through the simulated biller unless BILLER=vtpass, which needs its three keys, in production as in development', () => {
    expect(development().config.biller).toEqual({ kind: 'simulated' });
    expect(development().config.catalog).toEqual({ marginPercent: 0, syncIntervalMs: 3_600_000 });
    const keys = VTPASS_KEYS;
    expect(
      loadConfig({
        ...PRODUCTION_SECRETS,
        ...IDENTITY_PROVIDER,
        ...REAL_RAILS,
        VTPASS_BASE_URL: 'https://vtpass.com/api/',
        CATALOG_MARGIN_PERCENT: '2.5',
      }).config,
    ).toMatchObject({
      biller: {
        kind: 'vtpass',
        baseUrl: 'https://vtpass.com/api',
        apiKey: 'live-api-key',
        publicKey: 'PK_live',
        secretKey: 'SK_live',
      },
      catalog: { marginPercent: 2.5 },
    });
    expect(development({ BILLER: 'vtpass', ...keys }).config.biller).toMatchObject({
      baseUrl: 'https://sandbox.vtpass.com/api',
    });
    for (const name of Object.keys(keys)) {
      expect(problemsOf({ ...PRODUCTION_SECRETS, BILLER: 'vtpass', ...keys, [name]: '' }), name).toContain(
        `${name} must be set when BILLER is vtpass`,
      );
      expect(problemsOf({ APP_MODE: 'development', BILLER: 'vtpass', ...keys, [name]: ' ' }), name).toContain(
        `${name} must be set when BILLER is vtpass`,
      );
    }
    expect(problemsOf({ APP_MODE: 'development', BILLER: 'creditswitch' })).toContain(
      'BILLER must be simulated or vtpass',
    );
    expect(
      problemsOf({ APP_MODE: 'development', BILLER: 'vtpass', ...keys, VTPASS_BASE_URL: 'https://vtpass.com' }),
    ).toContain('VTPASS_BASE_URL must end in /api');
    expect(problemsOf({ APP_MODE: 'development', CATALOG_MARGIN_PERCENT: '-1' })).toContain(
      'CATALOG_MARGIN_PERCENT must be a number from 0 to 50',
    );
  });

  it('accepts PIN_KEY as base64 too', () => {
    const key = Buffer.alloc(32, 7);
    expect(development({ PIN_KEY: key.toString('base64') }).config.pinKey).toEqual(key);
  });

  it('prepares statements on PostgreSQL unless DATABASE_PREPARED_STATEMENTS=off (for a pooler older than PgBouncer 1.21)', () => {
    expect(development().config.databasePool.preparedStatements).toBe(true);
    expect(development({ DATABASE_PREPARED_STATEMENTS: 'off' }).config.databasePool.preparedStatements).toBe(false);
    expect(problemsOf({ APP_MODE: 'development', DATABASE_PREPARED_STATEMENTS: 'no' })).toContain(
      'DATABASE_PREPARED_STATEMENTS must be on or off',
    );
  });

  it('scales every request limit by RATE_LIMIT_MULTIPLIER', () => {
    const base = development().config.rateLimits;
    const scaled = development({ RATE_LIMIT_MULTIPLIER: '10' }).config.rateLimits;
    expect(scaled.login).toEqual({ max: base.login.max * 10, windowMs: base.login.windowMs });
  });

  it('reads the environment only through the description in server/config.ts', async () => {
    const server = new URL('../../../server/', import.meta.url);
    // The command line (server/cli/) is the operator's entry: it hands its process's environment to
    // loadConfig, or to the server it starts, and is no part of the running server.
    const files = (await readdir(server, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.startsWith('cli/'),
    );
    const sources = await Promise.all(
      files.map(async (file) => ({ file, source: await readFile(new URL(file, server), 'utf8') })),
    );
    expect(sources.filter(({ source }) => /process\.env\b/.test(source)).map(({ file }) => file)).toEqual([
      'config.ts',
    ]);
    const config = sources.find(({ file }) => file === 'config.ts')!.source;
    expect([...config.matchAll(/\benv(?:\.\w+|\[[^\]]*\])/g)].map((m) => m[0])).toEqual(['env[name]']);
  });

  it('shows docs/configuration.md the table the description produces (npm run docs:config rewrites it)', async () => {
    const page = await readFile(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    expect(page).toBe(withConfigurationTable(page));
  });
});
