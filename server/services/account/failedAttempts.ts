import { sql } from 'kysely';
import type { AppContext } from '../context';

const HOUR = 3_600_000;

/** A customer's guesses of an e-mailed or texted code. */
type CustomerPurpose = 'email-otp' | 'pin-reset-otp' | 'phone-otp';
/** A staff member's wrong passwords and wrong codes at the console's sign-in, each counted on its own. */
type StaffPurpose = 'staff-password' | 'staff-code';

/** What a failure counter guards; each purpose has its own budget. */
export type AttemptPurpose = CustomerPurpose | StaffPurpose;

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

/**
 * Where a purpose's counts live: a customer's in failed_attempts by user, a staff member's in
 * staff_failed_attempts by staff member (`ownerId` is the one or the other). The statements are
 * the same; they name the table and its owner's column.
 */
function counterOf(purpose: AttemptPurpose) {
  const staff = purpose === 'staff-password' || purpose === 'staff-code';
  if (staff) return { table: sql.table('staff_failed_attempts'), owner: sql.ref('staff_id') };
  return { table: sql.table('failed_attempts'), owner: sql.ref('user_id') };
}

/** What one wrong guess led to. */
export interface Failure {
  /** The locks since the last right guess, this one included when the guess started one. */
  locks: number;
  /** When the lock this guess started ends; null when it started none. */
  lockedUntil: Date | null;
}

/** When the current lock ends, or null when a guess is allowed. A served lock keeps its count. */
export async function activeLock(ctx: AppContext, ownerId: bigint, policy: AttemptPolicy): Promise<Date | null> {
  const { table, owner } = counterOf(policy.purpose);
  const { rows } = await sql<{ locked_until: Date | null }>`
    SELECT locked_until FROM ${table} WHERE ${owner} = ${ownerId} AND purpose = ${policy.purpose}`.execute(ctx.db);
  const lockedUntil = rows[0]?.locked_until;
  return lockedUntil && lockedUntil > ctx.clock.now() ? lockedUntil : null;
}

/**
 * Counts one wrong guess in a single statement. The guess that reaches the budget, and every
 * guess after it, starts a lock of `lockMs × 2^(locks before)`, capped at a day.
 */
export async function recordFailure(ctx: AppContext, ownerId: bigint, policy: AttemptPolicy): Promise<Failure> {
  const { table, owner } = counterOf(policy.purpose);
  const now = ctx.clock.now();
  const dayAgo = new Date(now.getTime() - FORGET_AFTER_MS);
  const forgotten = sql<boolean>`counter.last_failure_at IS NULL OR counter.last_failure_at <= ${dayAgo}::timestamptz`;
  const failures = sql<number>`CASE WHEN ${forgotten} THEN 1 ELSE counter.failures + 1 END`;
  const locksBefore = sql<number>`CASE WHEN ${forgotten} THEN 0 ELSE counter.locks END`;
  const locks = sql<number>`${locksBefore} + CASE WHEN ${failures} >= ${policy.maxFailures} THEN 1 ELSE 0 END`;
  const lockEnd = sql<Date>`${now}::timestamptz
    + least(${policy.lockMs}::bigint * power(2, least(${locksBefore}, 16))::bigint, ${LONGEST_LOCK_MS}::bigint)
      * interval '1 millisecond'`;
  const firstLockEnd = policy.maxFailures <= 1 ? new Date(now.getTime() + policy.lockMs) : null;
  const { rows } = await sql<{ locks: number; locked_until: Date | null }>`
    INSERT INTO ${table} AS counter (${owner}, purpose, failures, locks, locked_until, last_failure_at)
    VALUES (${ownerId}, ${policy.purpose}, 1, ${firstLockEnd ? 1 : 0},
            ${firstLockEnd}::timestamptz, ${now}::timestamptz)
    ON CONFLICT (${owner}, purpose) DO UPDATE SET
      failures = ${failures},
      locks = ${locks},
      locked_until = CASE WHEN ${failures} >= ${policy.maxFailures} THEN ${lockEnd} END,
      last_failure_at = ${now}::timestamptz
    RETURNING locks, locked_until`.execute(ctx.db);
  return { locks: rows[0].locks, lockedUntil: rows[0].locked_until };
}

/** A right guess: the count and the locks start over. */
export async function clearFailures(ctx: AppContext, ownerId: bigint, purpose: AttemptPurpose): Promise<void> {
  const { table, owner } = counterOf(purpose);
  await sql`DELETE FROM ${table} WHERE ${owner} = ${ownerId} AND purpose = ${purpose}`.execute(ctx.db);
}
