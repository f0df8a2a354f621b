import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/server';
import { loadConfig } from '../../../server/config';
import { SimulatedIdentity } from '../../../server/gateways/simulatedIdentity';
import { DevCaptcha } from '../../../server/gateways/devCaptcha';
import { DevSms } from '../../../server/gateways/devSms';
import { testConfig, type TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { chargeSuccess, deliver, newReference } from '../../support/api/bank';
import { buy, fund, newBuyer, PIN, providerId } from '../../support/api/purchases';
import { freePort } from '../../../testkit/freePort';
import type { Transaction } from '../../../core/contract';
import { FINAL_ASK_LEAD_MS, PENDING_DEADLINE_MS } from '../../../server/services/purchases/deadline';

interface Scrape {
  families: PrometheusFamily[];
  text: string;
}

/**
 * The sum of the samples of series `name` whose labels include `labels` (a histogram's
 * `<name>_count`). Read off the text: the parser folds a labelled histogram's series into one.
 */
function total({ text, families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = name.replace(/_(count|sum|bucket)$/, '');
  if (!families.some((f) => f.name === family)) throw new Error(`no metric family ${family}`);
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const sample = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => sample[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

/** A scrape, which must parse as the Prometheus text format. */
async function scrape(t: TestApp): Promise<Scrape> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
  return { families: parsePrometheusTextFormat(response.body), text: response.body };
}

describe.each(backends)('/metrics on $name (development: open)', (backend) => {
  const t = useTestApp(backend, () => {
    const limits = testConfig().rateLimits;
    return { config: { rateLimits: { ...limits, verifyMerchant: { max: 1, windowMs: 60_000 } } } };
  });

  it('parses as Prometheus text, and every family moves with what it counts', async () => {
    const before = await scrape(t);
    const buyer = await newBuyer(t, 5_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const airtime = (beneficiary: string, pin = PIN) =>
      buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary, amount: 100, pin });
    expect((await airtime('08031234567')).body.data?.status).toBe('completed');
    expect((await airtime('08030000001')).status).toBe(502);
    expect((await airtime('08030000002')).body.data?.status).toBe('processing');
    expect((await airtime('08030000004')).body.data?.status).toBe('processing');
    t.clock.advance(90_000);

    // A transfer credited (newBuyer's and this one), then a copy of it delivered again.
    await fund(t, buyer.accountNumber, 100);
    const copy = JSON.stringify(
      chargeSuccess(t, { accountNumber: buyer.accountNumber, amount: 10_000, reference: newReference() }),
    );
    expect((await deliver(t, copy)).body.data?.status).toBe('credited');
    expect((await deliver(t, copy)).body.data?.status).toBe('duplicate');

    // A request limit (verify-merchant: 1 a minute here), a wrong-pin logout, and a login held back,
    // answered in Hausa and Yoruba: the outcomes are read off the answers whatever their language.
    await t.call('/api/user/language', { token: buyer.token, body: { language: 'ha' } });
    const verify = () =>
      t.call('/api/verify-merchant', { token: buyer.token, body: { provider_id: mtn, beneficiary: '08031234567' } });
    await verify();
    expect((await verify()).status).toBe(429);
    for (let i = 0; i <= t.config.pinMaxAttempts; i++) await airtime('08031234567', '0000');
    const logins = [];
    for (let i = 0; i < 7; i++)
      logins.push(
        (
          await t.call('/api/login', {
            body: { device: 'web', email: buyer.email, password: 'not the password' },
            headers: { 'accept-language': 'yo' },
          })
        ).status,
      );
    expect(logins.some((status) => status === 403 || status === 429)).toBe(true);

    const after = await scrape(t);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved('http_requests_total', { route: '/api/airtime', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(moved('http_request_duration_seconds_count', { route: '/api/airtime', status: '502' })).toBe(1);
    expect(moved('wallet_purchases_total', { service: 'airtime', outcome: 'completed' })).toBe(1);
    expect(moved('wallet_purchases_total', { service: 'airtime', outcome: 'failed' })).toBe(1);
    expect(moved('wallet_purchases_total', { service: 'airtime', outcome: 'processing' })).toBe(2);
    expect(moved('wallet_purchases_total', { service: 'airtime', outcome: 'refused' })).toBe(
      t.config.pinMaxAttempts + 1,
    );
    expect(
      moved('wallet_gateway_call_duration_seconds_count', {
        gateway: 'biller',
        operation: 'pay',
        outcome: 'delivered',
      }),
    ).toBe(1);
    expect(moved('wallet_gateway_call_errors_total', { gateway: 'biller', operation: 'pay' })).toBe(1);
    expect(
      moved('wallet_gateway_call_duration_seconds_count', { gateway: 'bank', operation: 'enrol', outcome: 'ready' }),
    ).toBe(1);
    expect(moved('wallet_bank_webhooks_total', { outcome: 'credited' })).toBe(3);
    expect(moved('wallet_bank_webhooks_total', { outcome: 'duplicate' })).toBe(1);
    expect(moved('wallet_rate_limit_refusals_total', { route: '/api/verify-merchant' })).toBe(1);
    expect(moved('wallet_pin_lockouts_total', { kind: 'logout' })).toBe(1);
    expect(moved('wallet_login_lockouts_total')).toBeGreaterThanOrEqual(1);
    // Each 429 is either the request limit's or the login throttle's, never both.
    expect(moved('wallet_login_lockouts_total', { kind: 'throttled' })).toBeGreaterThanOrEqual(1);
    expect(
      moved('wallet_login_lockouts_total', { kind: 'throttled' }) +
        moved('wallet_rate_limit_refusals_total', { route: '/api/login' }),
    ).toBe(logins.filter((status) => status === 429).length);
    expect(total(after, 'wallet_requery_backlog')).toBe(2);
    expect(total(after, 'wallet_oldest_processing_bill_age_seconds')).toBeGreaterThanOrEqual(90);
    // The process's own (prom-client's defaults).
    expect(total(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('times each refund after its debit: a declined bill at once, one unconfirmed at its last ask before 24 hours', async () => {
    const before = await scrape(t);
    const buyer = await newBuyer(t, 1_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const airtime = (beneficiary: string) =>
      buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary, amount: 100, pin: PIN });
    expect((await airtime('08032220001')).status).toBe(502);
    // Ends in 0005: pending for ever. The customer's refresh at its last ask refunds it.
    const pending = (await airtime('08032220005')).body.data!;
    t.clock.advance(PENDING_DEADLINE_MS - FINAL_ASK_LEAD_MS);
    const refreshed = await t.call<Transaction>('/api/refresh-transaction', {
      token: buyer.token,
      body: { transaction_id: pending.id },
    });
    expect(refreshed.body.data?.status).toBe('canceled');

    const after = await scrape(t);
    const moved = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved('wallet_refund_delay_seconds_bucket', { cause: 'failed', le: '30' })).toBe(1);
    expect(moved('wallet_refund_delay_seconds_count', { cause: 'failed' })).toBe(1);
    expect(moved('wallet_refund_delay_seconds_bucket', { cause: 'deadline', le: '82800' })).toBe(0);
    expect(moved('wallet_refund_delay_seconds_bucket', { cause: 'deadline', le: '86400' })).toBe(1);
    expect(moved('wallet_refund_delay_seconds_count', { cause: 'deadline' })).toBe(1);
    expect(moved('wallet_refund_delay_seconds_sum', { cause: 'deadline' })).toBe(
      (PENDING_DEADLINE_MS - FINAL_ASK_LEAD_MS) / 1000,
    );
  });
});

describe('/metrics in production', () => {
  const production = (metrics: { port?: number; token?: string }) =>
    testConfig({
      production: true,
      smtpUrl: 'smtp://127.0.0.1:1',
      captchaSecret: 'unused',
      metrics: { port: metrics.port, host: '127.0.0.1', token: metrics.token },
    });
  const open = async (metrics: { port?: number; token?: string }, config = production(metrics)) => {
    const database = await backends[0].open();
    const { app } = await buildServer(config, {
      db: database.db,
      captcha: new DevCaptcha(),
      identity: new SimulatedIdentity(),
      sms: new DevSms({ print: () => {} }),
    });
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        await database.close();
      },
    };
  };
  const TOKEN = 'a-metrics-token-of-at-least-32-characters';
  /** A production environment as an operator writes it (what loadConfig reads). */
  const PRODUCTION_ENV = {
    TOKEN_KEY: 'k'.repeat(40),
    PIN_KEY: 'ab'.repeat(32),
    SMTP_URL: 'smtp://127.0.0.1:1',
    CAPTCHA_SECRET: '0x4AAAAAAA-secret',
    BANK_WEBHOOK_SECRET: 'sk_live_0123456789abcdef0123456789abcdef',
    PUBLIC_URL: 'https://wallet.example.ng',
    // Never opened either: production refuses the embedded database without EMBEDDED_DATABASE=yes.
    DATABASE_URL: 'postgres://wallet:secret@db.internal:5432/wallet?sslmode=verify-full',
    IDENTITY: 'dojah',
    DOJAH_APP_ID: 'app-1',
    DOJAH_SECRET_KEY: 'prod_sk_0123456789',
    SMS: 'termii',
    TERMII_API_KEY: 'TL-live-key-0123456789',
    TERMII_SENDER_ID: 'NairaWallet',
    // Production refuses the simulated rails; these are only read, never called (the app below keeps the simulated ones).
    BANK_PARTNERS: 'monnify',
    MONNIFY_API_KEY: 'MK_PROD_0001',
    MONNIFY_SECRET_KEY: 'monnify-live-client-secret',
    MONNIFY_CONTRACT_CODE: '1234567890',
    BILLER: 'vtpass',
    VTPASS_API_KEY: 'live-api-key',
    VTPASS_PUBLIC_KEY: 'PK_live',
    VTPASS_SECRET_KEY: 'SK_live',
  };

  it('is not served on the public port without METRICS_PORT or METRICS_TOKEN', async () => {
    const { app, close } = await open({});
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await close();
    }
  });

  it('answers only the bearer METRICS_TOKEN on the public port', async () => {
    const { app, close } = await open({ token: TOKEN });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } }))
          .statusCode,
      ).toBe(401);
      const allowed = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect(parsePrometheusTextFormat(allowed.body).some((family) => family.name === 'http_requests_total')).toBe(
        true,
      );
    } finally {
      await close();
    }
  });

  it('is served on METRICS_PORT, a listener of its own, and not on the public port', async () => {
    const port = await freePort();
    const { app, close } = await open({ port });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(
        parsePrometheusTextFormat(await scraped.text()).some((family) => family.name === 'wallet_purchases_total'),
      ).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  // The attack: production listens on every interface (HOST 0.0.0.0), and the metrics listener
  // used to follow HOST, so traffic and money figures were one scan away on the public network.
  it("binds METRICS_PORT's listener to loopback unless METRICS_HOST names another interface", async () => {
    const port = await freePort();
    const { config } = loadConfig({ ...PRODUCTION_ENV, METRICS_PORT: String(port) });
    expect(config.host).toBe('0.0.0.0');
    expect(config.metrics.host).toBe('127.0.0.1');
    const simulated = testConfig();
    const { close } = await open(
      {},
      {
        ...simulated,
        ...config,
        biller: simulated.biller,
        bankPartners: simulated.bankPartners,
        staticDir: '/nonexistent',
        logLevel: 'silent',
      },
    );
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
      // Another address of this machine, when it has one: the listener must not answer there.
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      if (external) await expect(fetch(`http://${external.address}:${port}/metrics`)).rejects.toThrow();
    } finally {
      await close();
    }
    expect(
      loadConfig({ ...PRODUCTION_ENV, METRICS_PORT: String(port), METRICS_HOST: '10.0.0.5' }).config.metrics.host,
    ).toBe('10.0.0.5');
  });
});
