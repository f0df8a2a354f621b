import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { allows, type Permission } from '../../../core/console';
import { AppError } from '../../errors';
import { bearerToken } from '../../http/authenticate';
import type { AppContext } from '../../services/context';
import { recordRefusal } from '../services/audit';
import type { StaffActor } from '../services/moneyRequests';
import { resumeStaffSession, type StaffSession } from '../services/staffSessions';

/**
 * Who may call what on the console's listener. Every route declares, in its config, either the
 * permission it needs (core/console.ts PERMISSIONS, checked against the caller's role on every
 * call) or the half-open stage of signing in it serves; a route that declares neither is refused
 * when the app starts (deny by default). A customer's token is not a staff token: it finds no
 * staff session, and is answered like any unknown token.
 */

export type RouteAccess =
  { permission: Permission } | { stage: 'second-factor' | 'enrolment' | 'any' } | { open: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    staff: StaffSession | null;
  }
}

/** The console's own wording; "authorization" tells the console's session to sign out. */
export const STAFF_SESSION_ENDED = 'your console session has ended: please sign in again (authorization required)';

/** A console API route's declared access; refuses, at start, one that does not say who may call it. */
export function assertDeclaredAccess(route: RouteOptions): RouteAccess | undefined {
  if (!route.url.startsWith('/ops/api/')) return undefined;
  const access = route.config?.access;
  if (!access) {
    throw new Error(
      `console route ${route.method} ${route.url} declares no access: every console route must name its permission`,
    );
  }
  return access;
}

/** The preHandler of every console API route: its declared access, checked. */
export function checkAccess(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (!access) throw new AppError(404, 'not found');
    if ('open' in access) return;
    const token = bearerToken(request);
    const session = token ? await resumeStaffSession(ctx, token) : null;
    if (!session) throw new AppError(401, STAFF_SESSION_ENDED);
    if ('stage' in access) {
      if (access.stage !== 'any' && session.stage !== access.stage)
        throw new AppError(
          403,
          session.stage === 'signed-in' ? 'you are already signed in' : 'finish signing in first',
        );
    } else {
      if (session.stage !== 'signed-in') throw new AppError(401, STAFF_SESSION_ENDED);
      if (!allows(session.role, access.permission)) {
        // Recorded apart, as nothing else of the request runs: reaching past one's role is never unseen.
        const attempt = { action: access.permission, subject: `route:${request.routeOptions.url}` };
        const refusal = new AppError(403, `your role (${session.role}) may not do this`);
        throw await recordRefusal(ctx, { ...session, address: request.ip }, attempt, refusal);
      }
    }
    request.staff = session;
  };
}

/** The signed-in staff member of this request; without one, refused as any caller without a session. */
export function staffOf(request: FastifyRequest): StaffSession {
  if (!request.staff) throw new AppError(401, STAFF_SESSION_ENDED);
  return request.staff;
}

/** The staff member as an actor of the audit and the money rules. */
export function actorOf(request: FastifyRequest): StaffActor {
  const staff = staffOf(request);
  return { staffId: staff.staffId, email: staff.email, role: staff.role, address: request.ip };
}
