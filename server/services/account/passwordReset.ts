import type { Locale } from '../../../core/i18n/locales';
import { inLocale, t } from '../../i18n';
import { sql } from 'kysely';
import type { PinKept } from '../../../core/contract';
import { COOLING_OFF_ALLOWANCE_KOBO, COOLING_OFF_HOURS } from '../../../core/coolingOff';
import { DEVICE } from '../../../core/limits';
import { formatNaira, koboToNaira } from '../../../core/money';
import { AppError } from '../../errors';
import type { ResetStage } from '../../db/schema';
import type { Mail } from '../../gateways/mailer';
import { hasEmail, lockAccount, markEmailVerified, type SignedIn } from './accounts';
import { inTransaction, type AppContext } from '../context';
import { checkNewPassword } from './passwordPolicy';
import { forgetLoginFailures } from './loginThrottle';
import { hashPassword } from './passwords';
import { startCoolingOff } from './coolingOff';
import { tellOwnerOfChange, unlockAccount } from './credentialAlerts';
import { pauseSchedulesForRecovery } from '../schedules/recovery';
import { storePin } from './pins';
import { createSession, revokeUserSessions } from './sessions';
import { newToken } from './tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A reset link allows one password reset, then (for an account without a pin) one pin setting, within 30 minutes. */
const RESET_LINK_TTL_MS = 30 * MINUTE;
/** More links than this per hour are silently not sent: the answer must not reveal anything. */
const LINKS_PER_HOUR = 3;

export const FORGOT_ANSWER = /*i18n*/ {
  id: 'reset.done.requested',
  message: 'if an account exists for this email, a reset link has been sent',
};
export const INVALID_RESET_LINK = /*i18n*/ {
  id: 'reset.refused.link',
  message: 'this reset link is invalid or has expired',
};

export interface ResetLink {
  id: bigint;
  userId: bigint;
  stage: ResetStage;
  expiresAt: Date;
}

/** The reset e-mail, in the account's language (whoever asked, their browser's is not the owner's). */
function resetMail(to: string, link: string, language: Locale): Mail {
  return inLocale(language, () => ({
    to,
    subject: t(/*i18n*/ { id: 'mail.resetPassword.subject', message: 'Reset your Naira Wallet password' }),
    text: t(
      /*i18n*/ {
        id: 'mail.resetPassword.text',
        message:
          'We received a request to reset the password of your Naira Wallet account.\n\n' +
          'Open this link within {minutes} minutes to choose a new password:\n{link}\n\n' +
          'Before you do: a reset changes only your password (your transaction pin stays as it is; ' +
          '"Forgot pin?" resets it once you are logged in), and for your security purchases above ' +
          '{allowance} in total then wait {hours} hours.\n\n' +
          'If you did not ask for this, ignore this e-mail: nothing changes.',
      },
      {
        minutes: String(RESET_LINK_TTL_MS / MINUTE),
        link,
        allowance: formatNaira(koboToNaira(COOLING_OFF_ALLOWANCE_KOBO)),
        hours: String(COOLING_OFF_HOURS),
      },
    ),
  }));
}

/**
 * Creates a reset link for the account of `email`, if there is one, and returns the mail to
 * send (null when there is nothing to send). Only the newest link works.
 *
 * A known and an unknown e-mail cost the same: one statement that, under the hourly cap of
 * requests per e-mail typed, spends the e-mail's older links, writes the new one — with its
 * account, or with none (a row that opens nothing) — and deletes the e-mail's rows past the
 * hour. The same round trip and the same writes either way, so neither the answer nor its
 * timing tells whether the account exists.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<Mail | null> {
  const now = ctx.clock.now();
  const hourAgo = new Date(now.getTime() - HOUR);
  const subject = ctx.hashToken(`reset-request:${email.trim().toLowerCase()}`);
  const token = newToken();
  const { rows } = await sql<{ email: string; language: Locale }>`
    WITH account AS (
      SELECT id, email, language FROM users WHERE ${hasEmail(email)}
    ), earlier AS (
      SELECT count(*) AS sent FROM password_reset_tokens
      WHERE subject = ${subject} AND created_at > ${hourAgo}::timestamptz
    ), spent AS (
      UPDATE password_reset_tokens SET stage = 'spent'
      WHERE subject = ${subject} AND stage <> 'spent' AND (SELECT sent FROM earlier) < ${LINKS_PER_HOUR}
    ), pruned AS (
      DELETE FROM password_reset_tokens WHERE subject = ${subject} AND created_at <= ${hourAgo}::timestamptz
    ), issued AS (
      INSERT INTO password_reset_tokens (user_id, subject, token_hash, stage, created_at, expires_at)
      SELECT (SELECT id FROM account), ${subject}, ${ctx.hashToken(token)}, 'reset-password',
             ${now}::timestamptz, ${new Date(now.getTime() + RESET_LINK_TTL_MS)}::timestamptz
      FROM earlier WHERE earlier.sent < ${LINKS_PER_HOUR}
      RETURNING user_id
    )
    SELECT account.email, account.language FROM issued JOIN account ON account.id = issued.user_id`.execute(ctx.db);
  await forgetOldRequests(ctx, now);
  return rows[0] ? resetMail(rows[0].email, `${ctx.publicUrl}/reset?token=${token}`, rows[0].language) : null;
}

let forgottenAt = 0;

/** At most hourly per process: every e-mail's requests past the hour go (each request prunes its own e-mail's). */
async function forgetOldRequests(ctx: AppContext, now: Date): Promise<void> {
  if (now.getTime() - forgottenAt < HOUR) return;
  forgottenAt = now.getTime();
  await ctx.db
    .deleteFrom('password_reset_tokens')
    .where('created_at', '<=', new Date(now.getTime() - HOUR))
    .execute();
}

/** The reset link a bearer token belongs to, whatever its stage; null for any other token. */
export async function findResetLink(ctx: AppContext, token: string): Promise<ResetLink | null> {
  const link = await ctx.db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id', 'stage', 'expires_at'])
    .where('token_hash', '=', ctx.hashToken(token))
    .executeTakeFirst();
  // A row of an e-mail no account has opens nothing.
  return link && link.user_id !== null
    ? { id: link.id, userId: link.user_id, stage: link.stage, expiresAt: link.expires_at }
    : null;
}

/** Moves a live link from one stage to the next in one statement: of two racing requests, one wins. */
async function advance(ctx: AppContext, link: ResetLink, from: ResetStage, to: ResetStage): Promise<void> {
  const advanced = await ctx.db
    .updateTable('password_reset_tokens')
    .set({ stage: to })
    .where('id', '=', link.id)
    .where('stage', '=', from)
    .where('expires_at', '>', ctx.clock.now())
    .returning('id')
    .executeTakeFirst();
  if (!advanced) throw new AppError(400, t(INVALID_RESET_LINK));
}

/**
 * Sets a new password and signs the user out everywhere. Opening the mailed link proves the
 * address, so an unverified e-mail becomes verified, and the owner, so failed logins are
 * forgotten and an account its owner locked ("this wasn't me") opens again. It proves nothing
 * more: whoever reads the inbox can do it, so purchases cool off (services/coolingOff.ts), the
 * owner is e-mailed at once, schedules wait to be authorised again with the pin
 * (schedules/recovery.ts), and the pin stays as it was (setPinWithResetLink).
 */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const link = await findResetLink(ctx, token);
  // Checked before hashing, so a dead link costs no argon2; `advance` checks again atomically.
  if (!link || link.stage !== 'reset-password' || link.expiresAt <= ctx.clock.now())
    throw new AppError(400, t(INVALID_RESET_LINK));
  await checkNewPassword(
    newPassword,
    await ctx.db
      .selectFrom('users')
      .select(['email', 'name', 'phone'])
      .where('id', '=', link.userId)
      .executeTakeFirstOrThrow(),
  );
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(ctx, async (tx) => {
    await advance(tx, link, 'reset-password', 'set-pin');
    // Only this link goes on: any other the account still had is void.
    await tx.db
      .updateTable('password_reset_tokens')
      .set({ stage: 'spent' })
      .where('user_id', '=', link.userId)
      .where('id', '!=', link.id)
      .where('stage', '!=', 'spent')
      .execute();
    const user = await tx.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', link.userId)
      .returning('email')
      .executeTakeFirstOrThrow();
    await revokeUserSessions(tx, link.userId);
    await forgetLoginFailures(tx, user.email);
    await markEmailVerified(tx, link.userId);
    await unlockAccount(tx, link.userId);
    await startCoolingOff(tx, link.userId, 'password-reset');
    await pauseSchedulesForRecovery(tx, link.userId);
    await tellOwnerOfChange(tx, link.userId, 'password-reset');
  });
}

/** Said on /set-pin when the link's account has a pin: a reset link restores the password only. */
export const PIN_KEPT = /*i18n*/ {
  id: 'reset.refused.pinKept',
  message:
    'your transaction pin is unchanged: a reset link changes only the password. Log in with your new password; if you have forgotten your pin too, use "Forgot pin?" once logged in',
};

/** What /set-pin shows for a live link at its last stage: whether the account already has a pin (then it keeps it). */
export async function resetLinkStatus(ctx: AppContext, link: ResetLink): Promise<{ pin_set: boolean }> {
  if (link.stage !== 'set-pin' || link.expiresAt <= ctx.clock.now()) throw new AppError(400, t(INVALID_RESET_LINK));
  const user = await ctx.db
    .selectFrom('users')
    .select('pin_sealed')
    .where('id', '=', link.userId)
    .executeTakeFirstOrThrow();
  return { pin_set: user.pin_sealed !== null };
}

/**
 * The link's last use, for an account that never set a pin: its first pin, and a new session.
 * An account with a pin keeps it (409, PIN_KEPT): changing a pin takes the password and an
 * e-mailed code (Forgot pin?), never the inbox alone.
 */
export async function setPinWithResetLink(ctx: AppContext, link: ResetLink, pin: string): Promise<SignedIn> {
  // A spent or dead link says so, whatever its account holds; `advance` checks again atomically.
  if (link.stage !== 'set-pin' || link.expiresAt <= ctx.clock.now()) throw new AppError(400, t(INVALID_RESET_LINK));
  return inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, link.userId);
    // Read again under the account's lock: of racing uses, the ones after the first find it spent.
    const current = await tx.db
      .selectFrom('password_reset_tokens')
      .select('stage')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    if (current.stage !== 'set-pin') throw new AppError(400, t(INVALID_RESET_LINK));
    if (user.pin_sealed !== null) throw new AppError(409, t(PIN_KEPT), { reason: 'pin-kept' } satisfies PinKept);
    await advance(tx, link, 'set-pin', 'spent');
    await storePin(tx, link.userId, pin);
    return { userId: link.userId, token: await createSession(tx, link.userId, DEVICE) };
  });
}
