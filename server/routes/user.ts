import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../services/context';
import { userDataFrom, userDataQuery, type UserDataRow } from '../services/userData';
import { pollRead } from './authenticate';
import { success } from './envelope';
import { routeDoc } from './openapi';

/** The signed-in user's own data. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  // Polled every 60 s, which is not the user's activity; GET too, since the product specification
  // left the method of the polls open and other clients of the contract may use either.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/get-user',
    schema: routeDoc({ summary: "The signed-in user's data (polled; not activity)", tags: ['account'], auth: true }),
    handler: async (request) => {
      const { auth, rows } = await pollRead(ctx, request, (userId) => userDataQuery(ctx, userId));
      // Every session belongs to a user, so the session's row carries the user's.
      return success('user fetched successfully', userDataFrom(ctx, rows[0] as UserDataRow, auth.token));
    },
  });
}
