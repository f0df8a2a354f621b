import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { isLoopbackUrl, type Config } from '../config';
import type { RequestCounters } from '../gateways/requestCounters';
import { sharedRateLimitStore } from '../http/rateLimits';
import { registerDraining, type Draining } from '../http/draining';
import { AppError } from '../errors';
import { errorHandler } from '../http/errorHandler';
import { failure } from '../http/envelope';
import { registerSecurityHeaders } from '../http/securityHeaders';
import { runInContext } from '../http/requestContext';
import type { AppContext } from '../services/context';
import type { RequeryHooks } from '../services/records/transactions';
import { assertDeclaredAccess, checkAccess, type RouteAccess } from './routes/guard';
import { registerCaseRoutes } from './routes/cases';
import { registerCustomerRoutes } from './routes/customers';
import { registerMoneyRoutes } from './routes/money';
import { registerOperationsRoutes } from './routes/operations';
import { registerProductRoutes } from './routes/products';
import { registerSessionRoutes, signInAttempts } from './routes/session';
import { registerStaffRoutes } from './routes/staff';
import { registerStaffPasskeyRoutes } from './routes/passkeys';
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
  /** The console's own OPS_TRUST_PROXY (never the customer listener's), as Fastify takes it: "from where". */
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
    // A URL the router cannot decode is refused before any route: answered as the envelope too.
    frameworkErrors: errorHandler,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Requests that arrive once close() began are answered by http/draining.ts, with Retry-After.
    return503OnClosing: false,
  });
  app.setErrorHandler(errorHandler);
  registerOwnHost(app, config.ops.publicUrl);
  // A shutdown answers every staff request as it does a customer's: new ones 503 with Retry-After,
  // work that wrote nothing refused at its next statement, work begun (an approval) finished.
  registerDraining(app, deps.draining);
  app.addHook('preValidation', (request, _reply, done) => runInContext({ requestId: request.id }, done));
  registerSecurityHeaders(app, config.production, { captcha: false });
  app.decorateRequest('staff', null);
  const routes: FastifyInstance['consoleRoutes'] = [];
  app.decorate('consoleRoutes', routes);
  const guard = checkAccess(deps.ctx);
  app.addHook('onRoute', (route) => {
    const access = assertDeclaredAccess(route);
    if (!access) return;
    routes.push({ method: String(route.method), url: route.url, access });
    // The check is the route's own, first of its preHandlers: the router decodes the path
    // (`/%6Fps/api/…`, an absolute-form request line), so no test of the raw URL may decide it.
    route.preHandler = [guard, ...[route.preHandler ?? []].flat()];
  });
  // Every answer of a console call, and any other the page or the build's files do not give a
  // cache rule of their own (refusals and 404s, however their path was spelled).
  app.addHook('onSend', async (request, reply) => {
    const ownRule = request.routeOptions.config.access === undefined && reply.hasHeader('Cache-Control');
    if (!ownRule) reply.header('Cache-Control', 'no-store');
  });

  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(deps.counters, deps.ctx.hashToken) });
  registerSessionRoutes(app, deps.ctx, config.rateLimits.login);
  registerCustomerRoutes(app, deps.ctx, deps.requeries, deps.requeryNow);
  registerCaseRoutes(app, deps.ctx);
  const rules = { approvalWindowMs: config.ops.approvalWindowMs, adminAboveKobo: config.ops.adminAboveKobo };
  registerMoneyRoutes(app, deps.ctx, rules, config.ops.passkeys);
  registerOperationsRoutes(app, deps.ctx, deps.providers);
  registerProductRoutes(app, deps.ctx);
  registerStaffRoutes(app, deps.ctx, config.ops.publicUrl, config.ops.passkeys);
  registerStaffPasskeyRoutes(app, deps.ctx, config.ops.passkeys, signInAttempts(app, config.rateLimits.login));
  await registerConsolePage(app, config.staticDir);
  return app;
}

/** The host an authority (`host[:port]`) names, lower-cased; undefined when it is none. */
const hostOf = (authority: string) => /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(authority)?.[1].toLowerCase();

/** The names a request gives the server: its Host (a trusted proxy's X-Forwarded-Host), an absolute-form target's. */
function namesOf(request: FastifyRequest): (string | undefined)[] {
  const absolute = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i.exec(request.raw.url ?? '');
  return [request.host, ...(absolute ? [absolute[1]] : [])].map(hostOf);
}

/**
 * The console answers only the host staff open it at: OPS_PUBLIC_URL's, or on loopback any of
 * this machine's names. Another name that resolves here (DNS rebinding: the attacker's page, to
 * the browser, of the same origin as the console) is misdirected, 421, before anything runs.
 */
function registerOwnHost(app: FastifyInstance, publicUrl: string) {
  const url = new URL(publicUrl);
  const own = new Set([url.hostname, ...(isLoopbackUrl(url) ? ['localhost', '127.0.0.1', '[::1]'] : [])]);
  const misdirected = `this is the operator console of ${url.hostname} only: open it at its own address`;
  app.addHook('onRequest', async (request) => {
    if (!namesOf(request).every((name) => name !== undefined && own.has(name))) throw new AppError(421, misdirected);
  });
}

/**
 * A path of the console's own router: plain segments (no escapes, dots or empty segments, so no
 * file and no other spelling of the API's prefix), outside `/ops/`.
 */
const isScreenPath = (path: string) => /^(\/[\w-]+)*\/?$/.test(path) && !/^\/ops(\/|$)/.test(path);

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
      setHeaders: (reply, path) =>
        reply.header(
          'Cache-Control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const page = (request.method === 'GET' || request.method === 'HEAD') && isScreenPath(path);
    if (built && page) return reply.header('Cache-Control', 'no-cache').sendFile(CONSOLE_PAGE);
    return reply.code(404).send(failure(`not found: ${request.method} ${path.slice(0, 200)}`));
  });
}
