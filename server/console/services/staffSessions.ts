import type { StaffRole } from '../../../core/console';
import type { StaffSessionStage } from '../../db/schema';
import type { AppContext } from '../../services/context';
import { newToken } from '../../services/account/tokens';

/**
 * Staff sessions: their own table, tokens and rules, so a staff token means nothing to the
 * customer API and a customer's nothing here. Shorter than a customer's: the console is a
 * place of work, not an app left open.
 */

/** Between the password and the second factor. */
export const HALF_OPEN_MS = 5 * 60_000;
/** Without a call for this long, a signed-in session ends. */
export const IDLE_MS = 15 * 60_000;
/** No session outlives a working day. */
export const LIFETIME_MS = 10 * 60 * 60_000;
/** Wrong codes one enrolment session may try before it ends (the second factor's are counted on the account). */
export const FACTOR_TRIES = 5;

/**
 * How the password of a half-open session was taken: said right (the usual), or, while the account
 * waited after wrong passwords, not said right or wrong (`unconfirmed`) until the code step.
 */
export interface PasswordTaken {
  unconfirmed: boolean;
  right: boolean;
}

const CONFIRMED: PasswordTaken = { unconfirmed: false, right: true };

export interface StaffSession {
  sessionId: bigint;
  staffId: bigint;
  email: string;
  name: string;
  role: StaffRole;
  stage: StaffSessionStage;
  password: PasswordTaken;
}

/** Opens a session at `stage` and answers its bearer token; only the token's keyed hash is stored. */
export async function openStaffSession(
  ctx: AppContext,
  staffId: bigint,
  stage: StaffSessionStage,
  address: string,
  password: PasswordTaken = CONFIRMED,
): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('staff_sessions')
    .values({
      staff_id: staffId,
      token_hash: ctx.hashToken(`staff:${token}`),
      stage,
      address: address.slice(0, 64),
      created_at: now,
      last_active_at: now,
      password_unconfirmed: password.unconfirmed,
      password_right: password.right,
    })
    .execute();
  return token;
}

/**
 * The live session of a token, at any stage, its activity recorded; null when unknown, revoked,
 * expired (idle, too old, or half-open too long) or when its staff member was disabled.
 */
export async function resumeStaffSession(ctx: AppContext, token: string): Promise<StaffSession | null> {
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select(['staff_sessions.id', 'staff_sessions.staff_id', 'staff_sessions.stage', 'staff_sessions.created_at'])
    .select(['staff_sessions.last_active_at', 'staff_sessions.password_unconfirmed', 'staff_sessions.password_right'])
    .select(['staff.email', 'staff.name', 'staff.role'])
    .where('staff_sessions.token_hash', '=', ctx.hashToken(`staff:${token}`))
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const age = now.getTime() - row.created_at.getTime();
  const idle = now.getTime() - row.last_active_at.getTime();
  const live = row.stage === 'signed-in' ? age < LIFETIME_MS && idle < IDLE_MS : age < HALF_OPEN_MS;
  if (!live) return null;
  await ctx.db.updateTable('staff_sessions').set({ last_active_at: now }).where('id', '=', row.id).execute();
  return {
    sessionId: row.id,
    staffId: row.staff_id,
    email: row.email,
    name: row.name,
    role: row.role,
    stage: row.stage,
    password: { unconfirmed: row.password_unconfirmed, right: row.password_right },
  };
}

/** Ends a session; true when this call ended it (false: it had ended already). */
export async function revokeStaffSession(ctx: AppContext, sessionId: bigint): Promise<boolean> {
  const ended = await ctx.db
    .updateTable('staff_sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return ended.numUpdatedRows === 1n;
}

/** Ends every session of a staff member (disabled, role changed, second factor reset). */
export async function revokeAllStaffSessions(ctx: AppContext, staffId: bigint): Promise<void> {
  await ctx.db
    .updateTable('staff_sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every half-open session of a staff member (their second factor locked): only the signed-in ones stay. */
export async function revokeHalfOpenSessions(ctx: AppContext, staffId: bigint): Promise<void> {
  await ctx.db
    .updateTable('staff_sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('staff_id', '=', staffId)
    .where('stage', '!=', 'signed-in')
    .where('revoked_at', 'is', null)
    .execute();
}

/** Counts a wrong code on an enrolment session: answers the failures so far. */
export async function countFactorFailure(ctx: AppContext, sessionId: bigint): Promise<number> {
  const row = await ctx.db
    .updateTable('staff_sessions')
    .set((eb) => ({ factor_failures: eb('factor_failures', '+', 1) }))
    .where('id', '=', sessionId)
    .returning('factor_failures')
    .executeTakeFirstOrThrow();
  return row.factor_failures;
}
