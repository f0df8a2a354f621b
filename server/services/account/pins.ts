import { inLocale, t } from '../../i18n';
import { timingSafeEqual } from 'node:crypto';
import type { PinRefusal } from '../../../core/contract';
import { AppError } from '../../errors';
import type { Mail } from '../../gateways/mailer';
import { lockAccount } from './accounts';
import { inTransaction, type AppContext } from '../context';
import { startCoolingOff } from './coolingOff';
import { tellOwnerOfChange } from './credentialAlerts';
import { addNotification } from '../notifications/notifications';
import { queueMail } from '../notifications/outbox';
import { checkAccountPassword } from './loginThrottle';
import { pauseSchedulesForRecovery } from '../schedules/recovery';
import { PIN_NOT_SET_YET, refuseWrongGuess, spendPinResetCode } from './otp';
import { AUTHORISATION_FAILED, revokeUserSessions, type Session } from './sessions';
import { openUserField, sealUserField } from './userData';

const HOUR = 3_600_000;

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

const GUESSABLE_PIN = /*i18n*/ {
  id: 'pin.refused.guessable',
  message: 'this pin is too easy to guess, please choose a different one',
};
export const PIN_MISMATCH = /*i18n*/ { id: 'pin.refused.mismatch', message: 'pin and confirm pin do not match' };
export const OLD_PIN_NOT_CORRECT = /*i18n*/ { id: 'pin.refused.oldWrong', message: 'old pin is not correct' };
export const passwordNotCorrect = /*i18n*/ { id: 'pin.refused.password', message: 'password is not correct' };
export const PASSWORD_NOT_CORRECT = passwordNotCorrect.message;
/** Says "authorization": the SPA logs out on that word. */
export const PIN_LOGOUT = 'too many wrong transaction pins: you have been logged out (authorization revoked)';
export const PIN_LOCKED = /*i18n*/ {
  id: 'pin.refused.locked',
  message: 'purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)',
};

/**
 * Wrong pins escalate, so a stolen session gets few guesses: `ctx.pinMaxAttempts` in a row are
 * answered with the attempts left; one more ends every session of the user, is e-mailed to them and
 * starts the count again; the third such logout within a day locks purchases and pin changes until
 * the pin is reset with the account password and an e-mailed code (resetPin).
 */
const LOGOUTS_BEFORE_LOCK = 3;
const LOGOUT_WINDOW_MS = 24 * HOUR;

/** What a pin check reads of the account, under the account row lock. */
export interface PinHolder {
  id: bigint;
  email: string;
  pin_sealed: string | null;
  pin_attempts: number;
  pin_locked_at: Date | null;
}

export type WrongPin = { kind: 'incorrect'; attempts: number } | { kind: 'logout' };
export type PinCheck = { kind: 'correct' } | WrongPin;

function refuseGuessable(pin: string): void {
  if (GUESSABLE_PINS.has(pin)) throw new AppError(422, t(GUESSABLE_PIN));
}

/** Seals and stores the transaction pin, whatever was there before. */
export async function storePin(ctx: AppContext, userId: bigint, pin: string): Promise<void> {
  refuseGuessable(pin);
  await ctx.db
    .updateTable('users')
    .set({ pin_sealed: sealUserField(ctx, userId, 'pin', pin) })
    .where('id', '=', userId)
    .execute();
}

/**
 * A new pin chosen without the old one (Forgot pin?, or a password reset link's last step):
 * the wrong-pin count, the logouts and the lock go with the old pin.
 */
export async function replacePin(ctx: AppContext, userId: bigint, pin: string): Promise<void> {
  await storePin(ctx, userId, pin);
  await ctx.db.updateTable('users').set({ pin_attempts: 0, pin_locked_at: null }).where('id', '=', userId).execute();
  await ctx.db.deleteFrom('pin_lockouts').where('user_id', '=', userId).execute();
}

/** A signed-in user's first pin; replacing one needs the old pin (change-pin), a code (reset-pin) or a reset link. */
export async function setFirstPin(ctx: AppContext, userId: bigint, pin: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user.email_verified_at)
      throw new AppError(
        403,
        t(/*i18n*/ { id: 'pin.refused.verifyFirst', message: 'please verify your email before setting a pin' }),
      );
    if (user.pin_sealed !== null)
      throw new AppError(409, t(/*i18n*/ { id: 'pin.refused.alreadySet', message: 'pin already set, use change pin' }));
    await storePin(tx, userId, pin);
  });
}

/**
 * The account's pin fields, its row locked until the transaction ends so that one user's pin
 * checks happen one at a time. NO KEY UPDATE, as a purchase takes it (placing.ts).
 */
export async function lockPinHolder(ctx: AppContext, userId: bigint): Promise<PinHolder> {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'pin_sealed', 'pin_attempts', 'pin_locked_at'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

function pinLogoutMail(to: string, locked: boolean): Mail {
  return {
    to,
    subject: 'Your Naira Wallet session was ended',
    text:
      'Your Naira Wallet session was ended after too many wrong transaction pins, and every device was ' +
      'signed out.\n\n' +
      (locked
        ? 'This happened several times today, so purchases are locked until you reset your transaction pin ' +
          'with "Forgot pin?" (you need your password and a code we e-mail you).\n\n'
        : '') +
      'If this was not you, log in, change your password and reset your transaction pin at once.',
  };
}

/**
 * Ends every session of the user, records the logout and starts the count again; the third logout
 * within a day locks the pin. The user is e-mailed (queued with the logout: the caller commits it).
 */
async function logOutForWrongPins(ctx: AppContext, holder: PinHolder): Promise<void> {
  const now = ctx.clock.now();
  await revokeUserSessions(ctx, holder.id);
  const lockout = await ctx.db
    .insertInto('pin_lockouts')
    .values({ user_id: holder.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { logouts } = await ctx.db
    .selectFrom('pin_lockouts')
    .select((eb) => eb.fn.countAll<bigint>().as('logouts'))
    .where('user_id', '=', holder.id)
    .where('created_at', '>', new Date(now.getTime() - LOGOUT_WINDOW_MS))
    .executeTakeFirstOrThrow();
  const locked = Number(logouts) >= LOGOUTS_BEFORE_LOCK;
  await ctx.db
    .updateTable('users')
    .set({ pin_attempts: 0, ...(locked ? { pin_locked_at: now } : {}) })
    .where('id', '=', holder.id)
    .execute();
  await queueMail(ctx, { kind: 'pin-logout', event: lockout.id, mail: pinLogoutMail(holder.email, locked) });
}

/** Whether the typed pin is the stored one: a comparison in constant time, nothing read, counted or written. */
export function pinMatches(ctx: AppContext, holder: PinHolder, pin: string): boolean {
  const stored = Buffer.from(openUserField(ctx, holder.id, 'pin', holder.pin_sealed), 'utf8');
  const typed = Buffer.from(pin, 'utf8');
  return holder.pin_sealed !== null && stored.length === typed.length && timingSafeEqual(stored, typed);
}

/**
 * Checks a typed pin against the stored one, inside the caller's transaction with the account
 * row locked (lockPinHolder), for a request of session `sessionId`. Refuses with 401 when that
 * session has ended meanwhile, and with 423 while the pin is locked. A right pin clears the
 * count; a wrong one is counted, or ends every session once the count had reached the maximum.
 * The caller must commit before answering anything but 'correct' (refusePin), or the
 * count would roll back with the rest.
 */
export async function checkPin(ctx: AppContext, holder: PinHolder, pin: string, sessionId: bigint): Promise<PinCheck> {
  return checkAttempt(ctx, holder, sessionId, () => pinMatches(ctx, holder, pin));
}

/**
 * A purchase or schedule confirmed with a passkey (services/account/passkeys.ts decided
 * `confirmed`), under the same rules as a pin: refused while the pin is locked, and a refused
 * passkey counts as a wrong pin (a stolen session gains no extra tries by using one). A right one
 * leaves the count as it is: it proves the phone's screen lock, not the pin.
 */
export async function checkPasskey(
  ctx: AppContext,
  holder: PinHolder,
  confirmed: boolean,
  sessionId: bigint,
): Promise<PinCheck> {
  return checkAttempt(ctx, holder, sessionId, () => confirmed, { clears: false });
}

async function checkAttempt(
  ctx: AppContext,
  holder: PinHolder,
  sessionId: bigint,
  right: () => boolean,
  { clears }: { clears: boolean } = { clears: true },
): Promise<PinCheck> {
  // Requests sent together all pass authentication before the first logout: those that waited
  // for the account lock behind it guess no more. A statement of its own, so that it reads what
  // the logout committed while this transaction waited.
  const session = await ctx.db
    .selectFrom('sessions')
    .select('revoked_at')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  if (session.revoked_at !== null) throw new AppError(401, AUTHORISATION_FAILED);
  if (holder.pin_locked_at) throw new AppError(423, t(PIN_LOCKED), { reason: 'pin-locked' } satisfies PinRefusal);
  if (right()) {
    if (clears && holder.pin_attempts > 0)
      await ctx.db.updateTable('users').set({ pin_attempts: 0 }).where('id', '=', holder.id).execute();
    return { kind: 'correct' };
  }
  if (holder.pin_attempts >= ctx.pinMaxAttempts) {
    await logOutForWrongPins(ctx, holder);
    return { kind: 'logout' };
  }
  const attempts = holder.pin_attempts + 1;
  await ctx.db.updateTable('users').set({ pin_attempts: attempts }).where('id', '=', holder.id).execute();
  return { kind: 'incorrect', attempts };
}

/**
 * The refusal of a wrong pin, to throw once its count is committed (or the transaction that
 * counted it would roll the count back): 400 `message` with the count, or 401 when it ended
 * every session (the user's e-mail about it was queued with the logout).
 */
export function refusePin(ctx: AppContext, wrong: WrongPin, message: string): AppError {
  if (wrong.kind === 'logout') return new AppError(401, PIN_LOGOUT, { reason: 'pin-logout' } satisfies PinRefusal);
  const refusal: PinRefusal = {
    reason: 'pin-incorrect',
    pin_attempts: wrong.attempts,
    max_attempts: ctx.pinMaxAttempts,
    attempts_left: Math.max(ctx.pinMaxAttempts - wrong.attempts, 0),
  };
  return new AppError(400, message, refusal);
}

/** Replaces the pin after checking the old one, which counts like a purchase's pin. */
export async function changePin(ctx: AppContext, session: Session, oldPin: string, newPin: string): Promise<void> {
  const outcome = await inTransaction(ctx, async (tx) => {
    const holder = await lockPinHolder(tx, session.userId);
    if (holder.pin_sealed === null) throw new AppError(409, t(PIN_NOT_SET_YET));
    const checked = await checkPin(tx, holder, oldPin, session.id);
    if (checked.kind !== 'correct') return checked;
    await storePin(tx, session.userId, newPin);
    // The schedules were authorised with the pin replaced: each waits for the new one.
    await pauseSchedulesForRecovery(tx, session.userId);
    await addNotification(tx, session.userId, {
      title: t(/*i18n*/ { id: 'notice.pinChanged.title', message: 'Transaction pin changed' }),
      content: t(
        /*i18n*/ {
          id: 'notice.pinChanged',
          message:
            'Your transaction pin was changed. If this was not you, open the link in the e-mail we sent you at once: it signs out every device.',
        },
      ),
    });
    await tellOwnerOfChange(tx, session.userId, 'pin-changed');
    return checked;
  });
  if (outcome.kind !== 'correct') throw refusePin(ctx, outcome, t(OLD_PIN_NOT_CORRECT));
}

/**
 * Forgot pin: a new pin, authorised by the account password and the newest reset-pin code
 * (otp.ts rules). Clears the wrong-pin count, the logouts and the lock, and pauses the schedules
 * until they are authorised with the new pin; the owner is e-mailed.
 */
export async function resetPin(
  ctx: AppContext,
  userId: bigint,
  form: { password: string; otp: string; pin: string },
): Promise<void> {
  refuseGuessable(form.pin);
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'password_hash', 'pin_sealed', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.pin_sealed === null) throw new AppError(409, t(PIN_NOT_SET_YET));
  if (!(await checkAccountPassword(ctx, user, form.password))) throw new AppError(400, t(passwordNotCorrect));
  const guess = await inTransaction(ctx, async (tx) => {
    const holder = await lockPinHolder(tx, userId);
    const guess = await spendPinResetCode(tx, userId, form.otp);
    if (!guess.right) return guess;
    await replacePin(tx, userId, form.pin);
    // Said in the owner's language, whichever the request carries.
    const notice = inLocale(user.language, () => ({
      title: t(/*i18n*/ { id: 'notice.pinReset.title', message: 'Transaction pin reset' }),
      content: t(
        /*i18n*/ {
          id: 'notice.pinReset',
          message:
            'Your transaction pin was reset with your password and an e-mailed code. If this was not you, open the link in the e-mail we sent you at once.',
        },
      ),
    }));
    await addNotification(tx, userId, notice);
    // Whoever knows the password and reads the inbox can do this: purchases cool off, as after a password reset.
    await startCoolingOff(tx, userId, 'pin-reset');
    await pauseSchedulesForRecovery(tx, userId);
    await tellOwnerOfChange(tx, holder.id, 'pin-reset');
    return guess;
  });
  refuseWrongGuess(guess);
}
