import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../services/context';
import { loadUserData } from '../services/userData';
import { authOf, requireSession } from './authenticate';
import { success } from './envelope';
import { routeDoc } from './openapi';

/** The signed-in user's own data. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  // Polled every 60 s, which is not the user's activity; GET too, since SPEC.md leaves the method open (DESIGN.md §3).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/get-user',
    schema: routeDoc({ summary: "The signed-in user's data (polled; not activity)", tags: ['account'], auth: true }),
    preHandler: requireSession(ctx, 'poll'),
    handler: async (request) => {
      const { userId, token } = authOf(request);
      return success('user fetched successfully', await loadUserData(ctx, userId, token));
    },
  });
}
