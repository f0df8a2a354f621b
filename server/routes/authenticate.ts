import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { AppContext } from '../services/context';
import { AUTHORIZATION_FAILED, resumeSession, type Session, type SessionUse } from '../services/sessions';

export interface Authenticated extends Session {
  /** The bearer token presented; echoed in user data so the client stores it uniformly. */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/** A session ended by idleness or age; the app shows this on its way to /login. */
export const SESSION_EXPIRED = 'your session has expired, please log in again (authorization expired)';

/** Our tokens are 43 base64url characters; anything far from that shape is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The token of `Authorization: Bearer <token>`, or null when absent or malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match && TOKEN_SHAPE.test(match[1]) ? match[1] : null;
}

/** preHandler of every signed-in call: a live session, or 401. `poll` for the reads the app polls, which do not count as activity. */
export function requireSession(ctx: AppContext, use: SessionUse = 'activity') {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await resumeSession(ctx, token, use) : null;
    if (session === 'expired') throw new AppError(401, SESSION_EXPIRED);
    if (!token || !session) throw new AppError(401, AUTHORIZATION_FAILED);
    request.auth = { ...session, token };
  };
}

/** The session `requireSession` established for this request. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('authOf: the route has no requireSession preHandler');
  return request.auth;
}
