import type { StaffRole } from '../../../core/console';
import type { StaffSessionStage } from '../../db/schema';
import type { AppContext } from '../../services/context';
import { newToken } from '../../services/tokens';

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
/** Wrong codes one half-open session may try before it ends. */
export const FACTOR_TRIES = 5;

export interface StaffSession {
  sessionId: bigint;
  staffId: bigint;
  email: string;
  name: string;
  role: StaffRole;
  stage: StaffSessionStage;
  factorFailures: number;
}

/** Opens a session at `stage` and answers its bearer token; only the token's keyed hash is stored. */
export async function openStaffSession(ctx: AppContext, staffId: bigint, stage: StaffSessionStage, address: string): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('staff_sessions')
    .values({ staff_id: staffId, token_hash: ctx.hashToken(`staff:${token}`), stage, address: address.slice(0, 64), created_at: now, last_active_at: now })
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
    .select(['staff_sessions.id', 'staff_sessions.staff_id', 'staff_sessions.stage', 'staff_sessions.factor_failures', 'staff_sessions.created_at', 'staff_sessions.last_active_at', 'staff.email', 'staff.name', 'staff.role'])
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
  return { sessionId: row.id, staffId: row.staff_id, email: row.email, name: row.name, role: row.role, stage: row.stage, factorFailures: row.factor_failures };
}

export async function setSessionStage(ctx: AppContext, sessionId: bigint, stage: StaffSessionStage): Promise<void> {
  await ctx.db.updateTable('staff_sessions').set({ stage, last_active_at: ctx.clock.now() }).where('id', '=', sessionId).execute();
}

export async function revokeStaffSession(ctx: AppContext, sessionId: bigint): Promise<void> {
  await ctx.db.updateTable('staff_sessions').set({ revoked_at: ctx.clock.now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a staff member (disabled, role changed, second factor reset). */
export async function revokeAllStaffSessions(ctx: AppContext, staffId: bigint): Promise<void> {
  await ctx.db.updateTable('staff_sessions').set({ revoked_at: ctx.clock.now() }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
}

/** Counts a wrong code on a half-open session: answers the failures so far. */
export async function countFactorFailure(ctx: AppContext, sessionId: bigint): Promise<number> {
  const row = await ctx.db
    .updateTable('staff_sessions')
    .set((eb) => ({ factor_failures: eb('factor_failures', '+', 1) }))
    .where('id', '=', sessionId)
    .returning('factor_failures')
    .executeTakeFirstOrThrow();
  return row.factor_failures;
}
