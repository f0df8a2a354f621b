import type { FastifyInstance } from 'fastify';
import { UserData } from '../../core/contract';
import type { AppContext } from '../services/context';
import { userDataFrom, userDataQuery, type UserDataRow } from '../services/account/userData';
import { pollRead } from '../http/authenticate';
import { success } from '../http/envelope';
import { registerPoll } from '../http/polls';

/** The signed-in user's own data. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  registerPoll(
    app,
    '/api/get-user',
    { summary: "The signed-in user's data (polled; not activity)", tags: ['account'], data: UserData },
    async (request) => {
      const { auth, rows } = await pollRead(ctx, request, (userId) => userDataQuery(ctx, userId));
      // Every session belongs to a user, so the session's row carries the user's.
      return success('user fetched successfully', userDataFrom(ctx, rows[0] as UserDataRow, auth.token));
    },
  );
}
