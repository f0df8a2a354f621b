import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { RequestCounters } from '../gateways/requestCounters';
import { sharedRateLimitStore } from '../routes/rateLimits';
import { registerDraining, type Draining } from '../routes/draining';
import { errorHandler } from '../routes/errorHandler';
import { failure } from '../routes/envelope';
import { registerSecurityHeaders } from '../routes/securityHeaders';
import { runInContext } from '../requestContext';
import type { AppContext } from '../services/context';
import type { RequeryHooks } from '../services/transactions';
import { assertDeclaredAccess, checkAccess, type RouteAccess } from './guard';
import { registerCaseRoutes } from './routes/cases';
import { registerCustomerRoutes } from './routes/customers';
import { registerMoneyRoutes } from './routes/money';
import { registerOperationsRoutes } from './routes/operations';
import { registerSessionRoutes } from './routes/session';
import { registerStaffRoutes } from './routes/staff';
import type { ProviderHealth } from './services/glance';
import type { RequeryNow } from './services/transactions';

/**
 * The operator console's server: a Fastify instance of its own in the same process as the
 * customer API, listening on OPS_PORT (loopback unless OPS_HOST says otherwise), sharing the
 * services and the database but nothing of the customer's HTTP surface. It serves the console's
 * page (dist/console.html, a second entry of the same Vite build) and `/ops/api/*`; the customer
 * port serves neither.
 */

export interface ConsoleDeps {
  ctx: AppContext;
  requeries: RequeryHooks;
  requeryNow: RequeryNow;
  providers: ProviderHealth;
  log: FastifyBaseLogger;
  /** The request counters every replica shares (the customer API's): the per-address limit of signing in. */
  counters: RequestCounters;
  /** The customer listener's TRUST_PROXY, as Fastify takes it: the audit's "from where". */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** The customer API's drain (its gate watches the same database): the console stops the same way. */
  draining: Draining;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every console API route with who may call it: what the access tests walk. */
    consoleRoutes: { method: string; url: string; access: RouteAccess }[];
  }
}

export const CONSOLE_PAGE = 'console.html';
const BODY_LIMIT = 16 * 1024;

export async function buildConsoleApp(config: Config, deps: ConsoleDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log.child({ listener: 'console' }),
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Requests that arrive once close() began are answered by routes/draining.ts, with Retry-After.
    return503OnClosing: false,
  });
  app.setErrorHandler(errorHandler);
  // A shutdown answers every staff request as it does a customer's: new ones 503 with Retry-After,
  // work that wrote nothing refused at its next statement, work begun (an approval) finished.
  registerDraining(app, deps.draining);
  app.addHook('preValidation', (request, _reply, done) => runInContext({ requestId: request.id }, done));
  registerSecurityHeaders(app, config.production, { captcha: false });
  app.decorateRequest('staff', null);
  const routes: FastifyInstance['consoleRoutes'] = [];
  app.decorate('consoleRoutes', routes);
  app.addHook('onRoute', (route) => {
    assertDeclaredAccess(route);
    if (route.url.startsWith('/ops/api/')) routes.push({ method: String(route.method), url: route.url, access: route.config!.access! });
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.url.startsWith('/ops/api/')) await checkAccess(deps.ctx)(request, reply);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/ops/')) reply.header('Cache-Control', 'no-store');
  });

  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(deps.counters, deps.ctx.hashToken) });
  registerSessionRoutes(app, deps.ctx, config.rateLimits.login);
  registerCustomerRoutes(app, deps.ctx, deps.requeries, deps.requeryNow);
  registerCaseRoutes(app, deps.ctx);
  registerMoneyRoutes(app, deps.ctx, { approvalWindowMs: config.ops.approvalWindowMs, adminAboveKobo: config.ops.adminAboveKobo });
  registerOperationsRoutes(app, deps.ctx, deps.providers);
  registerStaffRoutes(app, deps.ctx, config.ops.publicUrl);
  await registerConsolePage(app, config.staticDir);
  return app;
}

/** The console's page for every other GET (its routes are the browser's), and the build's assets. */
async function registerConsolePage(app: FastifyInstance, staticDir: string) {
  const root = resolve(staticDir);
  const built = existsSync(resolve(root, CONSOLE_PAGE));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      cacheControl: false,
      index: false,
      // The console's page, the hashed assets of the build and the icon; never the customer's pages.
      allowedPath: (path) => /^\/?(console\.html$|favicon\.svg$|assets\/)/.test(path),
      setHeaders: (reply, path) => reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const page = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/ops/') && !/\.[A-Za-z0-9]+$/.test(path);
    if (built && page) return reply.header('Cache-Control', 'no-cache').sendFile(CONSOLE_PAGE);
    return reply.code(404).send(failure(`not found: ${request.method} ${path.slice(0, 200)}`));
  });
}
