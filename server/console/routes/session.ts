import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../../config';
import { addressKey } from '../../http/rateLimits';
import { z } from 'zod';
import { AppError } from '../../errors';
import { success } from '../../http/envelope';
import { email, password, requestBody } from '../../http/fields';
import type { AppContext } from '../../services/context';
import { staffOf } from './guard';
import { acceptInvitation } from '../services/staffAccounts';
import { revokeStaffSession, openStaffSession } from '../services/staffSessions';
import { confirmEnrolment, signInWithCode, signInWithPassword, startEnrolment } from '../services/signIn';
import { code } from './fields';

const CODE_NEXT = 'now the code from your authenticator app';
const ENROLMENT_NEXT = 'password accepted: now set up your authenticator app';
const signInBody = requestBody({
  email: email('email is required'),
  password: password('password', 'password is required'),
});
const codeBody = requestBody({ code });
const invitationBody = requestBody({
  invitation: z
    .string({ error: 'the invitation link is incomplete' })
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'the invitation link is incomplete'),
  password: password('password', 'password is required'),
});

/** One address's tries at signing in (passwords, codes, passkeys, invitations), on every replica. */
export const signInAttempts = (app: FastifyInstance, limit: RateLimit) =>
  app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `console-sign-in|${addressKey(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `too many attempts from this address, please try again in ${context.after}`),
  });

/**
 * Signing in (password, then the second factor or its enrolment), accepting an invitation, signing
 * out. The account's own limits come first (services/signIn.ts: they hold whoever's address the
 * attempts come from, and a stranger cannot spend them against the owner); beside them, one
 * address may try only so many passwords, codes and invitations in a window (the customers'
 * login limit), on every replica.
 */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext, limit: RateLimit) {
  const attempts = signInAttempts(app, limit);
  app.post('/ops/api/sign-in', { config: { access: { open: true } }, preHandler: attempts }, async (request) => {
    const body = signInBody.parse(request.body);
    const answer = await signInWithPassword(ctx, body.email, body.password, request.ip);
    // While the account waits after wrong passwords, asking for the code does not mean the password was right.
    return success(answer.stage === 'enrolment' ? ENROLMENT_NEXT : CODE_NEXT, answer);
  });

  app.post(
    '/ops/api/sign-in/code',
    { config: { access: { stage: 'second-factor' } }, preHandler: attempts },
    async (request) => {
      const body = codeBody.parse(request.body);
      return success('signed in', await signInWithCode(ctx, staffOf(request), body.code, request.ip));
    },
  );

  app.post('/ops/api/enrolment/start', { config: { access: { stage: 'enrolment' } } }, async (request) =>
    success('scan the code with your authenticator app', await startEnrolment(ctx, staffOf(request))),
  );

  app.post(
    '/ops/api/enrolment/confirm',
    { config: { access: { stage: 'enrolment' } }, preHandler: attempts },
    async (request) => {
      const body = codeBody.parse(request.body);
      const done = await confirmEnrolment(ctx, staffOf(request), body.code, request.ip);
      return success('your authenticator app is set up', done);
    },
  );

  app.post(
    '/ops/api/invitation/accept',
    { config: { access: { open: true } }, preHandler: attempts },
    async (request) => {
      const body = invitationBody.parse(request.body);
      const staff = await acceptInvitation(ctx, body.invitation, body.password, request.ip);
      const token = await openStaffSession(ctx, staff.id, 'enrolment', request.ip);
      return success('password set: now set up your authenticator app', {
        token,
        stage: 'enrolment',
        staff: { id: Number(staff.id), email: staff.email, name: staff.name, role: staff.role },
      });
    },
  );

  app.post('/ops/api/sign-out', { config: { access: { stage: 'any' } } }, async (request) => {
    await revokeStaffSession(ctx, staffOf(request).sessionId);
    return success('signed out');
  });

  app.post('/ops/api/me', { config: { access: { permission: 'glance.read' } } }, async (request) => {
    const staff = staffOf(request);
    return success('signed in', { id: Number(staff.staffId), email: staff.email, name: staff.name, role: staff.role });
  });
}
