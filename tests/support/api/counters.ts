import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Clock } from '../../../server/clock';
import type { Database } from '../../../server/db/schema';
import { DatabaseCounters, RedisCounters, type RequestCounters } from '../../../server/gateways/requestCounters';

/**
 * The request-rate counters the suite runs on: the database (always) and Redis at
 * TEST_REDIS_URL. As with PostgreSQL (support/backends.ts), an unreachable Redis leaves it out
 * of the run, unless CI or REQUIRE_REDIS is set, where backends.test.ts fails.
 */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface CounterStore {
  name: 'database' | 'redis';
  /**
   * A place for one test's counters: `create` gives one replica's view of it (in Redis, a client
   * of its own, as each replica has); close() releases every client and deletes the keys.
   */
  open(): Promise<{ create(db: Database, clock: Clock): RequestCounters; close(): Promise<void> }>;
}

const database: CounterStore = {
  name: 'database',
  open: async () => ({ create: (db, clock) => new DatabaseCounters(db, clock), close: async () => {} }),
};

const redis: CounterStore = {
  name: 'redis',
  async open() {
    const clients: Redis[] = [];
    // Test files run in parallel against one server: each place has keys of its own, deleted after.
    const prefix = `naira-wallet-test:${randomBytes(6).toString('hex')}:`;
    return {
      create() {
        const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
        clients.push(client);
        return new RedisCounters(client, prefix);
      },
      async close() {
        if (clients.length === 0) return;
        const keys = await clients[0].keys(`${prefix}*`);
        if (keys.length > 0) await clients[0].del(...keys);
        await Promise.all(clients.map((client) => client.quit()));
      },
    };
  },
};

async function probe(): Promise<string | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3_000,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return undefined;
  } catch (error) {
    client.disconnect();
    return `Redis at ${REDIS_URL} is unreachable (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Why Redis is missing from this run, or undefined when it is present. */
export const redisUnavailable: string | undefined = await probe();

export const counterStores: CounterStore[] = redisUnavailable ? [database] : [database, redis];

/** Whether this run must include Redis: on CI and with REQUIRE_REDIS. */
export const redisRequired = Boolean(process.env.CI || process.env.REQUIRE_REDIS);
