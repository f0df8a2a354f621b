import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_RESEND_COUNTDOWN_S, PHONE_CODE_LENGTH } from '../../../core/limits';
import * as messages from '../../../core/messages';
import { phoneMessages } from '../../../core/words/phone';
import type { OtpPurpose } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mail } from '../../gateways/mailer';
import { lockAccount, markEmailVerified } from './accounts';
import { inTransaction, type AppContext } from '../context';
import { queueMail } from '../notifications/outbox';
import { t } from '../../i18n';
import { activeLock, clearFailures, recordFailure, type AttemptPolicy } from './failedAttempts';
import { markPhoneVerified, phoneCodeText } from './phones';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * A 4-digit code (the spec's length) is weak on its own, so: it expires after 10 minutes, only
 * the newest code counts, and a user gets 5 wrong guesses in total — asking for a new code does
 * not reset them — before a 30-minute lock; the count survives the lock, so each later wrong
 * guess locks again for twice as long (failedAttempts.ts), and at the third lock the code is
 * void (a new one must be asked for) and the owner is e-mailed. Sending is paced to the SPA's 59-second
 * countdown and capped per hour, which also keeps the mailbox of a mistyped address quiet.
 * Each purpose (verifying the e-mail, resetting the transaction pin, verifying the phone) has its
 * own codes, pacing and guesses: a code only ever serves the purpose it was sent for. The phone's
 * code goes by SMS to the phone on file, six digits, and its hash binds it to that number: once
 * the phone is changed, no code sent to the old one verifies the new one.
 */
const OTP_TTL_MS = 10 * MINUTE;
const OTP_RESEND_INTERVAL_MS = OTP_RESEND_COUNTDOWN_S * SECOND;
const OTP_SENDS_PER_HOUR = 6;
/** The lifetime as the e-mails say it, in minutes. */
const TTL_MINUTES = String(OTP_TTL_MS / MINUTE);

type LockedAccount = Awaited<ReturnType<typeof lockAccount>>;

interface CodeKind {
  purpose: OtpPurpose;
  attempts: AttemptPolicy;
  /** Digits of each code. */
  length: number;
  /** Sends the code to the account, in the request (never through the outbox): rejects when it could not. */
  send: (ctx: AppContext, user: LockedAccount, code: string) => Promise<void>;
  /** What the code is bound to besides the account (the phone it was texted to); '' for nothing. */
  boundTo: (user: LockedAccount) => string;
  /** The owner's warning when the wrong guesses reach LOCKS_BEFORE_NEW_CODE locks. */
  guessedMail: (to: string) => Mail;
}

/** A code by e-mail to the account's address. */
const byMail =
  (mail: (to: string, code: string) => Mail) =>
  (ctx: AppContext, user: LockedAccount, code: string): Promise<void> =>
    ctx.mailer.send(mail(user.email, code));
const unbound = () => '';

/** From this lock on, each lock voids the code it was guessing: a new one must be asked for. */
const LOCKS_BEFORE_NEW_CODE = 3;

const VERIFY_EMAIL: CodeKind = {
  purpose: 'verify-email',
  attempts: { purpose: 'email-otp', maxFailures: 5, lockMs: 30 * MINUTE },
  length: OTP_LENGTH,
  boundTo: unbound,
  send: byMail((to, code) => ({
    to,
    subject: t(/*i18n*/ { id: 'mail.verifyEmail.subject', message: 'Your verification code' }),
    text: t(
      /*i18n*/ {
        id: 'mail.verifyEmail.text',
        message:
          'Your Naira Wallet verification code is {code}.\n\n' +
          'It expires in {minutes} minutes. If you did not create a Naira Wallet account, you can ' +
          'ignore this e-mail.',
      },
      { code, minutes: TTL_MINUTES },
    ),
  })),
  guessedMail: (to) => ({
    to,
    subject: t(
      /*i18n*/ {
        id: 'mail.verifyEmail.guessedSubject',
        message: 'Wrong codes typed for your Naira Wallet e-mail check',
      },
    ),
    text: t(
      /*i18n*/ {
        id: 'mail.verifyEmail.guessedText',
        message:
          'Someone has typed many wrong codes to verify a Naira Wallet account with this e-mail address, so ' +
          'the code we sent is no longer valid.\n\n' +
          'If it was you, ask for a new code on the verification screen. If you did not create a Naira Wallet ' +
          'account, ignore this e-mail: without a code from this mailbox nobody can verify the address.',
      },
    ),
  }),
};

const RESET_PIN: CodeKind = {
  purpose: 'reset-pin',
  attempts: { purpose: 'pin-reset-otp', maxFailures: 5, lockMs: 30 * MINUTE },
  length: OTP_LENGTH,
  boundTo: unbound,
  send: byMail((to, code) => ({
    to,
    subject: t(/*i18n*/ { id: 'mail.resetPin.subject', message: 'Your transaction pin reset code' }),
    text: t(
      /*i18n*/ {
        id: 'mail.resetPin.text',
        message:
          'Your Naira Wallet code to reset your transaction pin is {code}.\n\n' +
          'It expires in {minutes} minutes. If you did not ask for it, change your password at ' +
          'once: someone may be signed in to your account.',
      },
      { code, minutes: TTL_MINUTES },
    ),
  })),
  guessedMail: (to) => ({
    to,
    subject: t(
      /*i18n*/ { id: 'mail.resetPin.guessedSubject', message: 'Wrong codes typed to reset your Naira Wallet pin' },
    ),
    text: t(
      /*i18n*/ {
        id: 'mail.resetPin.guessedText',
        message:
          'Someone signed in to your Naira Wallet account has typed many wrong codes to reset your transaction ' +
          'pin, so the code we sent is no longer valid. Your pin is unchanged.\n\n' +
          'If it was not you, someone knows your password: change it at once (Forgot password on the login ' +
          'screen), which signs out every device.',
      },
    ),
  }),
};

const VERIFY_PHONE: CodeKind = {
  purpose: 'verify-phone',
  attempts: { purpose: 'phone-otp', maxFailures: 5, lockMs: 30 * MINUTE },
  length: PHONE_CODE_LENGTH,
  boundTo: (user) => user.phone,
  send: (ctx, user, code) => ctx.sms.send({ to: user.phone, text: phoneCodeText(ctx.publicUrl, code, OTP_TTL_MS) }),
  guessedMail: (to) => ({
    to,
    subject: t(
      /*i18n*/ {
        id: 'mail.verifyPhone.guessedSubject',
        message: 'Wrong codes typed to verify your Naira Wallet phone',
      },
    ),
    text: t(
      /*i18n*/ {
        id: 'mail.verifyPhone.guessedText',
        message:
          'Someone signed in to your Naira Wallet account has typed many wrong codes to verify its phone ' +
          'number, so the code we texted is no longer valid.\n\n' +
          'If it was you, ask for a new code on your profile. If it was not, someone knows your password: ' +
          'change it at once (Forgot password on the login screen), which signs out every device.',
      },
    ),
  }),
};

const ALREADY_VERIFIED = /*i18n*/ { id: 'code.refused.verified', message: 'email already verified' };
const WRONG_CODE = /*i18n*/ { id: 'code.refused.wrong', message: 'invalid or expired code' };
export const PIN_NOT_SET_YET = /*i18n*/ {
  id: 'pin.refused.notSet',
  message: 'you have not set a pin yet, please set one first',
};

const codeHash = (ctx: AppContext, userId: bigint, kind: CodeKind, code: string, boundTo: string) =>
  ctx.hashToken(`${kind.attempts.purpose}:${userId}:${boundTo === '' ? '' : `${boundTo}:`}${code}`);
const minutesUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / MINUTE));

async function refuseWhileLocked(ctx: AppContext, userId: bigint, kind: CodeKind): Promise<void> {
  const lockedUntil = await activeLock(ctx, userId, kind.attempts);
  if (lockedUntil) {
    throw new AppError(
      429,
      t(
        /*i18n*/ {
          id: 'code.refused.locked',
          message: 'too many wrong codes, please try again in about {minutes} minutes',
        },
        { minutes: minutesUntil(lockedUntil, ctx.clock.now()) },
      ),
    );
  }
}

/** Sends a new code of this kind to the user, once `allowed` has accepted the account (under its lock). */
async function sendCode(
  ctx: AppContext,
  userId: bigint,
  kind: CodeKind,
  allowed: (user: LockedAccount) => void,
): Promise<void> {
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
      if (waitMs > 0) throw new AppError(429, t(messages.resendIn, { seconds: String(Math.ceil(waitMs / SECOND)) }));
    }
    if (sentLastHour.length >= OTP_SENDS_PER_HOUR) {
      const oldest = sentLastHour[0].created_at;
      throw new AppError(
        429,
        t(
          /*i18n*/ {
            id: 'code.refused.tooManySent',
            message: 'too many codes requested, please try again in about {minutes} minutes',
          },
          { minutes: minutesUntil(new Date(oldest.getTime() + HOUR), now) },
        ),
      );
    }

    const code = randomInt(0, 10 ** kind.length)
      .toString()
      .padStart(kind.length, '0');
    const row = await tx.db
      .insertInto('email_otps')
      .values({
        user_id: userId,
        purpose: kind.purpose,
        code_hash: codeHash(tx, userId, kind, code, kind.boundTo(user)),
        created_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, user, code };
  });

  try {
    await kind.send(ctx, issued.user, issued.code);
  } catch (error) {
    // Nobody received this code: withdraw it, so the resend interval does not hold the user back.
    await ctx.db.deleteFrom('email_otps').where('id', '=', issued.id).execute();
    throw error;
  }
}

/** A guess: right (the code is spent) or wrong (recorded, and the owner warned when it voided the code). */
export type CodeGuess = { right: boolean };

/**
 * Whether `code` is the newest live code of this kind, spending it if so; a wrong guess is
 * recorded, and from the LOCKS_BEFORE_NEW_CODE-th lock on voids the code. Runs in the caller's
 * transaction with the account row locked: the caller must commit a wrong answer before
 * refusing, or the recorded guess would roll back with it.
 */
async function spendCode(
  tx: AppContext,
  userId: bigint,
  kind: CodeKind,
  code: string,
  boundTo = '',
): Promise<CodeGuess> {
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
    newest !== undefined &&
    newest.used_at === null &&
    newest.expires_at > now &&
    timingSafeEqual(newest.code_hash, codeHash(tx, userId, kind, code, boundTo));
  if (!matches) {
    await wrongGuess(tx, userId, kind);
    return { right: false };
  }
  await tx.db.updateTable('email_otps').set({ used_at: now }).where('id', '=', newest.id).execute();
  await clearFailures(tx, userId, kind.attempts.purpose);
  return { right: true };
}

/**
 * Records a wrong guess; a lock from LOCKS_BEFORE_NEW_CODE on voids the live codes, and the first
 * such lock warns the owner (queued with the guess: the caller commits it).
 */
async function wrongGuess(tx: AppContext, userId: bigint, kind: CodeKind): Promise<void> {
  const failure = await recordFailure(tx, userId, kind.attempts);
  if (failure.lockedUntil === null || failure.locks < LOCKS_BEFORE_NEW_CODE) return;
  await tx.db
    .updateTable('email_otps')
    .set({ used_at: tx.clock.now() })
    .where('user_id', '=', userId)
    .where('purpose', '=', kind.purpose)
    .where('used_at', 'is', null)
    .execute();
  if (failure.locks > LOCKS_BEFORE_NEW_CODE) return;
  const owner = await tx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  await queueMail(tx, { kind: 'code-voided', mail: kind.guessedMail(owner.email) });
}

/** E-mails a new code to verify the address. */
export async function sendVerificationCode(ctx: AppContext, userId: bigint): Promise<void> {
  await sendCode(ctx, userId, VERIFY_EMAIL, (user) => {
    if (user.email_verified_at) throw new AppError(409, t(ALREADY_VERIFIED));
  });
}

/** Verifies the e-mail address with the newest code. A wrong guess is recorded before the error is answered. */
export async function verifyEmailCode(ctx: AppContext, userId: bigint, code: string): Promise<void> {
  const guess = await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.email_verified_at) throw new AppError(409, t(ALREADY_VERIFIED));
    const spent = await spendCode(tx, userId, VERIFY_EMAIL, code);
    if (spent.right) await markEmailVerified(tx, userId);
    return spent;
  });
  refuseWrongGuess(guess);
}

/** After the guess is committed: nothing for a right one, 400 for a wrong one. */
export function refuseWrongGuess(guess: CodeGuess): void {
  if (!guess.right) throw new AppError(400, t(WRONG_CODE));
}

/** E-mails a code for resetting the transaction pin (Forgot pin?); only a user with a pin has one to reset. */
export async function sendPinResetCode(ctx: AppContext, userId: bigint): Promise<void> {
  await sendCode(ctx, userId, RESET_PIN, (user) => {
    if (user.pin_sealed === null) throw new AppError(409, t(PIN_NOT_SET_YET));
  });
}

/** spendCode for a pin reset code: same transaction rules. */
export const spendPinResetCode = (tx: AppContext, userId: bigint, code: string) =>
  spendCode(tx, userId, RESET_PIN, code);

/** Texts a code to the phone on file, to verify it; a verified phone asks for none. */
export async function sendPhoneCode(ctx: AppContext, userId: bigint): Promise<void> {
  await sendCode(ctx, userId, VERIFY_PHONE, (user) => {
    if (user.phone_verified_at) throw new AppError(409, t(phoneMessages.alreadyVerified));
  });
}

/**
 * Verifies the phone on file with the newest code texted to it: a code sent to a number since
 * replaced is wrong. A wrong guess is recorded before the error is answered.
 */
export async function verifyPhoneCode(ctx: AppContext, userId: bigint, code: string): Promise<void> {
  const guess = await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.phone_verified_at) throw new AppError(409, t(phoneMessages.alreadyVerified));
    const spent = await spendCode(tx, userId, VERIFY_PHONE, code, user.phone);
    if (spent.right) await markPhoneVerified(tx, userId, user.phone);
    return spent;
  });
  refuseWrongGuess(guess);
}
