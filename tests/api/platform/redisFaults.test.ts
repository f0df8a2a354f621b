import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTERS_AWAY, COUNTERS_BACK, REDIS_LOST } from '../../../server/gateways/defaults';
import { SHARED_RETRY_EVERY_MS } from '../../../server/gateways/fallbackCounters';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { startReplicas, testConfig, type TestApp } from '../../support/api/app';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { eventually } from '../../support/api/eventually';
import { figuresOf, printFigures, type Outcome } from '../../support/api/faultFigures';
import { ownRedisUnavailable, startOwnRedis, type OwnRedis } from '../../support/api/ownRedis';
import { balance, buy, netCost, newBuyer, newKey, PIN, providerId, type Buyer } from '../../support/api/purchases';

/**
 * The shared request counters (REDIS_URL) killed, brought back empty, and hung, while two
 * replicas take purchases, sign-ins and polls: every request is answered and none with a 5xx,
 * each replica enforces every limit in its own memory while Redis is away (so a client spread
 * over both gets at most twice a limit), says so once in its log and in its metrics, and counts
 * in Redis again once it answers, keeping what it counted meanwhile. Each purchase is bought
 * once; the ledger audit is clean.
 */
const LOGIN_MAX = 2;
const AIRTIME = 100;

/** A replica's log lines, parsed. */
function logLines() {
  const lines: { msg?: string; level?: number }[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as { msg?: string }) },
    said: (message: string) => lines.filter((line) => line.msg === message).length,
  };
}

/** A gauge's or a counter's value on a replica's /metrics. */
async function metric(t: TestApp, name: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  const family = parsePrometheusTextFormat(response.body).find((f) => f.name === name);
  return Number((family?.metrics[0] as { value?: string } | undefined)?.value ?? NaN);
}

describe.skipIf(ownRedisUnavailable)('Redis killed, restarted empty and hung under load, with two replicas', () => {
  const backend = backends.at(-1)!;
  const logs = [logLines(), logLines()];
  let redis: OwnRedis;
  let pair: Awaited<ReturnType<typeof startReplicas>>;
  let buyer: Buyer;
  /** Who signs in during a burst: one login each, as two logins of one account at once are held back as guesses. */
  let signers: SignedUp[];
  let mtn: number;
  const bought = new Map<string, number>();
  let bursts = 0;

  beforeAll(async () => {
    redis = await startOwnRedis();
    let replica = 0;
    const rateLimits = { ...testConfig().rateLimits, login: { max: LOGIN_MAX, windowMs: 15 * 60_000 } };
    pair = await startReplicas(backend, { config: { redisUrl: redis.url, logLevel: 'info', rateLimits } }, () => ({
      logStream: logs[replica++].stream,
    }));
    buyer = await newBuyer(pair.replicas[0], 20_000);
    mtn = await providerId(pair.replicas[0], 'airtime', 'MTN');
    signers = [];
    for (let i = 0; i < 10; i++) signers.push(await signUp(pair.replicas[i % 2]));
  });
  afterAll(async () => {
    await pair?.close();
    await redis?.destroy();
  });

  /**
   * Forty requests over both replicas at once: purchases with keys of their own, sign-ins from
   * addresses of their own, and the poll; `fault` is done once the first is answered.
   */
  async function burst(fault: () => Promise<void> = async () => {}): Promise<Outcome[]> {
    bursts += 1;
    const sends = Array.from({ length: 40 }, (_, i) => {
      const t = pair.replicas[i % 2];
      if (i % 4 < 2) {
        const key = newKey();
        const body = { provider_id: mtn, beneficiary: '08031234567', amount: AIRTIME, pin: PIN };
        return buy(t, buyer.token, 'airtime', body, key).then((reply) => {
          if (reply.status === 200) bought.set(key, (bought.get(key) ?? 0) + 1);
          return reply;
        });
      }
      if (i % 4 === 2) {
        const { email, password } = signers[(i - 2) / 4];
        const body = { device: 'web', email, password };
        return t.call('/api/login', { body, remoteAddress: `10.${bursts}.0.${i}` });
      }
      return t.call('/api/get-user', { token: buyer.token });
    });
    const answers = sends.map((send) => send.then((reply): Outcome => reply.status).catch((): Outcome => 'no answer'));
    await Promise.race(answers);
    await fault();
    return Promise.all(answers);
  }

  /** Wrong passwords for one e-mail from one address, alternately on each replica. */
  async function guesses(email: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const body = { device: 'web', email, password: 'not-the-password-1' };
      statuses.push((await pair.replicas[i % 2].call('/api/login', { body, remoteAddress: '203.0.113.7' })).status);
    }
    return statuses;
  }

  /** Both replicas count in Redis again: the retry is due on the test's clock once Redis has taken the connections back. */
  async function backOnBoth(outages: number) {
    await eventually(
      async () => {
        pair.clock.advance(SHARED_RETRY_EVERY_MS);
        for (const t of pair.replicas)
          expect((await t.call('/api/fetch-transactions', { token: buyer.token })).status).toBe(200);
        return logs.map((log) => log.said(COUNTERS_BACK));
      },
      (back) => back.every((count) => count === outages),
      { timeoutMs: 15_000, intervalMs: 50 },
    );
  }

  const expectAllAnswered = (outcomes: Outcome[]) =>
    expect(outcomes.filter((outcome) => outcome === 'no answer' || outcome >= 500)).toEqual([]);

  it('killed: every request is answered, the limits hold on each replica, told once, back in Redis once it answers', async () => {
    const first = await burst(() => redis.kill());
    const during = [...first, ...(await burst())];
    printFigures('Redis killed under load (two replicas)', figuresOf(during));
    expectAllAnswered(during);
    expect(await guesses('guessed@example.com', 2 * LOGIN_MAX + 2)).toEqual([401, 401, 401, 401, 429, 429]);
    for (const [i, log] of logs.entries()) {
      expect(log.said(COUNTERS_AWAY)).toBe(1);
      expect(log.said(REDIS_LOST)).toBe(1);
      expect(await metric(pair.replicas[i], 'wallet_rate_limit_store_away')).toBe(1);
      expect(await metric(pair.replicas[i], 'wallet_rate_limit_counted_here_total')).toBeGreaterThan(0);
    }

    await redis.start();
    await backOnBoth(1);
    const after = await burst();
    printFigures('Redis restarted empty (two replicas)', figuresOf(after));
    expectAllAnswered(after);
    for (const [i, log] of logs.entries()) {
      expect(log.said(COUNTERS_AWAY)).toBe(1);
      expect(await metric(pair.replicas[i], 'wallet_rate_limit_store_away')).toBe(0);
    }
    // What memory counted while Redis was away still counts: no second allowance of guesses.
    expect(await guesses('guessed@example.com', 2)).toEqual([429, 429]);
    // Shared again: one limit over both replicas, in Redis.
    expect(await guesses('another@example.com', LOGIN_MAX + 1)).toEqual([401, 401, 429]);
    const client = new Redis(redis.url);
    try {
      expect((await client.keys('naira-wallet:requests:login:*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  }, 60_000);

  it('hung (SIGSTOP): requests are counted in memory after a short wait instead of hanging, and back once it answers', async () => {
    let during: Outcome[];
    try {
      during = await burst(async () => redis.pause());
      during.push(...(await burst()));
    } finally {
      redis.resume();
    }
    printFigures('Redis hung under load (two replicas)', figuresOf(during));
    expectAllAnswered(during);
    for (const log of logs) expect(log.said(COUNTERS_AWAY)).toBe(2);
    await backOnBoth(2);
    expectAllAnswered(await burst());
  }, 60_000);

  it('bought each purchase once: one transaction a key, the balance and the ledger agree', async () => {
    expect([...bought.values()].every((times) => times === 1)).toBe(true);
    const rows = await pair.replicas[0].db
      .selectFrom('transactions')
      .select('status')
      .where('user_id', '=', buyer.userId)
      .where('category', '=', 'airtime')
      .execute();
    expect(rows.length).toBe(bought.size);
    expect(rows.every((row) => row.status === 'completed')).toBe(true);
    expect(await balance(pair.replicas[0], buyer.token)).toBe(20_000 - netCost('airtime', AIRTIME) * bought.size);
    expect(await auditLedger(pair.replicas[0].db)).toEqual([]);
  });
});
