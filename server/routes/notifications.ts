import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Notification } from '../../core/contract';
import type { RateLimits } from '../config';
import type { AppContext } from '../services/context';
import {
  latestNotifications,
  markNotificationRead,
  toNotification,
  type NotificationRow,
} from '../services/notifications/notifications';
import { authOf, pollRead, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { routeDoc } from '../http/openapi';
import { registerPoll } from '../http/polls';
import { positiveId, requestBody } from '../http/fields';
import { byAccount, limitRequests } from '../http/rateLimits';

const markBody = requestBody({ notification_id: positiveId('notification_id') });

/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  listed: /*i18n*/ { id: 'notifications.done.listed', message: 'notifications fetched successfully' },
  read: /*i18n*/ { id: 'notifications.done.read', message: 'notification marked as read' },
};

export function registerNotificationRoutes(
  app: FastifyInstance,
  { ctx, limits }: { ctx: AppContext; limits: RateLimits },
) {
  const session = requireSession(ctx);

  registerPoll(
    app,
    '/api/fetch-notifications',
    { summary: 'Notifications (polled; not activity)', tags: ['notifications'], data: z.array(Notification) },
    async (request) => {
      const { rows } = await pollRead(ctx, request, latestNotifications);
      // One row of nulls when there is none (the read is joined to the session).
      const notifications = rows.filter((row): row is NotificationRow => row.id !== null);
      return success(t(done.listed), notifications.map(toNotification));
    },
  );

  app.post(
    '/api/mark-notification',
    {
      schema: routeDoc({
        summary: 'Mark a notification read',
        tags: ['notifications'],
        auth: true,
        body: markBody,
        errors: [404, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'markNotification', byAccount)],
    },
    async (request) => {
      const body = markBody.parse(request.body);
      await markNotificationRead(ctx, authOf(request).userId, body.notification_id);
      return success(t(done.read));
    },
  );
}
