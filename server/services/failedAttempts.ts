import { sql } from 'kysely';
import type { AppContext } from './context';

const HOUR = 3_600_000;

/** What a failure counter guards; each purpose has its own budget (the column itself takes any text). */
export type AttemptPurpose = 'email-otp' | 'pin-reset-otp';

/** How many wrong guesses of a short secret a user gets before a lock, and how long the first lock lasts. */
export interface AttemptPolicy {
  purpose: AttemptPurpose;
  maxFailures: number;
  lockMs: number;
}

/**
 * A 4-digit code has 10,000 values; what bounds guessing is how many guesses a day allows.
 * The wrong guesses are counted until a right one, and survive the end of a lock: once the
 * budget is spent, each further wrong guess locks again, each lock twice as long as the one
 * before (at most a day). A count left a day without a wrong guess is forgotten. So a
 * persistent guesser gets about ten guesses a day, not the 240 a lock that forgave everything
 * allowed (5 every 30 minutes).
 */
const LONGEST_LOCK_MS = 24 * HOUR;
const FORGET_AFTER_MS = 24 * HOUR;

/** What one wrong guess led to. */
export interface Failure {
  /** The locks since the last right guess, this one included when the guess started one. */
  locks: number;
  /** Whether this guess started a lock. */
  locked: boolean;
}

/** When the current lock ends, or null when a guess is allowed. A served lock keeps its count. */
export async function activeLock(ctx: AppContext, userId: bigint, policy: AttemptPolicy): Promise<Date | null> {
  const row = await ctx.db
    .selectFrom('failed_attempts')
    .select('locked_until')
    .where('user_id', '=', userId)
    .where('purpose', '=', policy.purpose)
    .executeTakeFirst();
  return row?.locked_until && row.locked_until > ctx.clock.now() ? row.locked_until : null;
}

/**
 * Counts one wrong guess in a single statement. The guess that reaches the budget, and every
 * guess after it, starts a lock of `lockMs × 2^(locks before)`, capped at a day.
 */
export async function recordFailure(ctx: AppContext, userId: bigint, policy: AttemptPolicy): Promise<Failure> {
  const now = ctx.clock.now();
  const forgotten = sql<boolean>`failed_attempts.last_failure_at IS NULL OR failed_attempts.last_failure_at <= ${new Date(now.getTime() - FORGET_AFTER_MS)}::timestamptz`;
  const failures = sql<number>`CASE WHEN ${forgotten} THEN 1 ELSE failed_attempts.failures + 1 END`;
  const locksBefore = sql<number>`CASE WHEN ${forgotten} THEN 0 ELSE failed_attempts.locks END`;
  const locks = sql<number>`${locksBefore} + CASE WHEN ${failures} >= ${policy.maxFailures} THEN 1 ELSE 0 END`;
  const lockEnd = sql<Date>`${now}::timestamptz + least(${policy.lockMs}::bigint * power(2, least(${locksBefore}, 16))::bigint, ${LONGEST_LOCK_MS}::bigint) * interval '1 millisecond'`;
  const firstLocked = policy.maxFailures <= 1;
  const row = await ctx.db
    .insertInto('failed_attempts')
    .values({
      user_id: userId,
      purpose: policy.purpose,
      failures: 1,
      locks: firstLocked ? 1 : 0,
      locked_until: firstLocked ? new Date(now.getTime() + policy.lockMs) : null,
      last_failure_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'purpose']).doUpdateSet({
        failures,
        locks,
        locked_until: sql`CASE WHEN ${failures} >= ${policy.maxFailures} THEN ${lockEnd} END`,
        last_failure_at: now,
      }),
    )
    .returning(['locks', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { locks: row.locks, locked: row.locked_until !== null };
}

/** A right guess: the count and the locks start over. */
export async function clearFailures(ctx: AppContext, userId: bigint, purpose: AttemptPurpose): Promise<void> {
  await ctx.db.deleteFrom('failed_attempts').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}
