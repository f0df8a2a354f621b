import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../services/context';
import { listNotifications, markNotificationRead } from '../services/notifications';
import { authOf, requireSession } from './authenticate';
import { success } from './envelope';
import { requestBody } from './fields';

const NOTIFICATION_ID = 'notification_id must be a positive whole number';

/** A number, or its digits as a string; at most 15 digits keeps it an exact JS number. */
const markBody = requestBody({
  notification_id: z.union(
    [
      z.number().int(NOTIFICATION_ID).positive(NOTIFICATION_ID).max(Number.MAX_SAFE_INTEGER, NOTIFICATION_ID),
      z.string().regex(/^[1-9]\d{0,14}$/, NOTIFICATION_ID).transform(Number),
    ],
    { error: (issue) => (issue.input === undefined || issue.input === null ? 'notification_id is required' : NOTIFICATION_ID) },
  ),
});

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const session = requireSession(ctx);

  // Polled every 60 s; GET too, since SPEC.md leaves the method open (DESIGN.md §3).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/fetch-notifications',
    preHandler: session,
    handler: async (request) => success('notifications fetched successfully', await listNotifications(ctx, authOf(request).userId)),
  });

  app.post('/api/mark-notification', { preHandler: session }, async (request) => {
    const body = markBody.parse(request.body);
    await markNotificationRead(ctx, authOf(request).userId, body.notification_id);
    return success('notification marked as read');
  });
}
