import { sql } from 'kysely';
import type { SessionPolicy } from '../config';
import type { AppContext } from './context';
import { newToken } from './tokens';

/** The SPA logs out on the word "authorization" (SPEC.md §6), so every session failure says it. */
export const AUTHORIZATION_FAILED = 'authorization failed: please log in again';

export interface Session {
  id: bigint;
  userId: bigint;
}

/**
 * What a call does with its session: `activity` is the user doing something and restarts the
 * idle time; `poll` is one of the app's periodic reads (get-user, fetch-providers,
 * fetch-notifications), which an open tab makes on its own, so it must not keep a session alive.
 */
export type SessionUse = 'activity' | 'poll';

/** Opens a session and returns its bearer token; only the token's keyed hash is stored. */
export async function createSession(ctx: AppContext, userId: bigint, device: string): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: ctx.hashToken(token), device, created_at: now, last_active_at: now })
    .execute();
  return token;
}

/** Sessions are judged by the policy in force now, so a shorter setting also ends older sessions. */
function liveAt(policy: SessionPolicy, now: Date) {
  return sql<boolean>`created_at > ${new Date(now.getTime() - policy.lifetimeMs)} AND last_active_at > ${new Date(now.getTime() - policy.idleMs)}`;
}

/**
 * The live session of a bearer token; `'expired'` when it ended by idleness or age (the user is
 * told so); null when it is unknown or was revoked.
 */
export async function resumeSession(ctx: AppContext, token: string, use: SessionUse = 'activity'): Promise<Session | 'expired' | null> {
  const now = ctx.clock.now();
  const tokenHash = ctx.hashToken(token);
  const live =
    use === 'activity'
      ? await ctx.db
          .updateTable('sessions')
          .set({ last_active_at: now })
          .where('token_hash', '=', tokenHash)
          .where('revoked_at', 'is', null)
          .where(liveAt(ctx.sessions, now))
          .returning(['id', 'user_id'])
          .executeTakeFirst()
      : await ctx.db
          .selectFrom('sessions')
          .select(['id', 'user_id'])
          .where('token_hash', '=', tokenHash)
          .where('revoked_at', 'is', null)
          .where(liveAt(ctx.sessions, now))
          .executeTakeFirst();
  if (live) return { id: live.id, userId: live.user_id };
  const ended = await ctx.db.selectFrom('sessions').select('id').where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  return ended ? 'expired' : null;
}

export async function revokeSession(ctx: AppContext, sessionId: bigint): Promise<void> {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.clock.now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Logs the user out everywhere (password reset). */
export async function revokeUserSessions(ctx: AppContext, userId: bigint): Promise<void> {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.clock.now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** Logs the user out everywhere but the session in hand (password change). */
export async function revokeOtherSessions(ctx: AppContext, userId: bigint, keepSessionId: bigint): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
