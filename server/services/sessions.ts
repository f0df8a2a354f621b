import type { AppContext } from './context';
import { newToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
/** A session unused for a week ends; none outlives 30 days, however active. */
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_LIFETIME_MS = 30 * DAY;

/** The SPA logs out on the word "authorization" (SPEC.md §6), so every session failure says it. */
export const AUTHORIZATION_FAILED = 'authorization failed: please log in again';

export interface Session {
  id: bigint;
  userId: bigint;
}

/** Opens a session and returns its bearer token; only the token's keyed hash is stored. */
export async function createSession(ctx: AppContext, userId: bigint, device: string): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: ctx.hashToken(token),
      device,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
    })
    .execute();
  return token;
}

/** The live session of a bearer token, marking it used now (which extends its idle window); null otherwise. */
export async function resumeSession(ctx: AppContext, token: string): Promise<Session | null> {
  const now = ctx.clock.now();
  const session = await ctx.db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', ctx.hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS))
    .returning(['id', 'user_id'])
    .executeTakeFirst();
  return session ? { id: session.id, userId: session.user_id } : null;
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
