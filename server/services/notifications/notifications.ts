import { sql, type RawBuilder } from 'kysely';
import type { Notification } from '../../../core/contract';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { t } from '../../i18n';

/** The bell shows the latest; older ones stay stored. */
const LIST_LIMIT = 100;
const NOTIFICATION_NOT_FOUND = /*i18n*/ { id: 'notification.refused.notFound', message: 'notification not found' };

export async function addNotification(
  ctx: AppContext,
  userId: bigint,
  notification: { title: string; content: string },
): Promise<void> {
  await ctx.db
    .insertInto('notifications')
    .values({ user_id: userId, title: notification.title, content: notification.content, created_at: ctx.clock.now() })
    .execute();
}

/**
 * The user's latest notifications, newest first: a query, so that fetch-notifications reads them in
 * the statement that checks the session.
 */
export function latestNotifications(userId: RawBuilder<bigint>): RawBuilder<NotificationRow> {
  return sql<NotificationRow>`
    SELECT id, title, content, status, created_at FROM notifications WHERE user_id = ${userId}
    ORDER BY created_at DESC, id DESC LIMIT ${LIST_LIMIT}`;
}

export interface NotificationRow {
  id: bigint;
  title: string;
  content: string;
  status: Notification['status'];
  created_at: Date;
}

export const toNotification = (row: NotificationRow): Notification => ({
  ...row,
  id: Number(row.id),
  created_at: row.created_at.toISOString(),
});

/** Another user's notification is answered exactly like a missing one. Marking twice is fine. */
export async function markNotificationRead(ctx: AppContext, userId: bigint, notificationId: number): Promise<void> {
  const marked = await ctx.db
    .updateTable('notifications')
    .set({ status: 'read' })
    .where('id', '=', BigInt(notificationId))
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!marked) throw new AppError(404, t(NOTIFICATION_NOT_FOUND));
}
