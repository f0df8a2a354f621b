import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';

/** The console's build output: its page and every chunk of its own (scripts/chunkGroups.ts names them console-…). */
const CONSOLE_FILES = /^\/(console\.html|assets\/console[-.])/;

/** Vite names built assets by content hash, so they can be cached forever; index.html never. */
function cacheHeaders(reply: FastifyReply, path: string) {
  reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The built SPA: which routes have a page of their own (scripts/routePages.ts writes them into `pages/`). */
export interface Spa {
  routePages: ReadonlySet<string>;
  /** What any other path gets: the prerendered "not here" page, or index.html in a build without one. */
  otherPaths: string;
}

/** The page scripts/routePages.ts renders for the paths the route table does not name. */
const NOT_FOUND_PAGE = '/404';

/** Serves the built SPA when `staticDir` holds one; answers it, or null. */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<Spa | null> {
  const root = resolve(staticDir);
  if (!existsSync(resolve(root, 'index.html'))) return null;
  // preCompressed: `npm run build` writes .br and .gz beside each file (scripts/precompress.mjs).
  // The operator console's page and chunks are the console listener's (server/console/app.ts), never served here.
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: cacheHeaders,
    preCompressed: true,
    allowedPath: (path) => !CONSOLE_FILES.test(path),
  });
  const pages = resolve(root, 'pages');
  const routePages = new Set(
    existsSync(pages)
      ? readdirSync(pages)
          .filter((name) => name.endsWith('.html'))
          .map((name) => `/${name.slice(0, -'.html'.length)}`)
      : [],
  );
  return { routePages, otherPaths: routePages.has(NOT_FOUND_PAGE) ? `pages${NOT_FOUND_PAGE}.html` : 'index.html' };
}

const isApiPath = (path: string) => /^\/(api|dev)(\/|$)/.test(path);
/** `/activities` is a screen; `/assets/app-1234.js` is a file, and a missing file is 404, not the SPA. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path);

/**
 * Unknown /api and /dev paths answer the JSON envelope with 404. With the SPA served, any
 * other page GET answers the route's own page (its first screen prerendered, with the preload
 * links of its code), or the page of paths without one, so client-side routes survive a reload.
 * Each page's HTML is the one its route hydrates: the landing's would not match another route.
 */
export function notFoundHandler(spa: Spa | null) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const page = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !looksLikeFile(path);
    if (spa && page) {
      const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
      return reply.sendFile(spa.routePages.has(route) ? `pages${route}.html` : spa.otherPaths);
    }
    return reply.code(404).send(failure(`not found: ${request.method} ${path.slice(0, 200)}`));
  };
}
