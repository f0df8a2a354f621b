import {
  RECOVERY_CODE,
  TOTP_CODE,
  type EnrolmentDone,
  type EnrolmentSecret,
  type SignInAnswer,
  type StaffProfile,
} from '../../../core/console';
import { AppError } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { activeLock, clearFailures, recordFailure, type AttemptPolicy } from '../../services/account/failedAttempts';
import { verifyPassword, verifyPasswordOfNobody } from '../../services/account/passwords';
import { recordAudit } from './audit';
import type { PasskeyAnswer } from '../../../core/passkeys';
import type { RelyingParty } from '../../config';
import { PASSKEY_REFUSED, type PasskeyRefused } from '../../services/account/passkeyCeremonies';
import { PASSKEY_REQUIRED, passkeyRequired, staffPasskeyConfirms } from './staffPasskeys';
import {
  matchedStep,
  newEnrolmentSecret,
  normaliseRecoveryCode,
  RefusedCode,
  replaceRecoveryCodes,
  sealContext,
  spendRecoveryCode,
  takeCode,
  USED_CODE,
  WRONG_CODE,
  type CodeCheck,
} from './secondFactor';
import {
  countFactorFailure,
  FACTOR_TRIES,
  openStaffSession,
  revokeAllStaffSessions,
  revokeHalfOpenSessions,
  revokeStaffSession,
  type StaffSession,
} from './staffSessions';

/**
 * Signing a staff member in: the password opens a half-open session, good only for the second
 * factor (or, the first time, its enrolment); the code ends it and answers a new, signed-in one,
 * so a token seen before the second factor never becomes the signed-in token.
 *
 * The limits are the account's, chosen so that knowing a staff member's e-mail is not enough to
 * keep them out; one address's limit (routes/session.ts) only comes second, since behind the
 * console's tunnel every staff member shares one address. As a bank does:
 * - Wrong codes can only be typed after the right password. They are counted on the account,
 *   cleared by a right code and by nothing else (a right password clears nothing), and the
 *   CODE_TRIES-th locks the second factor; each later one locks it again for twice as long, up to
 *   a day (services/failedAttempts.ts). A lock ends every half-open session; while it lasts the
 *   password is not checked and no code, not even a right one, is taken. Whoever can start it
 *   holds the password: the owner's way out is an admin's reset.
 * - Wrong passwords need only the e-mail, so they never lock the owner out. PASSWORD_TRIES of
 *   them make the account wait (growing the same way); while it waits the password step says
 *   nothing of the password: right or wrong, it answers a half-open session, whose code step
 *   says once, for the password and the code together, whether both were right. A guesser learns
 *   nothing of a password without the code of the moment; the owner types both as always. An
 *   account without a second factor yet (invited, or reset) has no code to pair a password with,
 *   so it waits outright.
 * Every wrong password and code, every lock and every wait is in the staff audit.
 */

export const WRONG_CREDENTIALS = 'the e-mail or password is not right';
export const NOT_CONFIRMED = 'the password or the code is not right: sign in again (authorization ended)';
const SIGN_IN_ENDED = 'this sign-in has ended: sign in again (authorization ended)';
const MINUTE = 60_000;
/** Wrong passwords before the account waits (and answers a password only with its code). */
const PASSWORD_TRIES: AttemptPolicy = { purpose: 'staff-password', maxFailures: 5, lockMs: 15 * MINUTE };
/** Wrong codes before the second factor locks. */
const CODE_TRIES: AttemptPolicy = { purpose: 'staff-code', maxFailures: 5, lockMs: 15 * MINUTE };

const clockTime = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`;
const RESET = 'or ask an admin to reset your account';
const codesLocked = (until: Date) => `too many wrong codes: sign-in is locked until ${clockTime(until)}, ${RESET}`;
const passwordsWait = (until: Date) => `too many wrong passwords: try again after ${clockTime(until)}, ${RESET}`;

type SignInActor = { staffId: bigint; email: string; address: string };
const actorOf = (session: StaffSession, address: string): SignInActor => ({
  staffId: session.staffId,
  email: session.email,
  address,
});
const subjectOf = (staffId: bigint) => `staff:${staffId}`;
const profile = (session: StaffSession): StaffProfile => ({
  id: Number(session.staffId),
  email: session.email,
  name: session.name,
  role: session.role,
});

/** The password: a half-open session for the code (or the enrolment), within the account's limits. */
export async function signInWithPassword(
  ctx: AppContext,
  email: string,
  password: string,
  address: string,
): Promise<SignInAnswer> {
  const staff = await ctx.db
    .selectFrom('staff')
    .select(['id', 'email', 'password_hash', 'totp_secret', 'disabled_at'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  // The same answer, in the same time, for an unknown, disabled or not yet invited-in account.
  if (!staff || staff.disabled_at || !staff.password_hash) {
    await verifyPasswordOfNobody(password);
    throw new AppError(401, WRONG_CREDENTIALS);
  }
  const enrolled = staff.totp_secret !== null;
  const locked = enrolled ? await activeLock(ctx, staff.id, CODE_TRIES) : null;
  if (locked) throw new AppError(429, codesLocked(locked));
  const waiting = await activeLock(ctx, staff.id, PASSWORD_TRIES);
  if (waiting && !enrolled) throw new AppError(429, passwordsWait(waiting));
  const right = await verifyPassword(staff.password_hash, password);
  const actor = { staffId: staff.id, email: staff.email, address };
  if (!right) await inTransaction(ctx, (tx) => countWrong(tx, actor, 'password'));
  if (!right && !waiting) throw new AppError(401, WRONG_CREDENTIALS);
  const stage = enrolled ? 'second-factor' : 'enrolment';
  const token = await openStaffSession(ctx, staff.id, stage, address, { unconfirmed: waiting !== null, right });
  return { token, stage, staff: null };
}

/**
 * A wrong password or code, counted on the account and audited; the wait or lock it starts is
 * audited too, and a lock ends the account's half-open sessions. Answers when a lock it started ends.
 */
async function countWrong(tx: AppContext, actor: SignInActor, what: 'password' | 'code'): Promise<Date | null> {
  const failure = await recordFailure(tx, actor.staffId, what === 'password' ? PASSWORD_TRIES : CODE_TRIES);
  const subject = subjectOf(actor.staffId);
  await recordAudit(tx, actor, { action: `session.wrong-${what}`, subject });
  if (!failure.lockedUntil) return null;
  const after = { until: failure.lockedUntil.toISOString(), locks: failure.locks };
  const action = what === 'password' ? 'session.password-wait' : 'session.code-lock';
  await recordAudit(tx, actor, { action, subject, after });
  if (what === 'code') await revokeHalfOpenSessions(tx, actor.staffId);
  return failure.lockedUntil;
}

/**
 * Work a signed-in staff member re-authenticates with a code (a money request or decision, a
 * staff change): the second factor's lock holds here as at sign-in, and a wrong code is counted
 * with sign-in's, in a transaction of its own (the work's rolls back with its refusal); a right
 * one clears the count. The fifth locks the second factor and ends every session of the account: a stolen session that
 * guesses codes is left with nothing.
 */
export async function reauthenticated<T>(ctx: AppContext, actor: SignInActor, work: () => Promise<T>): Promise<T> {
  const locked = await activeLock(ctx, actor.staffId, CODE_TRIES);
  if (locked) throw new AppError(429, codesLocked(locked));
  try {
    const done = await work();
    // A right code clears the count, as at sign-in.
    await clearFailures(ctx, actor.staffId, CODE_TRIES.purpose);
    return done;
  } catch (error) {
    if (!(error instanceof RefusedCode)) throw error;
    if (error.check === 'reused') {
      await inTransaction(ctx, (tx) =>
        recordAudit(tx, actor, { action: 'session.used-code', subject: subjectOf(actor.staffId) }),
      );
      throw error;
    }
    const lockedUntil = await inTransaction(ctx, (tx) => countWrong(tx, actor, 'code'));
    if (!lockedUntil) throw error;
    await revokeAllStaffSessions(ctx, actor.staffId);
    throw new AppError(401, `${codesLocked(lockedUntil)} (authorization ended)`);
  }
}

/** A code from the authenticator app, or one of the recovery codes: taken in the caller's transaction. */
async function checkSecondFactor(tx: AppContext, staffId: bigint, typed: string): Promise<CodeCheck | 'recovery'> {
  const code = typed.trim();
  if (TOTP_CODE.test(code)) return takeCode(tx, staffId, code);
  const recovery = RECOVERY_CODE.test(normaliseRecoveryCode(code)) && (await spendRecoveryCode(tx, staffId, code));
  return recovery ? 'recovery' : 'wrong';
}

/**
 * The second factor of a half-open session: a code from the authenticator app, or one of the
 * recovery codes. Answers a new, signed-in session; the half-open one ends.
 */
export async function signInWithCode(
  ctx: AppContext,
  session: StaffSession,
  typed: string,
  address: string,
): Promise<SignInAnswer> {
  if (session.stage !== 'second-factor') {
    const why = session.stage === 'enrolment' ? 'set up your authenticator app first' : 'you are already signed in';
    throw new AppError(409, why);
  }
  const actor = actorOf(session, address);
  await refuseWhileLocked(ctx, session);
  // An admin or finance account with a passkey signs in with it; a recovery code stays for a lost phone.
  if (TOTP_CODE.test(typed.trim()) && (await passkeyRequired(ctx, session.staffId, session.role)))
    throw new AppError(403, PASSKEY_REQUIRED);
  const outcome = await inTransaction(ctx, async (tx) => {
    // A password the wait did not confirm and was wrong: no code is looked at (nor spent).
    const check = session.password.right ? await checkSecondFactor(tx, session.staffId, typed) : 'wrong-password';
    if (check === 'accepted' || check === 'recovery') {
      const answer = await signedIn(tx, session, address);
      const factor = check === 'recovery' ? 'recovery code' : 'authenticator';
      await recordAudit(tx, actor, { action: 'session.sign-in', subject: subjectOf(actor.staffId), after: { factor } });
      return answer;
    }
    return refusal(tx, session, actor, check);
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** While the second factor is locked, a half-open session ends at its next try, right or wrong. */
async function refuseWhileLocked(ctx: AppContext, session: StaffSession): Promise<void> {
  const locked = await activeLock(ctx, session.staffId, CODE_TRIES);
  if (!locked) return;
  await revokeStaffSession(ctx, session.sessionId);
  throw new AppError(401, `${codesLocked(locked)} (authorization ended)`);
}

/**
 * The second factor of a half-open session with a passkey: checked first (its challenge spent
 * whatever follows), then, as a code is, counted when refused (with its reason in the audit) or
 * answered with a new, signed-in session.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  session: StaffSession,
  answer: PasskeyAnswer,
  address: string,
): Promise<SignInAnswer> {
  if (session.stage !== 'second-factor') throw new AppError(409, 'you are already signed in');
  const actor = actorOf(session, address);
  await refuseWhileLocked(ctx, session);
  let why: PasskeyRefused | null = null;
  const confirmed = await staffPasskeyConfirms(ctx, rp, session, answer, (refusal) => void (why = refusal));
  const outcome = await inTransaction(ctx, async (tx) => {
    if (session.password.right && confirmed) {
      const answered = await signedIn(tx, session, address);
      const after = { factor: 'passkey' };
      await recordAudit(tx, actor, { action: 'session.sign-in', subject: subjectOf(actor.staffId), after });
      return answered;
    }
    const reason = (why as PasskeyRefused | null)?.reason;
    if (reason)
      await recordAudit(tx, actor, {
        action: 'session.passkey-refused',
        subject: subjectOf(actor.staffId),
        after: { reason },
      });
    return refusal(tx, session, actor, session.password.right ? 'wrong' : 'wrong-password');
  });
  if (outcome instanceof AppError) throw outcome.status === 403 ? new AppError(403, PASSKEY_REFUSED) : outcome;
  return outcome;
}

/**
 * Why a code was refused, once counted and audited (a code already used is audited, not
 * counted: it is no guess). A session whose password was not confirmed ends at its first refusal,
 * with one answer for a wrong password and a wrong code, and never tells of a lock.
 */
async function refusal(
  tx: AppContext,
  session: StaffSession,
  actor: SignInActor,
  check: CodeCheck | 'wrong-password',
): Promise<AppError> {
  let lockedUntil: Date | null = null;
  const subject = subjectOf(actor.staffId);
  if (check === 'reused') await recordAudit(tx, actor, { action: 'session.used-code', subject });
  else if (check !== 'wrong-password') lockedUntil = await countWrong(tx, actor, 'code');
  if (session.password.unconfirmed) {
    await revokeStaffSession(tx, session.sessionId);
    return new AppError(401, NOT_CONFIRMED);
  }
  if (lockedUntil) return new AppError(401, `${codesLocked(lockedUntil)} (authorization ended)`);
  return new AppError(403, check === 'reused' ? USED_CODE : WRONG_CODE);
}

/**
 * The half-open session ends and a signed-in one begins (a new token); the right code clears the
 * account's wrong passwords and codes. A half-open session that ended meanwhile (a lock, a
 * second request with another code) signs nobody in, and what the code did is undone with it.
 */
async function signedIn(tx: AppContext, session: StaffSession, address: string): Promise<SignInAnswer> {
  if (!(await revokeStaffSession(tx, session.sessionId))) throw new AppError(401, SIGN_IN_ENDED);
  await clearFailures(tx, session.staffId, CODE_TRIES.purpose);
  await clearFailures(tx, session.staffId, PASSWORD_TRIES.purpose);
  const token = await openStaffSession(tx, session.staffId, 'signed-in', address);
  return { token, stage: 'signed-in', staff: profile(session) };
}

/** The first step of enrolment: a new secret, kept sealed as pending until a code from it is confirmed. */
export async function startEnrolment(ctx: AppContext, session: StaffSession): Promise<EnrolmentSecret> {
  if (session.stage !== 'enrolment') throw new AppError(409, 'your authenticator app is already set up');
  const enrolment = await newEnrolmentSecret(session.email);
  const sealed = ctx.secrets.seal(enrolment.secret, sealContext(session.staffId));
  await ctx.db.updateTable('staff').set({ totp_pending_secret: sealed }).where('id', '=', session.staffId).execute();
  return enrolment;
}

/**
 * Confirms the enrolment with a code from the new secret: the secret becomes the account's, ten
 * recovery codes are issued (answered once), and a new, signed-in session is answered. Its wrong
 * codes are typos of a secret just shown to this session, not guesses: they end the session at
 * FACTOR_TRIES, and are audited.
 */
export async function confirmEnrolment(
  ctx: AppContext,
  session: StaffSession,
  code: string,
  address: string,
): Promise<EnrolmentDone> {
  if (session.stage !== 'enrolment') throw new AppError(409, 'your authenticator app is already set up');
  const actor = actorOf(session, address);
  const outcome = await inTransaction(ctx, async (tx) => {
    const staff = await tx.db
      .selectFrom('staff')
      .select(['totp_pending_secret'])
      .where('id', '=', session.staffId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!staff.totp_pending_secret) throw new AppError(409, 'start the set-up again: scan the new QR code');
    const secret = tx.secrets.open(staff.totp_pending_secret, sealContext(session.staffId));
    const step = await matchedStep(secret, code.trim(), tx.clock.now(), null);
    if (step === null) {
      await recordAudit(tx, actor, { action: 'session.wrong-enrolment-code', subject: subjectOf(session.staffId) });
      return countFactorFailure(tx, session.sessionId);
    }
    await tx.db
      .updateTable('staff')
      .set({
        totp_secret: staff.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
        enrolled_at: tx.clock.now(),
      })
      .where('id', '=', session.staffId)
      .execute();
    const recovery_codes = await replaceRecoveryCodes(tx, session.staffId);
    await recordAudit(tx, actor, { action: 'staff.enrol', subject: subjectOf(session.staffId) });
    return { ...(await signedIn(tx, session, address)), recovery_codes };
  });
  if (typeof outcome !== 'number') return outcome;
  if (outcome < FACTOR_TRIES) throw new AppError(403, WRONG_CODE);
  await revokeStaffSession(ctx, session.sessionId);
  throw new AppError(401, 'too many wrong codes: sign in again (authorization ended)');
}
