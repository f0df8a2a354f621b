import type {} from '@fastify/rate-limit'; // declares app.rateLimit()
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config';
import { AppError } from '../errors';
import { authOf } from './authenticate';

export type RateLimitKey = (request: FastifyRequest) => string;

export const byAddress: RateLimitKey = (request) => request.ip;

/** Address and the e-mail typed: one caller cannot lock others out, nor try many passwords on one account. */
export const byAddressAndEmail: RateLimitKey = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
};

/** For signed-in calls; list it after requireSession. */
export const byAccount: RateLimitKey = (request) => `user:${authOf(request).userId}`;

/** A preHandler allowing `limit.max` requests per key and window; then 429 with the wait. */
export function limitRequests(app: FastifyInstance, limit: RateLimit, key: RateLimitKey) {
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: key,
    errorResponseBuilder: (_request, context) => new AppError(429, `too many attempts, please try again in ${context.after}`),
  });
}
