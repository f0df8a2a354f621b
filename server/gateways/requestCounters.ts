import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';

/**
 * Fixed-window request counters that every replica shares: in the database by default, in Redis
 * when REDIS_URL is set. Nothing is evicted before its window ends, so no flood of other keys
 * can reset a client's count.
 */
export interface RequestCounters {
  /** Counts one request under `key` and answers the count in the current window and how long until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetsInMs: number }>;
}

/** Expired windows are deleted at most this often (per process), so the table holds live windows only. */
const PRUNE_EVERY_MS = 60_000;

/** One upsert per request (db/migrations/008_login_throttle.sql). */
export class DatabaseCounters implements RequestCounters {
  #prunedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number) {
    const now = this.clock.now();
    // Every SET expression reads the row as it was, so both see the same expired window.
    const expired = sql<boolean>`rate_limit_counters.resets_at <= ${now}`;
    const row = await this.db
      .insertInto('rate_limit_counters')
      .values({ key, count: 1, resets_at: new Date(now.getTime() + windowMs) })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql`CASE WHEN ${expired} THEN 1 ELSE rate_limit_counters.count + 1 END`,
          resets_at: sql`CASE WHEN ${expired} THEN excluded.resets_at ELSE rate_limit_counters.resets_at END`,
        }),
      )
      .returning(['count', 'resets_at'])
      .executeTakeFirstOrThrow();
    if (now.getTime() - this.#prunedAt >= PRUNE_EVERY_MS) {
      this.#prunedAt = now.getTime();
      await this.db.deleteFrom('rate_limit_counters').where('resets_at', '<=', now).execute();
    }
    return { count: row.count, resetsInMs: row.resets_at.getTime() - now.getTime() };
  }
}

/** INCR and the window's expiry in one atomic script; a key left without expiry gets one. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/** Redis keys with a TTL of one window; Redis's own clock decides when a window ends. */
export class RedisCounters implements RequestCounters {
  readonly #hit: HitCommand;

  constructor(
    redis: Redis,
    /** Namespaces this application's keys on a Redis server that may hold others. */
    private readonly prefix = 'naira-wallet:requests:',
  ) {
    // A defined command is sent by its SHA (EVALSHA), the script itself only when Redis lacks it.
    if (!('naira_hit' in redis)) redis.defineCommand('naira_hit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    const command = (redis as unknown as { naira_hit: HitCommand }).naira_hit;
    this.#hit = command.bind(redis);
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = await this.#hit(this.prefix + key, windowMs);
    return { count, resetsInMs: ttl };
  }
}

/**
 * A connected client, or a rejection that says why: the server refuses to start rather than run
 * without the shared counters it was told to use. Once started, a command fails at once while
 * the connection is down (no offline queue: fallbackCounters.ts then counts in memory) and ioredis
 * reconnects on its own; `logLost` hears the first error of each outage, not every reconnection's.
 */
export async function connectRedis(url: string, logLost: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 5_000,
    // Tries again soon (ioredis' default backs off to 2 s): until it is back, the limits are this replica's alone.
    retryStrategy: (attempt) => Math.min(attempt * 50, 500),
  });
  let told = false;
  redis.on('error', (error: Error) => {
    if (!told) logLost(error);
    told = true;
  });
  redis.on('ready', () => (told = false));
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
