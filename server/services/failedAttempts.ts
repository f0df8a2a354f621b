import { sql } from 'kysely';
import type { AttemptPurpose } from '../db/schema';
import type { AppContext } from './context';

/** How many wrong guesses of a short secret a user gets before a cooling-off period. */
export interface AttemptPolicy {
  purpose: AttemptPurpose;
  maxFailures: number;
  lockMs: number;
}

/**
 * When the current lock ends, or null when a guess is allowed. A lock that has been served
 * is cleared: the user starts again with a full budget.
 */
export async function activeLock(ctx: AppContext, userId: bigint, policy: AttemptPolicy): Promise<Date | null> {
  const row = await ctx.db
    .selectFrom('failed_attempts')
    .select('locked_until')
    .where('user_id', '=', userId)
    .where('purpose', '=', policy.purpose)
    .executeTakeFirst();
  if (!row?.locked_until) return null;
  if (row.locked_until > ctx.clock.now()) return row.locked_until;
  await clearFailures(ctx, userId, policy.purpose);
  return null;
}

/** Counts one wrong guess in a single statement; the last one allowed starts the lock. */
export async function recordFailure(ctx: AppContext, userId: bigint, policy: AttemptPolicy): Promise<void> {
  const lockEnd = new Date(ctx.clock.now().getTime() + policy.lockMs);
  await ctx.db
    .insertInto('failed_attempts')
    .values({ user_id: userId, purpose: policy.purpose, failures: 1, locked_until: policy.maxFailures <= 1 ? lockEnd : null })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'purpose']).doUpdateSet({
        failures: sql`failed_attempts.failures + 1`,
        locked_until: sql`CASE WHEN failed_attempts.failures + 1 >= ${policy.maxFailures} THEN ${lockEnd}::timestamptz END`,
      }),
    )
    .execute();
}

export async function clearFailures(ctx: AppContext, userId: bigint, purpose: AttemptPurpose): Promise<void> {
  await ctx.db.deleteFrom('failed_attempts').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}
