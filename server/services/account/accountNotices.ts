import { sql } from 'kysely';
import type { AppContext } from '../context';

/**
 * Warnings that strangers can set off (someone signing up with the owner's address) reach the
 * owner, but at most once per `everyMs` and kind: telling them matters, flooding them does not.
 * Whether this one is to be sent; claimed in one statement, so of two racing requests one sends.
 */
export async function claimNotice(ctx: AppContext, userId: bigint, kind: string, everyMs: number): Promise<boolean> {
  const now = ctx.clock.now();
  const { rows } = await sql<{ user_id: bigint }>`
    INSERT INTO account_notices (user_id, kind, sent_at) VALUES (${userId}, ${kind}, ${now}::timestamptz)
    ON CONFLICT (user_id, kind) DO UPDATE SET sent_at = excluded.sent_at
    WHERE account_notices.sent_at <= ${new Date(now.getTime() - everyMs)}::timestamptz
    RETURNING user_id`.execute(ctx.db);
  return rows.length > 0;
}
