import { sql } from 'kysely';
import type { LoginRefusal, LoginResetRequired } from '../../../core/contract';
import type { RateLimit } from '../../config';
import { AppError } from '../../errors';
import { BOT_CHECK_FAILED, type CaptchaVerifier } from '../../gateways/captcha';
import type { Mail } from '../../gateways/mailer';
import { sayDuration, t } from '../../i18n';
import type { AppContext } from '../context';
import { queueMail } from '../notifications/outbox';
import { verifyPassword } from './passwords';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/**
 * Failed logins, counted in the database so that every replica sees them (OWASP ASVS 6.3,
 * NIST SP 800-63B §5.2.2), per e-mail typed and per client address. Every other check of the
 * account password (change-password, reset-pin) counts in the same e-mail row with the same
 * waits and ceiling (checkAccountPassword): a stolen session is not a second, unthrottled
 * password oracle.
 * - an e-mail's failures in a row: after CAPTCHA_AFTER, every further attempt needs a captcha
 *   token and may come only once a delay has passed since the last failure (1 s, doubling, at
 *   most 15 minutes); an attempt that comes early is refused without checking the password and
 *   without counting. After RESET_REQUIRED_AFTER failures in a row (NIST's ceiling of 100)
 *   the password is no longer checked until the owner resets it with the e-mailed link: the
 *   owner can always get back in, a stranger can at most send them through "Forgot password?".
 *   A successful login or a password reset clears the count; a count untouched for FORGET_AFTER_MS
 *   is forgotten.
 * - an address's failures on any accounts (credential stuffing): `limits.loginFailures` per
 *   window, then every login from it waits for the window's end.
 * An unknown e-mail is counted exactly like a known one, so neither the answers nor their
 * timing tell whether an account exists; the owner of a known one is e-mailed at NOTIFY_AT.
 */
export const LOGIN_THROTTLE = {
  captchaAfter: 5,
  firstDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  resetRequiredAfter: 100,
  notifyAt: [5, 20, 100],
  forgetAfterMs: 30 * DAY,
} as const;

const CAPTCHA_REQUIRED = /*i18n*/ {
  id: 'login.refused.captchaRequired',
  message: 'please complete the bot check to log in: there were too many failed attempts',
};
const RESET_REQUIRED = /*i18n*/ {
  id: 'login.refused.resetRequired',
  message: 'too many failed attempts: reset your password with "Forgot password?" to log in',
};
const WAIT = /*i18n*/ {
  id: 'login.refused.wait',
  message: 'too many failed attempts, please try again in about {wait}',
};

/** The answer's `data` when a captcha token must come with the next attempt. */
const CAPTCHA_REQUIRED_DATA: LoginRefusal = { reason: 'captcha-required' };
/** The answer's `data` once only a password reset lets the account in again. */
const RESET_REQUIRED_DATA: LoginResetRequired = { reason: 'reset-required' };

export interface LoginThrottleDeps {
  captcha: CaptchaVerifier;
  /** Failed logins per address and window (config RateLimits.loginFailures). */
  addressLimit: RateLimit;
}

export interface LoginAttempt {
  email: string;
  /** A captcha token, needed once the e-mail has CAPTCHA_AFTER failures in a row. */
  token?: string;
  /** The client as per-address limits count it (routes/rateLimits.ts addressKey). */
  address: string;
  /** The client's address as the captcha service wants it. */
  ip: string;
}

/** An attempt let through to the password check, already counted as a failure until it succeeds. */
export interface Admission {
  emailSubject: Buffer;
  /** Null for a check by a signed-in user: the session, not an address, is who asks. */
  addressSubject: Buffer | null;
  /** The e-mail's failures in a row, this attempt included. */
  failures: number;
}

/**
 * The row of an e-mail's count: the same for any spelling of the address, and the same whether or
 * not an account has it.
 */
export const loginEmailSubject = (ctx: AppContext, email: string) =>
  ctx.hashToken(`login-email:${email.trim().toLowerCase()}`);

/** How long the e-mail with `failures` failures in a row must wait before the next attempt. */
export function delayAfter(failures: number): number {
  if (failures < LOGIN_THROTTLE.captchaAfter) return 0;
  return Math.min(
    LOGIN_THROTTLE.firstDelayMs * 2 ** (failures - LOGIN_THROTTLE.captchaAfter),
    LOGIN_THROTTLE.maxDelayMs,
  );
}

/** "3 seconds", "15 minutes": a wait as a person reads it, never rounded down to nothing. */
function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  return seconds < 120 ? sayDuration(seconds, 'second') : sayDuration(Math.ceil(seconds / 60), 'minute');
}

const tooManyFailures = (waitMs: number) => new AppError(429, t(WAIT, { wait: waitWords(waitMs) }));

/** Two attempts claiming the same count: the loser reads again; past this many rounds it is asked to retry. */
const MAX_ROUNDS = 5;

/**
 * Decides whether an attempt may check a password, and if so counts it as a failure of its
 * e-mail and its address before the check (loginSucceeded takes it back): of any number of
 * concurrent attempts, each password check is one counted attempt, so parallel guesses cannot
 * slip past the captcha, the delay or the cap. Refusals are not counted.
 */
export async function admitLogin(ctx: AppContext, deps: LoginThrottleDeps, attempt: LoginAttempt): Promise<Admission> {
  const emailSubject = loginEmailSubject(ctx, attempt.email);
  const addressSubject = ctx.hashToken(`login-address:${attempt.address}`);
  const { max: addressCap, windowMs } = deps.addressLimit;
  let human = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = ctx.clock.now();
    const rows = await ctx.db
      .selectFrom('login_failures')
      .select(['subject', 'failures', 'window_start', 'last_failure_at'])
      .where('subject', 'in', [emailSubject, addressSubject])
      .execute();
    const email = rows.find((row) => emailSubject.equals(row.subject));
    const address = rows.find((row) => addressSubject.equals(row.subject));

    const addressWindowEnd = address ? address.window_start.getTime() + windowMs : 0;
    if (address && addressWindowEnd > now.getTime() && address.failures >= addressCap)
      throw tooManyFailures(addressWindowEnd - now.getTime());

    const failures = email?.failures ?? 0;
    refuseEarlyAttempt(email, now);
    if (failures >= LOGIN_THROTTLE.captchaAfter && !human) {
      if (!attempt.token) throw new AppError(403, t(CAPTCHA_REQUIRED), CAPTCHA_REQUIRED_DATA);
      if (!(await deps.captcha.verify(attempt.token, 'login', attempt.ip)))
        throw new AppError(403, t(BOT_CHECK_FAILED), CAPTCHA_REQUIRED_DATA);
      // A token is spent once verified: a round lost to a concurrent attempt does not ask again.
      human = true;
    }

    if (!(await countAddressFailure(ctx, addressSubject, addressCap, windowMs, now))) continue;
    if (await countEmailFailure(ctx, emailSubject, failures, now)) {
      await forgetOldFailures(ctx, now);
      return { emailSubject, addressSubject, failures: failures + 1 };
    }
    await takeBackAddressFailure(ctx, addressSubject);
  }
  throw tooManyFailures(SECOND);
}

/**
 * Past the ceiling, or before the e-mail's wait since its last failure is over: refused without
 * checking or counting.
 */
function refuseEarlyAttempt(email: { failures: number; last_failure_at: Date } | undefined, now: Date): void {
  const failures = email?.failures ?? 0;
  if (failures >= LOGIN_THROTTLE.resetRequiredAfter) throw new AppError(429, t(RESET_REQUIRED), RESET_REQUIRED_DATA);
  if (email && failures >= LOGIN_THROTTLE.captchaAfter) {
    const retryAt = email.last_failure_at.getTime() + delayAfter(failures);
    if (retryAt > now.getTime()) throw tooManyFailures(retryAt - now.getTime());
  }
}

/**
 * A signed-in check of the account password: the e-mail's count and waits as at login (no
 * captcha: the screens that ask are the user's own, behind a session), counted before the check.
 */
async function admitPasswordCheck(ctx: AppContext, email: string): Promise<Admission> {
  const emailSubject = loginEmailSubject(ctx, email);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = ctx.clock.now();
    const row = await ctx.db
      .selectFrom('login_failures')
      .select(['failures', 'last_failure_at'])
      .where('subject', '=', emailSubject)
      .executeTakeFirst();
    refuseEarlyAttempt(row, now);
    const failures = row?.failures ?? 0;
    if (await countEmailFailure(ctx, emailSubject, failures, now))
      return { emailSubject, addressSubject: null, failures: failures + 1 };
  }
  throw tooManyFailures(SECOND);
}

/**
 * Whether `password` is the account's, under the login throttle: refused early (429) while the
 * account must wait or has reached the ceiling; a right one clears the count; the owner is
 * e-mailed at the warning levels, as for logins.
 */
export async function checkAccountPassword(
  ctx: AppContext,
  account: { email: string; password_hash: string },
  password: string,
): Promise<boolean> {
  const admission = await admitPasswordCheck(ctx, account.email);
  if (await verifyPassword(account.password_hash, password)) {
    await loginSucceeded(ctx, admission);
    return true;
  }
  const mail = failedLoginsMail(ctx, admission, account.email);
  if (mail) await queueMail(ctx, { kind: 'failed-logins', mail });
  return false;
}

/** The address's count in its window, if under the cap (a window that has ended starts again). */
async function countAddressFailure(
  ctx: AppContext,
  subject: Buffer,
  cap: number,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  const ended = sql<boolean>`login_failures.window_start <= ${new Date(now.getTime() - windowMs)}`;
  const counted = await ctx.db
    .insertInto('login_failures')
    .values({ subject, failures: 1, window_start: now, last_failure_at: now })
    .onConflict((conflict) =>
      conflict
        .column('subject')
        .doUpdateSet({
          failures: sql`CASE WHEN ${ended} THEN 1 ELSE login_failures.failures + 1 END`,
          window_start: sql`CASE WHEN ${ended} THEN ${now}::timestamptz ELSE login_failures.window_start END`,
          last_failure_at: now,
        })
        .where((eb) => eb.or([ended, eb('login_failures.failures', '<', cap)])),
    )
    .returning('failures')
    .executeTakeFirst();
  return counted !== undefined;
}

/**
 * The e-mail's count, only if it is still `seen`: a concurrent attempt that counted first makes
 * this one read again.
 */
async function countEmailFailure(ctx: AppContext, subject: Buffer, seen: number, now: Date): Promise<boolean> {
  const counted =
    seen === 0
      ? await ctx.db
          .insertInto('login_failures')
          .values({ subject, failures: 1, window_start: now, last_failure_at: now })
          .onConflict((conflict) => conflict.column('subject').doNothing())
          .returning('failures')
          .executeTakeFirst()
      : await ctx.db
          .updateTable('login_failures')
          .set({ failures: seen + 1, last_failure_at: now })
          .where('subject', '=', subject)
          .where('failures', '=', seen)
          .returning('failures')
          .executeTakeFirst();
  return counted !== undefined;
}

async function takeBackAddressFailure(ctx: AppContext, subject: Buffer): Promise<void> {
  await ctx.db
    .updateTable('login_failures')
    .set({ failures: sql`greatest(failures - 1, 0)` })
    .where('subject', '=', subject)
    .execute();
}

let forgottenAt = 0;

/** At most hourly per process: counts untouched for FORGET_AFTER_MS go, so the table holds recent failures only. */
async function forgetOldFailures(ctx: AppContext, now: Date): Promise<void> {
  if (now.getTime() - forgottenAt < 60 * MINUTE) return;
  forgottenAt = now.getTime();
  await ctx.db
    .deleteFrom('login_failures')
    .where('last_failure_at', '<', new Date(now.getTime() - LOGIN_THROTTLE.forgetAfterMs))
    .execute();
}

/** The password was right: the e-mail starts again from zero, and the address's count gives back this attempt. */
export async function loginSucceeded(ctx: AppContext, admission: Admission): Promise<void> {
  await ctx.db.deleteFrom('login_failures').where('subject', '=', admission.emailSubject).execute();
  if (admission.addressSubject) await takeBackAddressFailure(ctx, admission.addressSubject);
}

/** After a password reset the owner logs in with a clean slate. */
export async function forgetLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.deleteFrom('login_failures').where('subject', '=', loginEmailSubject(ctx, email)).execute();
}

/** The owner's warning when a run of failures reaches one of NOTIFY_AT: once per level, not per attempt. */
export function failedLoginsMail(ctx: AppContext, admission: Admission, to: string): Mail | null {
  const { failures } = admission;
  if (!(LOGIN_THROTTLE.notifyAt as readonly number[]).includes(failures)) return null;
  const blocked = failures >= LOGIN_THROTTLE.resetRequiredAfter;
  return {
    to,
    subject: blocked
      ? 'Logging in to your Naira Wallet account is blocked'
      : 'Failed attempts to log in to your Naira Wallet account',
    text:
      `Someone has typed a wrong password for your Naira Wallet account ${failures} times in a row (to log ` +
      'in, or on a signed-in screen that asks for it).\n\n' +
      (blocked
        ? 'To protect your wallet, logging in with a password is now blocked. Choose a new password at ' +
          `${ctx.publicUrl}/forgot to log in again.\n`
        : 'Each further attempt now needs a bot check and waits longer than the one before. If this was ' +
          `you, you can keep trying or reset your password at ${ctx.publicUrl}/forgot. If it was not you, ` +
          'your password kept them out; choosing a longer one that you use nowhere else keeps it that ' +
          'way.\n'),
  };
}
