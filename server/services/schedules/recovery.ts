import type { AppContext } from '../context';
import { addNotification } from '../notifications/notifications';

/**
 * A schedule is a standing authorisation, given with the pin of its day. When the account is
 * recovered — "this wasn't me", a password reset, a pin reset or change — whoever took it may
 * have set schedules up, or may hold the pin that authorised them: every schedule that could run
 * (active, or paused and one Resume away from it) is paused until its owner authorises it again
 * with the pin (control.ts authoriseAgain); a resume or a retry without the pin is refused.
 */

export const RECOVERY_PAUSE_TITLE = 'Schedules paused: authorise them again';

/** Pauses the account's schedules for its recovery, in the caller's transaction, and tells the owner in the bell. */
export async function pauseSchedulesForRecovery(ctx: AppContext, userId: bigint): Promise<void> {
  const paused = await ctx.db
    .updateTable('schedules')
    .set({ status: 'paused', paused_reason: 'recovery', next_run_at: null, lease_until: null })
    .set({ updated_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'paused'])
    .returning('id')
    .execute();
  if (paused.length === 0) return;
  const which = paused.length === 1 ? 'schedule is' : `${paused.length} schedules are`;
  await addNotification(ctx, userId, {
    title: RECOVERY_PAUSE_TITLE,
    content:
      `Your account was recovered, so your ${which} paused: nothing more is bought until you authorise each again ` +
      'with your transaction pin on Schedules. Delete any you did not set up.',
  });
}
