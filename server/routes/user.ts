import type { FastifyInstance } from 'fastify';
import { UserData } from '../../core/contract';
import type { AppContext } from '../services/context';
import { userDataFrom, userDataQuery, type UserDataRow } from '../services/account/userData';
import { pollRead } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { registerPoll } from '../http/polls';

/** The signed-in user's own data. */
/** What this module's call answers, said in the request's language when answered. */
const done = {
  fetched: /*i18n*/ { id: 'account.done.fetched', message: 'user fetched successfully' },
};

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  registerPoll(
    app,
    '/api/get-user',
    { summary: "The signed-in user's data (polled; not activity)", tags: ['account'], data: UserData },
    async (request) => {
      const { auth, rows } = await pollRead(ctx, request, (userId) => userDataQuery(ctx, userId));
      // Every session belongs to a user, so the session's row carries the user's.
      return success(t(done.fetched), userDataFrom(ctx, rows[0] as UserDataRow, auth.token));
    },
  );
}
