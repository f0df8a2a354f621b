import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICES } from '../../core/services';
import type { Metrics } from '../metrics';
import { wasRateLimited } from './rateLimits';

/**
 * Counts every answer by route and status, and reads the business outcome off the answers the
 * operator watches (purchases, webhooks, lockouts, limits): the envelope already tells it, so
 * no service has to know about metrics.
 */

const PURCHASE_ROUTES = new Map(SERVICES.map((service) => [`/api/${service.category}`, service.category]));

interface Answer {
  data?: { status?: string; reason?: string };
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

function read(payload: unknown): Answer | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload) as Answer;
  } catch {
    return undefined;
  }
}

function purchaseOutcome(status: number, answer: Answer | undefined): string {
  if (status === 200) return answer?.data?.status === 'completed' ? 'completed' : 'processing';
  if (status === 502) return 'failed';
  return status >= 500 ? 'error' : 'refused';
}

function webhookOutcome(status: number, answer: Answer | undefined): string {
  if (status === 200) return answer?.data?.status ?? 'ignored';
  return status >= 500 ? 'error' : 'refused';
}

/** The login throttle's refusals; a 429 of the request limiter (http/rateLimits.ts) is not a lockout. */
function loginLockout(status: number, answer: Answer | undefined, rateLimited: boolean): string | undefined {
  if (status === 403 && answer?.data?.reason === 'captcha-required') return 'captcha';
  if (status !== 429 || rateLimited) return undefined;
  return answer?.data?.reason === 'reset-required' ? 'reset-required' : 'throttled';
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    const service = PURCHASE_ROUTES.get(route);
    // Every partner's webhook (/api/webhooks/<partner>).
    const webhook = route.startsWith('/api/webhooks/');
    const watched = service !== undefined || webhook || status >= 400;
    if (!watched) return payload;
    const answer = read(payload);
    if (service) metrics.purchases.inc({ service, outcome: purchaseOutcome(status, answer) });
    if (webhook) metrics.webhooks.inc({ outcome: webhookOutcome(status, answer) });
    const rateLimited = status === 429 && wasRateLimited(request);
    if (rateLimited) metrics.rateLimitRefusals.inc({ route });
    if (answer?.data?.reason === 'pin-logout') metrics.pinLockouts.inc({ kind: 'logout' });
    if (answer?.data?.reason === 'pin-locked') metrics.pinLockouts.inc({ kind: 'locked' });
    const lockout = route === '/api/login' ? loginLockout(status, answer, rateLimited) : undefined;
    if (lockout) metrics.loginLockouts.inc({ kind: lockout });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
