import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors';
import { lockAccount } from './accounts';
import { inTransaction, type AppContext } from './context';
import { activeLock, clearFailures, recordFailure, type AttemptPolicy } from './failedAttempts';
import { addNotification } from './notifications';
import { openUserField, sealUserField } from './userData';

const MINUTE = 60_000;

/**
 * Refused at set and change time: the 20 most frequent pins of DataGenetics' study of
 * 3.4 million four-digit pins — which include every repeated digit — and every run of four
 * consecutive digits. 2580 (a keypad column, the demo account's pin) ranks just below and is allowed.
 */
const GUESSABLE_PINS: ReadonlySet<string> = new Set([
  ...['1234', '1111', '0000', '1212', '7777', '1004', '2000', '4444', '2222', '6969'],
  ...['9999', '3333', '5555', '6666', '1122', '1313', '8888', '4321', '2001', '1010'],
  ...['0123', '2345', '3456', '4567', '5678', '6789'],
  ...['9876', '8765', '7654', '6543', '5432', '3210'],
]);

const GUESSABLE_PIN = 'this pin is too easy to guess, please choose a different one';
export const PIN_MISMATCH = 'pin and confirm pin do not match';
export const OLD_PIN_NOT_CORRECT = 'old pin is not correct';

/**
 * Wrong transaction pins (at change-pin now, at every purchase later) share one budget: 5 in a
 * row lock every pin operation for 30 minutes (security.md, Transaction pin).
 */
export const PIN_ATTEMPTS: AttemptPolicy = { purpose: 'transaction-pin', maxFailures: 5, lockMs: 30 * MINUTE };

/** Seals and stores the transaction pin, whatever was there before. */
export async function storePin(ctx: AppContext, userId: bigint, pin: string): Promise<void> {
  if (GUESSABLE_PINS.has(pin)) throw new AppError(422, GUESSABLE_PIN);
  await ctx.db.updateTable('users').set({ pin_sealed: sealUserField(ctx, userId, 'pin', pin) }).where('id', '=', userId).execute();
}

/** A signed-in user's first pin; replacing one needs the old pin (change-pin) or a reset link. */
export async function setFirstPin(ctx: AppContext, userId: bigint, pin: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user.email_verified_at) throw new AppError(403, 'please verify your email before setting a pin');
    if (user.pin_sealed !== null) throw new AppError(409, 'pin already set, use change pin');
    await storePin(tx, userId, pin);
  });
}

/**
 * Checks a typed pin against the stored one, inside the caller's transaction with the account
 * row locked (lockAccount). Refuses with 429 while the pin is locked; a wrong pin is counted,
 * a right one clears the count. The caller must commit before answering a wrong pin, or the
 * failure would be rolled back with the rest: return false out of the transaction, then throw.
 */
export async function checkPin(ctx: AppContext, userId: bigint, pinSealed: string | null, pin: string): Promise<boolean> {
  const lockedUntil = await activeLock(ctx, userId, PIN_ATTEMPTS);
  if (lockedUntil) {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - ctx.clock.now().getTime()) / MINUTE));
    throw new AppError(429, `too many wrong pins, pin operations are locked: please try again in about ${minutes} minutes`);
  }
  const stored = Buffer.from(openUserField(ctx, userId, 'pin', pinSealed), 'utf8');
  const typed = Buffer.from(pin, 'utf8');
  const matches = pinSealed !== null && stored.length === typed.length && timingSafeEqual(stored, typed);
  if (matches) await clearFailures(ctx, userId, PIN_ATTEMPTS.purpose);
  else await recordFailure(ctx, userId, PIN_ATTEMPTS);
  return matches;
}

/** Replaces the pin after checking the old one; a wrong old pin counts toward the pin lock. */
export async function changePin(ctx: AppContext, userId: bigint, oldPin: string, newPin: string): Promise<void> {
  const changed = await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.pin_sealed === null) throw new AppError(409, 'you have not set a pin yet, please set one first');
    if (!(await checkPin(tx, userId, user.pin_sealed, oldPin))) return false;
    await storePin(tx, userId, newPin);
    await addNotification(tx, userId, {
      title: 'Transaction pin changed',
      content: 'Your transaction pin was changed. If this was not you, reset your password at once from the login screen: it also lets you choose a new pin.',
    });
    return true;
  });
  if (!changed) throw new AppError(400, OLD_PIN_NOT_CORRECT);
}
