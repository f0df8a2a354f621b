import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, registerBody, signUp } from '../../support/api/accounts';
import { MemoryCounters } from '../../../server/gateways/fallbackCounters';
import { startReplicas, startTestApp, testConfig, tightLimits, type Reply } from '../../support/api/app';
import { ManualClock } from '../../support/api/manualClock';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import {
  counterStores,
  REDIS_URL,
  redisRequired,
  redisUnavailable,
  type CounterStore,
} from '../../support/api/counters';

const MAX = 3;

describe.each(backends)('per-client request limits on $name', (backend) => {
  // The per-address cap on failed logins has tests of its own (loginThrottle.test.ts).
  const t = useTestApp(backend, {
    config: { rateLimits: { ...tightLimits(MAX), loginFailures: testConfig().rateLimits.loginFailures } },
  });

  const expectLimited = (reply: Reply<unknown>) => {
    expect(reply.status).toBe(429);
    expect(reply.body.type).toBe('error');
    expect(reply.body.message).toMatch(/^too many attempts, please try again in \d+ (second|minute)s?$/);
  };

  it('login: per address and e-mail, so other accounts are still heard', async () => {
    const attempt = (email: string, remoteAddress = '198.51.100.1') =>
      t.call('/api/login', { body: { device: 'web', email, password: 'guessing-again' }, remoteAddress });
    for (let i = 0; i < MAX; i++) expect((await attempt('target@example.com')).status).toBe(401);
    expectLimited(await attempt('target@example.com'));
    expectLimited(await attempt('TARGET@example.com'));
    expect((await attempt('someone.else@example.com')).status).toBe(401);
    expect((await attempt('target@example.com', '198.51.100.2')).status).toBe(401);
  });

  it("says its refusal in the caller's language, the wait in that language's words", async () => {
    const attempt = (headers: Record<string, string> = {}) =>
      t.call('/api/login', {
        body: { device: 'web', email: 'polyglot@example.com', password: 'guessing-again' },
        remoteAddress: '198.51.100.9',
        headers,
      });
    for (let i = 0; i < MAX; i++) expect((await attempt()).status).toBe(401);
    expect(await attempt({ 'accept-language': 'yo' })).toMatchObject({
      status: 429,
      body: { message: 'ìgbìyànjú ti pọ̀ jù, jọ̀wọ́ tún gbìyànjú lẹ́yìn ìṣẹ́jú 1' },
    });
    expect((await attempt({ 'accept-language': 'pcm' })).body.message).toBe(
      'you don try too many times, abeg try again after 1 minute',
    );
    expectLimited(await attempt());
  });

  it('forgot: per address and e-mail', async () => {
    const attempt = () =>
      t.call('/api/forgot', {
        body: { device: 'web', email: 'forgetful@example.com', token: 'dev-ok:forgot' },
        remoteAddress: '198.51.100.3',
      });
    for (let i = 0; i < MAX; i++) expect((await attempt()).status).toBe(200);
    expectLimited(await attempt());
  });

  it("verify-otp: per account, so one account cannot use up another's", async () => {
    const [first, second] = [await signUp(t), await signUp(t)];
    const guess = (token: string) => t.call('/api/verify-otp', { token, body: { otp: '0000' } });
    for (let i = 0; i < MAX; i++) expect((await guess(first.token)).status).toBe(400);
    expectLimited(await guess(first.token));
    expect((await guess(second.token)).status).toBe(400);
  });

  it('register: per address', async () => {
    const attempt = (remoteAddress: string) =>
      t.call('/api/register', { body: registerBody(newPerson()), remoteAddress });
    for (let i = 0; i < MAX; i++) expect((await attempt('198.51.100.4')).status).toBe(201);
    expectLimited(await attempt('198.51.100.4'));
    expect((await attempt('198.51.100.5')).status).toBe(201);
  });
});

const placements = backends.flatMap((backend) =>
  counterStores.map((store) => ({ backend, store, label: `${backend.name}, counted in ${store.name}` })),
);

describe.each(placements)('request limits shared by two replicas on $label', ({ backend, store }) => {
  let pair: Awaited<ReturnType<typeof startReplicas>>;
  let place: Awaited<ReturnType<CounterStore['open']>>;
  // Two replicas on one database, started by hand: useTestApp starts one app, and these share a counter store.
  beforeAll(async () => {
    place = await store.open();
    pair = await startReplicas(backend, { config: { rateLimits: tightLimits(MAX) } }, (db, clock) => ({
      counters: place.create(db, clock),
    }));
  });
  afterAll(async () => {
    await pair.close();
    await place.close();
  });

  const expectLimited = (reply: Reply<unknown>) => {
    expect(reply.status).toBe(429);
    expect(reply.body.message).toMatch(/^too many attempts, please try again in \d+ (second|minute)s?$/);
  };
  const registerFrom = (replica: 0 | 1, remoteAddress: string) =>
    pair.replicas[replica].call('/api/register', { body: registerBody(newPerson()), remoteAddress });

  it('counts a client on every replica: requests spread over A and B reach one limit', async () => {
    // Attack: alternate replicas (a load balancer does it for free) to get MAX per replica.
    for (let i = 0; i < MAX; i++) expect((await registerFrom((i % 2) as 0 | 1, '203.0.113.10')).status).toBe(201);
    expectLimited(await registerFrom(0, '203.0.113.10'));
    expectLimited(await registerFrom(1, '203.0.113.10'));
    // Another client, and another limit of the same client, are counted apart.
    expect((await registerFrom(1, '203.0.113.11')).status).toBe(201);
    const forgot = await pair.replicas[0].call('/api/forgot', {
      body: { device: 'web', email: 'someone@example.com', token: 'dev-ok:forgot' },
      remoteAddress: '203.0.113.10',
    });
    expect(forgot.status).toBe(200);
  });

  it('counts an IPv6 client by its /64, an IPv4 one (also written as IPv6) by its address', async () => {
    for (const address of ['2001:db8::1', '2001:db8::2', '2001:db8:0:0:ffff:ffff:ffff:ffff'])
      expect((await registerFrom(0, address)).status).toBe(201);
    expectLimited(await registerFrom(1, '2001:db8:0::abcd'));
    expect((await registerFrom(1, '2001:db8:0:1::1')).status).toBe(201);
    for (let i = 0; i < MAX; i++) expect((await registerFrom(0, '::ffff:198.51.100.20')).status).toBe(201);
    expectLimited(await registerFrom(1, '198.51.100.20'));
  });

  it('keeps a limited count whatever the number of other keys (the in-memory store evicted past 5,000)', async () => {
    const victim = () =>
      pair.replicas[0].call('/api/login', {
        body: { device: 'web', email: 'victim@example.com', password: 'guess-1234' },
        remoteAddress: '203.0.113.30',
      });
    for (let i = 0; i < MAX; i++) expect((await victim()).status).toBe(401);
    expectLimited(await victim());
    // Attack: 5,001 other keys from the same client (one per e-mail typed), as fast as the store takes them.
    const counters = place.create(pair.replicas[1].db, pair.clock);
    const windowMs = pair.replicas[1].config.rateLimits.login.windowMs;
    for (let start = 0; start < 5_001; start += 500) {
      await Promise.all(
        Array.from({ length: Math.min(500, 5_001 - start) }, (_, i) =>
          counters.hit(`login:junk-${start + i}`, windowMs),
        ),
      );
    }
    expectLimited(await victim());
    // 5,001 writes to the database: on the embedded one, on a slow two-core host beside the other
    // test files, 24 s were seen, past the suite's 20 s for one test.
  }, 90_000);
});

describe('request counters chosen by the configuration', () => {
  it('uses the database when REDIS_URL is unset', async () => {
    const t = await startTestApp(backends[0], { config: { rateLimits: tightLimits(MAX) } });
    try {
      expect(
        (await t.call('/api/register', { body: registerBody(newPerson()), remoteAddress: '203.0.113.40' })).status,
      ).toBe(201);
      const rows = await t.db.selectFrom('rate_limit_counters').select(['key', 'count']).execute();
      // Only the limit's name and a keyed hash: no address, no e-mail.
      expect(rows).toEqual([{ key: expect.stringMatching(/^register:[A-Za-z0-9_-]{43}$/), count: 1 }]);
    } finally {
      await t.close();
    }
  });

  it.runIf(!redisUnavailable || redisRequired)(
    'uses Redis when REDIS_URL is set, a window of keys that expire',
    async () => {
      const t = await startTestApp(backends[0], { config: { rateLimits: tightLimits(MAX), redisUrl: REDIS_URL } });
      const redis = new Redis(REDIS_URL);
      const address = `203.0.113.${randomInt(50, 250)}`;
      const key = `naira-wallet:requests:register:${t.ctx.hashToken(`register|${address}`).toString('base64url')}`;
      try {
        expect(
          (await t.call('/api/register', { body: registerBody(newPerson()), remoteAddress: address })).status,
        ).toBe(201);
        expect(await redis.get(key)).toBe('1');
        expect(await redis.pttl(key)).toBeGreaterThan(0);
        expect(await t.db.selectFrom('rate_limit_counters').selectAll().execute()).toEqual([]);
      } finally {
        await redis.del(key);
        await redis.quit();
        await t.close();
      }
    },
  );

  it('refuses to start when REDIS_URL names a server that does not answer', async () => {
    await expect(startTestApp(backends[0], { config: { redisUrl: 'redis://127.0.0.1:1' } })).rejects.toThrow(
      /^Redis at REDIS_URL is unreachable/,
    );
  });
});

describe("a replica's own counters, while the shared ones do not answer", () => {
  it('counts fixed windows, and when full refuses a new key rather than forget a count', async () => {
    const clock = new ManualClock();
    const memory = new MemoryCounters(clock, 2);
    expect(await memory.hit('login:a', 60_000)).toEqual({ count: 1, resetsInMs: 60_000 });
    clock.advance(10_000);
    expect(await memory.hit('login:a', 60_000)).toEqual({ count: 2, resetsInMs: 50_000 });
    expect(await memory.hit('login:b', 60_000)).toEqual({ count: 1, resetsInMs: 60_000 });
    // Full: a third client is over any limit, and the first two keep their counts.
    expect((await memory.hit('login:c', 60_000)).count).toBe(Number.MAX_SAFE_INTEGER);
    expect(memory.peek('login:a')).toEqual({ count: 2, resetsInMs: 50_000 });
    // Once a window ends, its room is free again.
    clock.advance(50_000);
    expect(memory.peek('login:a')).toBeUndefined();
    expect(await memory.hit('login:c', 60_000)).toEqual({ count: 1, resetsInMs: 60_000 });
    expect(memory.peek('login:b')).toEqual({ count: 1, resetsInMs: 10_000 });
  });
});
