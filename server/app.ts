import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { acceptedLanguages, pickLocale } from '../core/i18n/locales';
import type { Config } from './config';
import { loggerOptions, type LogStream } from './logger';
import { requestIdFrom, runInContext } from './http/requestContext';
import { registerAccountRoutes } from './routes/account';
import { registerAuthRoutes } from './routes/auth';
import { registerBeneficiaryRoutes } from './routes/beneficiaries';
import { registerCatalogRoutes } from './routes/catalog';
import { registerCompression } from './http/compression';
import { registerDraining, type Draining } from './http/draining';
import { errorHandler } from './http/errorHandler';
import { registerFundingRoutes } from './routes/funding';
import { registerHealthRoutes } from './http/health';
import { registerMetricsEndpoint } from './http/metrics';
import { registerNotificationRoutes } from './routes/notifications';
import { registerOpenApi } from './http/openapi';
import { registerProblemReportRoutes } from './routes/problemReports';
import { registerPurchaseRoutes } from './routes/purchases';
import { registerPasskeyRoutes } from './routes/passkeys';
import { sharedRateLimitStore } from './http/rateLimits';
import { registerRequestMetrics } from './http/requestMetrics';
import { registerScheduleRoutes } from './routes/schedules';
import { registerSecurityHeaders } from './http/securityHeaders';
import { inlineScriptSources } from './http/spa';
import { registerStatementRoutes } from './routes/statements';
import { registerUserRoutes } from './routes/user';
import { registerWalletRoutes } from './routes/wallet';
import { registerBankWebhooks } from './routes/webhooks';
import type { Shared } from './shared';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Every request body of the contract is a few fields; 16 KiB is generous and bounds parsing work. */
const BODY_LIMIT = 16 * 1024;

/**
 * The customer API's server, drained as http/draining.ts says, every request in a context of
 * its own; no route yet (registerCustomerApi, then the SPA), not listening.
 */
export function createApp(config: Config, draining: Draining, logStream?: LogStream): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config, { stream: logStream, terminal: process.stdout.isTTY === true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A URL the router cannot decode is refused before any route: answered as the envelope too.
    frameworkErrors: errorHandler,
    // Our own id per request, or the caller's when it is a sane token (requestContext.ts); returned as X-Request-Id.
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Requests that arrive once close() began are answered by http/draining.ts, with Retry-After.
    return503OnClosing: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerDraining(app, draining);
  // Everything the handler starts (gateway calls included) runs in the request's context. Entered
  // once the body is read: the body's stream events would run outside a context entered before.
  // It speaks the browser's language until a session names the account's (http/authenticate.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    const locale = pickLocale(acceptedLanguages(request.headers['accept-language']));
    runInContext({ requestId: request.id, locale }, done);
  });
  return app;
}

/** The customer API: its documentation, metrics, headers, limits and routes over the shared services. */
export async function registerCustomerApi(app: FastifyInstance, config: Config, shared: Shared) {
  const { ctx, counters, metrics, banks, cards, identity, requeries, purchases, schedules } = shared;
  const limits = config.rateLimits;
  app.setErrorHandler(errorHandler);
  await registerOpenApi(app, { development: !config.production, publicUrl: config.publicUrl });
  registerRequestMetrics(app, metrics);
  registerMetricsEndpoint(app, metrics, config);
  app.decorateRequest('auth', null);
  registerSecurityHeaders(app, config.production, { inlineScripts: inlineScriptSources(config.staticDir) });
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters, ctx.hashToken) });
  await registerCompression(app);
  // Responses carry session tokens and identity numbers: no cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/(api|dev)\//.test(request.url)) reply.header('Cache-Control', 'no-store');
  });

  registerHealthRoutes(app, shared.db, async () => ({ partners: await shared.partnerBacklog() }));
  registerAuthRoutes(app, { ctx, captcha: shared.captcha, limits });
  registerUserRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerNotificationRoutes(app, { ctx, limits });
  registerWalletRoutes(app, { ctx, requeries, limits });
  registerAccountRoutes(app, { ctx, identity, banks, limits });
  registerFundingRoutes(app, { ctx, banks, identity, cards, limits });
  registerPurchaseRoutes(app, { ctx, purchases, limits, rp: config.passkeys });
  registerPasskeyRoutes(app, { ctx, rp: config.passkeys, limits });
  registerScheduleRoutes(app, { ctx, schedules, limits, rp: config.passkeys });
  registerBeneficiaryRoutes(app, { ctx, limits });
  registerProblemReportRoutes(app, { ctx, limits });
  registerStatementRoutes(app, { ctx, limits });
  registerBankWebhooks(app, { ctx, banks, cards });
}
