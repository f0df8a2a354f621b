import { sql } from 'kysely';
import type { AppContext } from '../context';

/**
 * The devices an account signs in from, known by the random id the app keeps in its storage
 * and sends with register and login (a keyed hash of it is stored, never the id). A login from
 * a device the account has not used is a "new device": its owner is e-mailed and purchases
 * cool off (accounts.ts). An account that never sent an id has nothing to compare with: its
 * first id is trusted on first use; once it has one, a login without an id is a new device.
 */
const DEVICES_KEPT = 10;

export type DeviceSighting = 'first' | 'known' | 'new';

/** Records the device of a sign-in (or registration) of the account and says whether it is new to it. */
export async function recordDevice(
  ctx: AppContext,
  userId: bigint,
  deviceId: string | undefined,
): Promise<DeviceSighting> {
  const now = ctx.clock.now();
  if (deviceId === undefined) {
    const known = await ctx.db
      .selectFrom('user_devices')
      .select('user_id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return known ? 'new' : 'first';
  }
  const deviceHash = ctx.hashToken(`device:${deviceId}`);
  // One statement: whether the account had devices, and this one, before the upsert.
  const { rows } = await sql<{ others: boolean; seen: boolean }>`
    WITH before AS (
      SELECT EXISTS (SELECT 1 FROM user_devices WHERE user_id = ${userId}) AS others,
             EXISTS (SELECT 1 FROM user_devices WHERE user_id = ${userId} AND device_hash = ${deviceHash}) AS seen
    ), upserted AS (
      INSERT INTO user_devices (user_id, device_hash, first_seen_at, last_seen_at)
      VALUES (${userId}, ${deviceHash}, ${now}::timestamptz, ${now}::timestamptz)
      ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at
    ), pruned AS (
      DELETE FROM user_devices WHERE user_id = ${userId} AND device_hash IN (
        SELECT device_hash FROM user_devices WHERE user_id = ${userId}
        ORDER BY last_seen_at DESC OFFSET ${DEVICES_KEPT - 1}
      ) AND device_hash <> ${deviceHash}
    )
    SELECT others, seen FROM before`.execute(ctx.db);
  const { others, seen } = rows[0];
  if (seen) return 'known';
  return others ? 'new' : 'first';
}
