import { RECOVERY_CODE, TOTP_CODE, type EnrolmentDone, type EnrolmentSecret, type SignInAnswer, type StaffProfile } from '../../../core/console';
import { AppError } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { verifyPassword, verifyPasswordOfNobody } from '../../services/passwords';
import { recordAudit } from './audit';
import { matchedStep, newEnrolmentSecret, normaliseRecoveryCode, replaceRecoveryCodes, sealContext, spendRecoveryCode, takeCode, USED_CODE, WRONG_CODE } from './secondFactor';
import { STAFF_COLUMNS } from './staffAccounts';
import { countFactorFailure, FACTOR_TRIES, openStaffSession, revokeStaffSession, setSessionStage, type StaffSession } from './staffSessions';

/**
 * Signing a staff member in: the password opens a half-open session, good only for the second
 * factor (or, the first time, its enrolment); the code makes it a signed-in session. Wrong
 * passwords in a row lock the account for a while; wrong codes end the half-open session.
 */

export const WRONG_CREDENTIALS = 'the e-mail or password is not right';
/** Wrong passwords in a row before the account waits LOCK_MS. */
export const PASSWORD_TRIES = 5;
export const LOCK_MS = 15 * 60_000;

const profile = (row: { id: bigint; email: string; name: string; role: StaffProfile['role'] }): StaffProfile => ({ id: Number(row.id), email: row.email, name: row.name, role: row.role });

export async function signInWithPassword(ctx: AppContext, email: string, password: string, address: string): Promise<SignInAnswer> {
  const staff = await ctx.db.selectFrom('staff').select(STAFF_COLUMNS).where('email', '=', email.toLowerCase()).executeTakeFirst();
  // The same answer, in the same time, for an unknown, disabled or not yet invited-in account.
  if (!staff || staff.disabled_at || !staff.password_hash) {
    await verifyPasswordOfNobody(password);
    throw new AppError(401, WRONG_CREDENTIALS);
  }
  const now = ctx.clock.now();
  if (staff.locked_until && staff.locked_until > now) {
    throw new AppError(429, `too many wrong attempts: try again after ${staff.locked_until.toISOString().slice(11, 16)} UTC, or ask an admin to reset your account`);
  }
  if (!(await verifyPassword(staff.password_hash, password))) {
    await countWrongAttempt(ctx, staff.id, address, 'password');
    throw new AppError(401, WRONG_CREDENTIALS);
  }
  await ctx.db.updateTable('staff').set({ failed_attempts: 0, locked_until: null }).where('id', '=', staff.id).execute();
  const stage = staff.totp_secret ? 'second-factor' : 'enrolment';
  return { token: await openStaffSession(ctx, staff.id, stage, address), stage, staff: profile(staff) };
}

/** A wrong password or code: counted on the account, which waits LOCK_MS after PASSWORD_TRIES in a row; recorded in the audit. */
async function countWrongAttempt(ctx: AppContext, staffId: bigint, address: string, what: 'password' | 'code') {
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .updateTable('staff')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', staffId)
      .returning(['failed_attempts', 'email'])
      .executeTakeFirstOrThrow();
    if (row.failed_attempts % PASSWORD_TRIES === 0) {
      await tx.db.updateTable('staff').set({ locked_until: new Date(tx.clock.now().getTime() + LOCK_MS) }).where('id', '=', staffId).execute();
    }
    await recordAudit(tx, { staffId, email: row.email, address }, { action: `session.wrong-${what}`, subject: `staff:${staffId}`, after: { failed_attempts: row.failed_attempts } });
  });
}

/**
 * The second factor of a half-open session: a code from the authenticator app, or one of the
 * recovery codes. Answers the signed-in session (the same token).
 */
export async function signInWithCode(ctx: AppContext, session: StaffSession, token: string, typed: string, address: string): Promise<SignInAnswer> {
  if (session.stage !== 'second-factor') throw new AppError(409, session.stage === 'enrolment' ? 'set up your authenticator app first' : 'you are already signed in');
  const code = typed.trim();
  const accepted = TOTP_CODE.test(code) ? await inTransaction(ctx, (tx) => takeCode(tx, session.staffId, code)) : RECOVERY_CODE.test(normaliseRecoveryCode(code)) && (await spendRecoveryCode(ctx, session.staffId, code)) ? 'recovery' : 'wrong';
  if (accepted !== 'accepted' && accepted !== 'recovery') {
    const failures = await countFactorFailure(ctx, session.sessionId);
    await countWrongAttempt(ctx, session.staffId, address, 'code');
    if (failures >= FACTOR_TRIES) {
      await revokeStaffSession(ctx, session.sessionId);
      throw new AppError(401, 'too many wrong codes: sign in again (authorization ended)');
    }
    throw new AppError(403, accepted === 'reused' ? USED_CODE : WRONG_CODE);
  }
  await inTransaction(ctx, async (tx) => {
    await setSessionStage(tx, session.sessionId, 'signed-in');
    await tx.db.updateTable('staff').set({ failed_attempts: 0, locked_until: null }).where('id', '=', session.staffId).execute();
    await recordAudit(tx, { staffId: session.staffId, email: session.email, address }, { action: 'session.sign-in', subject: `staff:${session.staffId}`, after: { factor: accepted === 'recovery' ? 'recovery code' : 'authenticator' } });
  });
  return { token, stage: 'signed-in', staff: profile({ id: session.staffId, email: session.email, name: session.name, role: session.role }) };
}

/** The first step of enrolment: a new secret, kept sealed as pending until a code from it is confirmed. */
export async function startEnrolment(ctx: AppContext, session: StaffSession): Promise<EnrolmentSecret> {
  if (session.stage !== 'enrolment') throw new AppError(409, 'your authenticator app is already set up');
  const enrolment = await newEnrolmentSecret(session.email);
  await ctx.db.updateTable('staff').set({ totp_pending_secret: ctx.secrets.seal(enrolment.secret, sealContext(session.staffId)) }).where('id', '=', session.staffId).execute();
  return enrolment;
}

/**
 * Confirms the enrolment with a code from the new secret: the secret becomes the account's,
 * ten recovery codes are issued (answered once), and the session is signed in.
 */
export async function confirmEnrolment(ctx: AppContext, session: StaffSession, token: string, code: string, address: string): Promise<EnrolmentDone> {
  if (session.stage !== 'enrolment') throw new AppError(409, 'your authenticator app is already set up');
  const outcome = await inTransaction(ctx, async (tx) => {
    const staff = await tx.db.selectFrom('staff').select(['totp_pending_secret']).where('id', '=', session.staffId).forUpdate().executeTakeFirstOrThrow();
    if (!staff.totp_pending_secret) throw new AppError(409, 'start the set-up again: scan the new QR code');
    const step = await matchedStep(tx.secrets.open(staff.totp_pending_secret, sealContext(session.staffId)), code.trim(), tx.clock.now(), null);
    if (step === null) return null;
    const now = tx.clock.now();
    await tx.db
      .updateTable('staff')
      .set({ totp_secret: staff.totp_pending_secret, totp_pending_secret: null, totp_last_step: step, enrolled_at: now, failed_attempts: 0, locked_until: null })
      .where('id', '=', session.staffId)
      .execute();
    const codes = await replaceRecoveryCodes(tx, session.staffId);
    await setSessionStage(tx, session.sessionId, 'signed-in');
    await recordAudit(tx, { staffId: session.staffId, email: session.email, address }, { action: 'staff.enrol', subject: `staff:${session.staffId}` });
    return codes;
  });
  if (!outcome) {
    const failures = await countFactorFailure(ctx, session.sessionId);
    if (failures >= FACTOR_TRIES) {
      await revokeStaffSession(ctx, session.sessionId);
      throw new AppError(401, 'too many wrong codes: sign in again (authorization ended)');
    }
    throw new AppError(403, WRONG_CODE);
  }
  return { token, stage: 'signed-in', staff: profile({ id: session.staffId, email: session.email, name: session.name, role: session.role }), recovery_codes: outcome };
}
