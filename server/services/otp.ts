import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_RESEND_COUNTDOWN_S } from '../../core/limits';
import { messages } from '../../core/messages';
import type { OtpPurpose } from '../db/schema';
import { AppError } from '../errors';
import type { Mail } from '../gateways/mailer';
import { lockAccount, markEmailVerified } from './accounts';
import { inTransaction, type AppContext } from './context';
import { activeLock, clearFailures, recordFailure, type AttemptPolicy } from './failedAttempts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * A 4-digit code (the spec's length) is weak on its own, so: it expires after 10 minutes, only
 * the newest code counts, and a user gets 5 wrong guesses in total — asking for a new code does
 * not reset them — before a 30-minute cooling-off. Sending is paced to the SPA's 59-second
 * countdown and capped per hour, which also keeps the mailbox of a mistyped address quiet.
 * Each purpose (verifying the e-mail, resetting the transaction pin) has its own codes, pacing
 * and guesses: a code only ever serves the purpose it was sent for.
 */
const OTP_TTL_MS = 10 * MINUTE;
const OTP_RESEND_INTERVAL_MS = OTP_RESEND_COUNTDOWN_S * SECOND;
const OTP_SENDS_PER_HOUR = 6;

interface CodeKind {
  purpose: OtpPurpose;
  attempts: AttemptPolicy;
  mail: (to: string, code: string) => Mail;
}

const VERIFY_EMAIL: CodeKind = {
  purpose: 'verify-email',
  attempts: { purpose: 'email-otp', maxFailures: 5, lockMs: 30 * MINUTE },
  mail: (to, code) => ({
    to,
    subject: 'Your verification code',
    text: `Your Naira Wallet verification code is ${code}.\n\nIt expires in ${OTP_TTL_MS / MINUTE} minutes. If you did not create a Naira Wallet account, you can ignore this e-mail.`,
  }),
};

const RESET_PIN: CodeKind = {
  purpose: 'reset-pin',
  attempts: { purpose: 'pin-reset-otp', maxFailures: 5, lockMs: 30 * MINUTE },
  mail: (to, code) => ({
    to,
    subject: 'Your transaction pin reset code',
    text:
      `Your Naira Wallet code to reset your transaction pin is ${code}.\n\nIt expires in ${OTP_TTL_MS / MINUTE} minutes. ` +
      'If you did not ask for it, change your password at once: someone may be signed in to your account.',
  }),
};

const ALREADY_VERIFIED = 'email already verified';
export const WRONG_CODE = 'invalid or expired code';
export const PIN_NOT_SET_YET = 'you have not set a pin yet, please set one first';

const codeHash = (ctx: AppContext, userId: bigint, kind: CodeKind, code: string) => ctx.hashToken(`${kind.attempts.purpose}:${userId}:${code}`);
const minutesUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / MINUTE));

async function refuseWhileLocked(ctx: AppContext, userId: bigint, kind: CodeKind): Promise<void> {
  const lockedUntil = await activeLock(ctx, userId, kind.attempts);
  if (lockedUntil) {
    throw new AppError(429, `too many wrong codes, please try again in about ${minutesUntil(lockedUntil, ctx.clock.now())} minutes`);
  }
}

type LockedAccount = Awaited<ReturnType<typeof lockAccount>>;

/** E-mails a new code of this kind to the user, once `allowed` has accepted the account (under its lock). */
async function sendCode(ctx: AppContext, userId: bigint, kind: CodeKind, allowed: (user: LockedAccount) => void): Promise<void> {
  const issued = await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    allowed(user);
    await refuseWhileLocked(tx, userId, kind);

    const now = tx.clock.now();
    const sentLastHour = await tx.db
      .selectFrom('email_otps')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('purpose', '=', kind.purpose)
      .where('created_at', '>', new Date(now.getTime() - HOUR))
      .orderBy('created_at', 'asc')
      .execute();
    const latest = sentLastHour.at(-1);
    if (latest) {
      const waitMs = latest.created_at.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime();
      if (waitMs > 0) throw new AppError(429, messages.resendIn(Math.ceil(waitMs / SECOND)));
    }
    if (sentLastHour.length >= OTP_SENDS_PER_HOUR) {
      const oldest = sentLastHour[0].created_at;
      throw new AppError(429, `too many codes requested, please try again in about ${minutesUntil(new Date(oldest.getTime() + HOUR), now)} minutes`);
    }

    const code = randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
    const row = await tx.db
      .insertInto('email_otps')
      .values({ user_id: userId, purpose: kind.purpose, code_hash: codeHash(tx, userId, kind, code), created_at: now, expires_at: new Date(now.getTime() + OTP_TTL_MS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email: user.email, code };
  });

  try {
    await ctx.mailer.send(kind.mail(issued.email, issued.code));
  } catch (error) {
    // Nobody received this code: withdraw it, so the resend interval does not hold the user back.
    await ctx.db.deleteFrom('email_otps').where('id', '=', issued.id).execute();
    throw error;
  }
}

/**
 * Whether `code` is the newest live code of this kind, spending it if so; a wrong guess is
 * recorded. Runs in the caller's transaction with the account row locked: the caller must
 * commit a false answer before refusing, or the recorded guess would roll back with it.
 */
async function spendCode(tx: AppContext, userId: bigint, kind: CodeKind, code: string): Promise<boolean> {
  await refuseWhileLocked(tx, userId, kind);
  const now = tx.clock.now();
  const newest = await tx.db
    .selectFrom('email_otps')
    .select(['id', 'code_hash', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', kind.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const matches =
    newest !== undefined && newest.used_at === null && newest.expires_at > now && timingSafeEqual(newest.code_hash, codeHash(tx, userId, kind, code));
  if (!matches) {
    await recordFailure(tx, userId, kind.attempts);
    return false;
  }
  await tx.db.updateTable('email_otps').set({ used_at: now }).where('id', '=', newest.id).execute();
  await clearFailures(tx, userId, kind.attempts.purpose);
  return true;
}

/** E-mails a new code to verify the address. */
export async function sendVerificationCode(ctx: AppContext, userId: bigint): Promise<void> {
  await sendCode(ctx, userId, VERIFY_EMAIL, (user) => {
    if (user.email_verified_at) throw new AppError(409, ALREADY_VERIFIED);
  });
}

/** Verifies the e-mail address with the newest code. A wrong guess is recorded before the error is answered. */
export async function verifyEmailCode(ctx: AppContext, userId: bigint, code: string): Promise<void> {
  const verified = await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.email_verified_at) throw new AppError(409, ALREADY_VERIFIED);
    if (!(await spendCode(tx, userId, VERIFY_EMAIL, code))) return false;
    await markEmailVerified(tx, userId);
    return true;
  });
  if (!verified) throw new AppError(400, WRONG_CODE);
}

/** E-mails a code for resetting the transaction pin (Forgot pin?); only a user with a pin has one to reset. */
export async function sendPinResetCode(ctx: AppContext, userId: bigint): Promise<void> {
  await sendCode(ctx, userId, RESET_PIN, (user) => {
    if (user.pin_sealed === null) throw new AppError(409, PIN_NOT_SET_YET);
  });
}

/** spendCode for a pin reset code: same transaction rules. */
export const spendPinResetCode = (tx: AppContext, userId: bigint, code: string) => spendCode(tx, userId, RESET_PIN, code);
