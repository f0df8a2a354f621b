import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../../core/i18n/locales';
import type { SessionPolicy } from '../../config';
import type { Nullable } from '../../db/schema';
import type { AppContext } from '../context';
import { newToken } from './tokens';

/** The SPA logs out on the word "authorization", so every session failure says it. */
export { AUTHORISATION_FAILED } from '../../../core/words/session';

export interface Session {
  id: bigint;
  userId: bigint;
  /** The account's language: what the rest of the call speaks (server/i18n.ts). */
  language: Locale;
}

/**
 * What a call does with its session: `activity` is the user doing something and restarts the
 * idle time; `poll` is one of the app's periodic reads (get-user, fetch-providers,
 * fetch-notifications), which an open tab makes on its own, so it must not keep a session alive.
 */
type SessionUse = 'activity' | 'poll';

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
  return sql<boolean>`created_at > ${new Date(now.getTime() - policy.lifetimeMs)}::timestamptz
    AND last_active_at > ${new Date(now.getTime() - policy.idleMs)}::timestamptz`;
}

/**
 * How stale a session's recorded activity may get before a call records it again: a call writes
 * (and commits, and waits for the disk) at most once per this time per session; every other call
 * only reads. The idle time may so end up to this much early, never late.
 */
const activityGranularityMs = (policy: SessionPolicy) => Math.min(60_000, policy.idleMs / 30);

/**
 * The `live` CTE: the token's session while live, with its account's language (read in the same
 * statement: a call costs no round trip more for speaking the customer's language); an `activity`
 * call records its time when the recorded one is older than the granularity above.
 */
function liveSession(ctx: AppContext, tokenHash: Buffer, use: SessionUse, now: Date) {
  const touch =
    use === 'activity'
      ? sql`, touched AS (
          UPDATE sessions SET last_active_at = ${now}::timestamptz FROM live
          WHERE sessions.id = live.id
            AND live.last_active_at <= ${new Date(now.getTime() - activityGranularityMs(ctx.sessions))}::timestamptz
        )`
      : sql``;
  return sql`live AS (
      SELECT id, user_id, last_active_at,
             (SELECT language FROM users WHERE users.id = sessions.user_id) AS language
      FROM sessions
      WHERE token_hash = ${tokenHash} AND revoked_at IS NULL AND ${liveAt(ctx.sessions, now)}
    )${touch}`;
}

/**
 * Why a token has no live session: `'expired'` when it ended by idleness or age (the user is told
 * so), null when it is unknown or was revoked.
 */
async function notLive(ctx: AppContext, tokenHash: Buffer): Promise<'expired' | null> {
  const ended = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return ended ? 'expired' : null;
}

/** The live session of a bearer token, its activity recorded, or why there is none (notLive). */
export async function resumeSession(ctx: AppContext, token: string): Promise<Session | 'expired' | null> {
  const tokenHash = ctx.hashToken(token);
  const { rows } = await sql<{ id: bigint; user_id: bigint; language: Locale }>`
    WITH ${liveSession(ctx, tokenHash, 'activity', ctx.clock.now())}
    SELECT id, user_id, language FROM live`.execute(ctx.db);
  const live = rows[0];
  return live ? { id: live.id, userId: live.user_id, language: live.language } : notLive(ctx, tokenHash);
}

/**
 * One of the app's polls (get-user, fetch-providers, fetch-notifications), which every open app
 * sends every minute: the statement that checks the session also reads, for its user, what the
 * poll answers — one round trip, and the session as strictly checked as by resumeSession (a poll
 * is not activity). `read` is given the user as an expression; at least one row comes back with
 * the session (a row of nulls when `read` found nothing).
 */
export async function pollAsSession<R>(
  ctx: AppContext,
  token: string,
  read: (userId: RawBuilder<bigint>) => RawBuilder<R>,
): Promise<{ session: Session; rows: Nullable<R>[] } | 'expired' | null> {
  const tokenHash = ctx.hashToken(token);
  // `answer.*` is the lateral subquery's own column list, which `read` names: no table's `*`.
  /* eslint-disable no-restricted-syntax */
  const { rows } = await sql<{ session_id: bigint; session_user_id: bigint; session_language: Locale } & Nullable<R>>`
    WITH ${liveSession(ctx, tokenHash, 'poll', ctx.clock.now())}
    SELECT live.id AS session_id, live.user_id AS session_user_id, live.language AS session_language, answer.*
    FROM live LEFT JOIN LATERAL (${read(sql<bigint>`live.user_id`)}) answer ON true`.execute(ctx.db);
  /* eslint-enable no-restricted-syntax */
  if (rows.length === 0) return notLive(ctx, tokenHash);
  return {
    session: { id: rows[0].session_id, userId: rows[0].session_user_id, language: rows[0].session_language },
    rows: rows.map(
      ({ session_id: _id, session_user_id: _user, session_language: _language, ...row }) => row as Nullable<R>,
    ),
  };
}

export async function revokeSession(ctx: AppContext, sessionId: bigint): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Logs the user out everywhere (password reset). */
export async function revokeUserSessions(ctx: AppContext, userId: bigint): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
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
