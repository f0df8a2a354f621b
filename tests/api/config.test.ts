import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { withConfigurationTable } from '../../scripts/docs-config';
import { ConfigError, loadConfig } from '../../server/config';

/** Real-looking secrets: with them, a start that does not choose development mode runs. */
const PRODUCTION_SECRETS = {
  TOKEN_KEY: 'k'.repeat(40),
  PIN_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.ng:465',
  CAPTCHA_SECRET: '0x4AAAAAAA-secret',
  BANK_WEBHOOK_SECRET: 'sk_live_0123456789abcdef0123456789abcdef',
  PUBLIC_URL: 'https://wallet.example.ng/',
};
/** A real identity provider: production refuses the simulated one (it verifies nearly any number). */
const IDENTITY_PROVIDER = { IDENTITY: 'dojah', DOJAH_APP_ID: 'app-1', DOJAH_SECRET_KEY: 'prod_sk_0123456789' };

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
const developmentKeyHex = (label: string) => createHash('sha256').update(`naira-wallet development ${label}`).digest('hex');

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
    expect(warnings.join('\n')).toMatch(/TOKEN_KEY[\s\S]*PIN_KEY[\s\S]*BANK_WEBHOOK_SECRET[\s\S]*SMTP_URL[\s\S]*CAPTCHA_SECRET/);
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
    for (const name of ['TOKEN_KEY', 'PIN_KEY', 'SMTP_URL', 'CAPTCHA_SECRET', 'BANK_WEBHOOK_SECRET', 'PUBLIC_URL']) expect(message).toContain(`${name} must be set in production`);
    expect(message).toContain('This is a production start: APP_MODE is not `development`');
  });

  it('refuses a production start missing any one secret', () => {
    for (const name of Object.keys(PRODUCTION_SECRETS)) {
      expect(problemsOf({ ...PRODUCTION_SECRETS, [name]: '' }), name).toContain(`${name} must be set in production`);
    }
  });

  it('refuses an APP_MODE it does not know, as production', () => {
    expect(problemsOf({ ...PRODUCTION_SECRETS, APP_MODE: 'dev' })).toContain('APP_MODE must be development or production');
  });

  it('starts in production with real secrets, on every interface, without warnings', () => {
    const { config, warnings } = loadConfig({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER });
    expect(config.production).toBe(true);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('https://wallet.example.ng');
    expect(config.pinKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(config.bankWebhookSecret).toBe(PRODUCTION_SECRETS.BANK_WEBHOOK_SECRET);
    expect(config.identity).toMatchObject({ provider: 'dojah', baseUrl: 'https://api.dojah.io' });
    expect(warnings).toEqual([]);
    expect(problemsOf(PRODUCTION_SECRETS)).toContain('IDENTITY must be set to a real provider (dojah) in production');
  });

  it('refuses the development keys in production, pasted in any form, and Cloudflare\'s test captcha secrets', () => {
    const message = problemsOf({
      ...PRODUCTION_SECRETS,
      TOKEN_KEY: developmentKeyHex('token key'),
      PIN_KEY: Buffer.from(developmentKeyHex('pin key'), 'hex').toString('base64'),
      BANK_WEBHOOK_SECRET: developmentKeyHex('bank webhook secret').toUpperCase(),
      CAPTCHA_SECRET: '1x0000000000000000000000000000000AA',
    });
    for (const name of ['TOKEN_KEY', 'PIN_KEY', 'BANK_WEBHOOK_SECRET']) expect(message).toContain(`${name} must not be the development key: it is public`);
    expect(message).toContain("CAPTCHA_SECRET must not be one of Cloudflare's test secrets");
  });

  it('refuses the development keys in development too when the server listens beyond loopback', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const message = problemsOf({ APP_MODE: 'development', HOST: host });
      for (const name of ['TOKEN_KEY', 'PIN_KEY', 'BANK_WEBHOOK_SECRET']) expect(message, host).toContain(`${name} must be set when HOST is beyond loopback: the development key is public`);
      expect(message).not.toContain('production start');
    }
    expect(problemsOf({ APP_MODE: 'development', HOST: '0.0.0.0', ...PRODUCTION_SECRETS, PIN_KEY: developmentKeyHex('pin key') })).toContain('PIN_KEY must not be the development key');
    // Beyond loopback with keys of its own, development mode keeps its other conveniences.
    const { config } = development({ HOST: '0.0.0.0', TOKEN_KEY: PRODUCTION_SECRETS.TOKEN_KEY, PIN_KEY: PRODUCTION_SECRETS.PIN_KEY, BANK_WEBHOOK_SECRET: PRODUCTION_SECRETS.BANK_WEBHOOK_SECRET });
    expect(config).toMatchObject({ production: false, host: '0.0.0.0', smtpUrl: undefined, captchaSecret: undefined });
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) expect(development({ HOST: host }).config.host).toBe(host);
  });

  it.each([
    ['unset', {}, false],
    ['false', { TRUST_PROXY: 'false' }, false],
    ['a hop count', { TRUST_PROXY: '1' }, 1],
    ['addresses and CIDR ranges', { TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,2001:db8::/32,loopback' }, ['10.0.0.0/8', '192.0.2.10', '2001:db8::/32', 'loopback']],
  ])('reads TRUST_PROXY %s', (_case, env, trustProxy) => {
    expect(development(env).config.trustProxy).toEqual(trustProxy);
  });

  it('refuses TRUST_PROXY=true, saying what to set instead', () => {
    const message = problemsOf({ APP_MODE: 'development', TRUST_PROXY: 'true' });
    expect(message).toContain('TRUST_PROXY must not be true: that trusts every hop, so any client picks its own address with X-Forwarded-For');
    expect(message).toContain('Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.0.2.10)');
  });

  it.each([
    ['a short TOKEN_KEY', { TOKEN_KEY: 'short' }, 'TOKEN_KEY must be at least 32 characters'],
    ['a PIN_KEY of the wrong length', { PIN_KEY: 'abcd' }, 'PIN_KEY must be 32 bytes'],
    ['a short BANK_WEBHOOK_SECRET', { BANK_WEBHOOK_SECRET: 'sk_test_short' }, 'BANK_WEBHOOK_SECRET must be at least 16 characters'],
    ['a port out of range', { PORT: '70000' }, 'PORT must be a whole number'],
    ['a relative public URL', { PUBLIC_URL: 'wallet.example.ng' }, 'PUBLIC_URL must be an absolute URL'],
    ['a zero multiplier', { RATE_LIMIT_MULTIPLIER: '0' }, 'RATE_LIMIT_MULTIPLIER must be a positive number'],
    ['a vague TRUST_PROXY', { TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be false, a number of proxies from 1 to 10, or a comma list of proxy addresses and CIDR ranges; not understood: yes'],
    ['a TRUST_PROXY range too wide', { TRUST_PROXY: '10.0.0.0/33' }, 'not understood: 10.0.0.0/33'],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of'],
    ['a REDIS_URL of another scheme', { REDIS_URL: 'http://cache.internal:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    ['no idle time', { SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be a whole number from 1 to 10080'],
    ['a lifetime in days', { SESSION_LIFETIME_HOURS: '2d' }, 'SESSION_LIFETIME_HOURS must be a whole number from 1 to 720'],
  ])('refuses %s', (_case, env, problem) => {
    expect(() => development(env)).toThrow(problem);
  });

  it('reads REDIS_URL and the session times', () => {
    const { config } = development({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2', SESSION_IDLE_MINUTES: '15', SESSION_LIFETIME_HOURS: '8' });
    expect(config.redisUrl).toBe('rediss://:secret@cache.internal:6380/2');
    expect(config.sessions).toEqual({ idleMs: 15 * 60_000, lifetimeMs: 8 * 3_600_000 });
  });

  it('sells bills through the simulated biller unless BILLER=vtpass, which needs its three keys, in production as in development', () => {
    expect(development().config.biller).toEqual({ kind: 'simulated' });
    expect(development().config.catalog).toEqual({ marginPercent: 0, syncIntervalMs: 3_600_000 });
    const keys = { VTPASS_API_KEY: 'live-api-key', VTPASS_PUBLIC_KEY: 'PK_live', VTPASS_SECRET_KEY: 'SK_live' };
    expect(loadConfig({ ...PRODUCTION_SECRETS, ...IDENTITY_PROVIDER, BILLER: 'vtpass', VTPASS_BASE_URL: 'https://vtpass.com/api/', ...keys, CATALOG_MARGIN_PERCENT: '2.5' }).config).toMatchObject({
      biller: { kind: 'vtpass', baseUrl: 'https://vtpass.com/api', apiKey: 'live-api-key', publicKey: 'PK_live', secretKey: 'SK_live' },
      catalog: { marginPercent: 2.5 },
    });
    expect(development({ BILLER: 'vtpass', ...keys }).config.biller).toMatchObject({ baseUrl: 'https://sandbox.vtpass.com/api' });
    for (const name of Object.keys(keys)) {
      expect(problemsOf({ ...PRODUCTION_SECRETS, BILLER: 'vtpass', ...keys, [name]: '' }), name).toContain(`${name} must be set when BILLER is vtpass`);
      expect(problemsOf({ APP_MODE: 'development', BILLER: 'vtpass', ...keys, [name]: ' ' }), name).toContain(`${name} must be set when BILLER is vtpass`);
    }
    expect(problemsOf({ APP_MODE: 'development', BILLER: 'creditswitch' })).toContain('BILLER must be simulated or vtpass');
    expect(problemsOf({ APP_MODE: 'development', BILLER: 'vtpass', ...keys, VTPASS_BASE_URL: 'https://vtpass.com' })).toContain('VTPASS_BASE_URL must end in /api');
    expect(problemsOf({ APP_MODE: 'development', CATALOG_MARGIN_PERCENT: '-1' })).toContain('CATALOG_MARGIN_PERCENT must be a number from 0 to 50');
  });

  it('accepts PIN_KEY as base64 too', () => {
    const key = Buffer.alloc(32, 7);
    expect(development({ PIN_KEY: key.toString('base64') }).config.pinKey).toEqual(key);
  });

  it('prepares statements on PostgreSQL unless DATABASE_PREPARED_STATEMENTS=off (for a pooler older than PgBouncer 1.21)', () => {
    expect(development().config.databasePool.preparedStatements).toBe(true);
    expect(development({ DATABASE_PREPARED_STATEMENTS: 'off' }).config.databasePool.preparedStatements).toBe(false);
    expect(problemsOf({ APP_MODE: 'development', DATABASE_PREPARED_STATEMENTS: 'no' })).toContain('DATABASE_PREPARED_STATEMENTS must be on or off');
  });

  it('scales every request limit by RATE_LIMIT_MULTIPLIER', () => {
    const base = development().config.rateLimits;
    const scaled = development({ RATE_LIMIT_MULTIPLIER: '10' }).config.rateLimits;
    expect(scaled.login).toEqual({ max: base.login.max * 10, windowMs: base.login.windowMs });
  });

  it('reads the environment only through the description in server/config.ts', async () => {
    const server = new URL('../../server/', import.meta.url);
    const files = (await readdir(server, { recursive: true })).filter((file) => file.endsWith('.ts'));
    const sources = await Promise.all(files.map(async (file) => ({ file, source: await readFile(new URL(file, server), 'utf8') })));
    expect(sources.filter(({ source }) => /process\.env\b/.test(source)).map(({ file }) => file)).toEqual(['config.ts']);
    const config = sources.find(({ file }) => file === 'config.ts')!.source;
    expect([...config.matchAll(/\benv(?:\.\w+|\[[^\]]*\])/g)].map((m) => m[0])).toEqual(['env[name]']);
  });

  it('shows the README the table the description produces (npm run docs:config rewrites it)', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withConfigurationTable(readme));
  });
});
