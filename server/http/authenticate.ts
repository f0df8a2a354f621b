import type { FastifyRequest } from 'fastify';
import { SESSION_EXPIRED } from '../../core/words/session';
import { AppError } from '../errors';
import { currentContext } from './requestContext';
import type { AppContext } from '../services/context';
import type { RawBuilder } from 'kysely';
import type { Nullable } from '../db/schema';
import { AUTHORISATION_FAILED, pollAsSession, resumeSession, type Session } from '../services/account/sessions';

export interface Authenticated extends Session {
  /** The bearer token presented; echoed in user data so the client stores it uniformly. */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/** Our tokens are 43 base64url characters; anything far from that shape is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The token of `Authorization: Bearer <token>`, or null when absent or malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match && TOKEN_SHAPE.test(match[1]) ? match[1] : null;
}

/** The session's refusals: an ended session is told so; no token, an unknown or a revoked one is not. */
function refuse(session: 'expired' | null): never {
  throw new AppError(401, session === 'expired' ? SESSION_EXPIRED : AUTHORISATION_FAILED);
}

/** preHandler of every signed-in call but the polls (pollRead): a live session, its activity recorded, or 401. */
export function requireSession(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await resumeSession(ctx, token) : null;
    if (!token || !session || session === 'expired') return refuse(session === 'expired' ? session : null);
    request.auth = { ...session, token };
    speakFor(session);
  };
}

/**
 * The rest of the call is made for the session's user: the provider calls it makes count as
 * theirs (gateways/circuitBreaker.ts), and it speaks their account's language rather than the
 * request's Accept-Language (server/i18n.ts), so every device says the same.
 */
export function speakFor(session: Session): void {
  const context = currentContext();
  if (context) {
    context.caller = `user:${session.userId}`;
    context.locale = session.language;
  }
}

/**
 * The handler's part of one of the app's polls (get-user, fetch-providers, fetch-notifications):
 * the session checked, as requireSession checks it (a poll is not activity), by the statement
 * that reads what the poll answers (services/sessions.ts pollAsSession); 401 alike.
 */
export async function pollRead<R>(
  ctx: AppContext,
  request: FastifyRequest,
  read: (userId: RawBuilder<bigint>) => RawBuilder<R>,
): Promise<{ auth: Authenticated; rows: Nullable<R>[] }> {
  const token = bearerToken(request);
  const answer = token ? await pollAsSession(ctx, token, read) : null;
  if (!token || !answer || answer === 'expired') return refuse(answer === 'expired' ? answer : null);
  // A poll answers in the account's language too (a poll calls no provider: no caller to count).
  const context = currentContext();
  if (context) context.locale = answer.session.language;
  return { auth: { ...answer.session, token }, rows: answer.rows };
}

/** The session `requireSession` established for this request. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('authOf: the route has no requireSession preHandler');
  return request.auth;
}
