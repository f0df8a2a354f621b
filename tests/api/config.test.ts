import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { withConfigurationTable } from '../../scripts/docs-config';
import { ConfigError, loadConfig } from '../../server/config';

const PRODUCTION_SECRETS = {
  NODE_ENV: 'production',
  TOKEN_KEY: 'k'.repeat(40),
  PIN_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.ng:465',
  CAPTCHA_SECRET: '0x4AAAAAAA-secret',
  BANK_WEBHOOK_SECRET: 'sk_live_0123456789abcdef0123456789abcdef',
  PUBLIC_URL: 'https://wallet.example.ng/',
};

describe('configuration', () => {
  it('runs a development server with no environment at all', () => {
    const { config, warnings } = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '0.0.0.0',
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
    expect(loadConfig({ PORT: '4100' }).config.publicUrl).toBe('http://localhost:4100');
  });

  it('refuses to start in production without every secret, naming each one', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['TOKEN_KEY', 'PIN_KEY', 'SMTP_URL', 'CAPTCHA_SECRET', 'BANK_WEBHOOK_SECRET', 'PUBLIC_URL']) expect(problems).toContain(`${name} must be set in production`);
    for (const name of Object.keys(PRODUCTION_SECRETS).filter((n) => n !== 'NODE_ENV')) {
      expect(() => loadConfig({ ...PRODUCTION_SECRETS, [name]: '' }), name).toThrow(ConfigError);
    }
  });

  it('starts in production with real secrets, without warnings', () => {
    const { config, warnings } = loadConfig(PRODUCTION_SECRETS);
    expect(config.production).toBe(true);
    expect(config.publicUrl).toBe('https://wallet.example.ng');
    expect(config.pinKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(config.bankWebhookSecret).toBe(PRODUCTION_SECRETS.BANK_WEBHOOK_SECRET);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['a short TOKEN_KEY', { TOKEN_KEY: 'short' }, 'TOKEN_KEY must be at least 32 characters'],
    ['a PIN_KEY of the wrong length', { PIN_KEY: 'abcd' }, 'PIN_KEY must be 32 bytes'],
    ['a short BANK_WEBHOOK_SECRET', { BANK_WEBHOOK_SECRET: 'sk_test_short' }, 'BANK_WEBHOOK_SECRET must be at least 16 characters'],
    ['a port out of range', { PORT: '70000' }, 'PORT must be a whole number'],
    ['a relative public URL', { PUBLIC_URL: 'wallet.example.ng' }, 'PUBLIC_URL must be an absolute URL'],
    ['a zero multiplier', { RATE_LIMIT_MULTIPLIER: '0' }, 'RATE_LIMIT_MULTIPLIER must be a positive number'],
    ['a vague TRUST_PROXY', { TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be true or false'],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of'],
    ['a REDIS_URL of another scheme', { REDIS_URL: 'http://cache.internal:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    ['no idle time', { SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be a whole number from 1 to 10080'],
    ['a lifetime in days', { SESSION_LIFETIME_HOURS: '2d' }, 'SESSION_LIFETIME_HOURS must be a whole number from 1 to 720'],
  ])('refuses %s', (_case, env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it('reads REDIS_URL and the session times', () => {
    const { config } = loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2', SESSION_IDLE_MINUTES: '15', SESSION_LIFETIME_HOURS: '8' });
    expect(config.redisUrl).toBe('rediss://:secret@cache.internal:6380/2');
    expect(config.sessions).toEqual({ idleMs: 15 * 60_000, lifetimeMs: 8 * 3_600_000 });
  });

  it('accepts PIN_KEY as base64 too', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ PIN_KEY: key.toString('base64') }).config.pinKey).toEqual(key);
  });

  it('scales every request limit by RATE_LIMIT_MULTIPLIER', () => {
    const base = loadConfig({}).config.rateLimits;
    const scaled = loadConfig({ RATE_LIMIT_MULTIPLIER: '10' }).config.rateLimits;
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
