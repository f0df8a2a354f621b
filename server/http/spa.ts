import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, pageLocale, type Locale } from '../../core/i18n/locales';
import { failure } from './envelope';

/** The console's build output: its page and every chunk of its own (scripts/chunkGroups.ts names them console-…). */
const CONSOLE_FILES = /^\/(console\.html|assets\/console[-.])/;

/**
 * Vite names built assets by content hash, so they can be cached forever; the rest is asked again
 * each time. A page is also the visitor's own: one address answers each visitor in their language
 * (`pageFor`), so no cache between us and them may keep it for another (`private`; a `Vary` on the
 * cookie and the language would do as much, but it keeps the service worker's precache from
 * matching the pages it holds, and the browser revalidates by each language's own ETag).
 */
function cacheHeaders(reply: FastifyReply, path: string) {
  if (/[\\/]assets[\\/]/.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', /\.html(\.(br|gz))?$/.test(path) ? 'private, no-cache' : 'no-cache');
}

/** The built SPA: which routes have a page of their own (scripts/routePages.ts writes them into `pages/`). */
export interface Spa {
  routePages: ReadonlySet<string>;
  /** What any other path gets: the prerendered "not here" page, or index.html in a build without one. */
  otherPaths: string;
  /** The languages other than English whose pages the build holds (scripts/routePages.ts: `i18n/<locale>/`). */
  languages: ReadonlySet<Locale>;
}

/** Where another language's pages are in the build: its own index.html and pages/ beside English's. */
const LANGUAGES_DIR = 'i18n';

/** The page scripts/routePages.ts renders for the paths the route table does not name. */
const NOT_FOUND_PAGE = '/404';

/** A script element written into a page, with no `src`: its attributes and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
/** Every page of a build holds the same inline scripts (the boot module, scripts/routePages.ts); a few at most. */
const MAX_INLINE_SCRIPTS = 4;

/**
 * The CSP sources that let the built pages' own inline scripts run and no other (`'sha256-…'`, the
 * hash of each script's text as the page holds it), read off the landing's page; none where
 * `staticDir` holds no build.
 */
export function inlineScriptSources(staticDir: string): string[] {
  const index = resolve(staticDir, 'index.html');
  if (!existsSync(index)) return [];
  const texts = [...readFileSync(index, 'utf8').matchAll(INLINE_SCRIPT)].map((match) => match[1]);
  if (texts.length > MAX_INLINE_SCRIPTS) throw new Error(`${index} holds ${texts.length} inline scripts`);
  return [...new Set(texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`))];
}

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
  const built = (locale: Locale) => existsSync(resolve(root, LANGUAGES_DIR, locale, 'index.html'));
  const languages: ReadonlySet<Locale> = new Set(
    LOCALES.filter((locale) => locale !== DEFAULT_LOCALE && built(locale)),
  );
  const spa = {
    routePages,
    otherPaths: routePages.has(NOT_FOUND_PAGE) ? `pages${NOT_FOUND_PAGE}.html` : 'index.html',
    languages,
  };
  // The landing is a page like any other, in the visitor's language: not the static index.html.
  app.get('/', (request, reply) => sendPage(spa, '/', request, reply));
  return spa;
}

/** Answers the page of `route` in the visitor's language. */
function sendPage(spa: Spa, route: string, request: FastifyRequest, reply: FastifyReply) {
  return reply.sendFile(pageFor(spa, route, request));
}

/**
 * The page for `route` in the visitor's language: the one they chose (the app's cookie), else
 * their browser's first the app speaks; English where the build has no pages in it.
 */
function pageFor(spa: Spa, route: string, request: FastifyRequest): string {
  const page = route === '/' ? 'index.html' : spa.routePages.has(route) ? `pages${route}.html` : spa.otherPaths;
  const locale = pageLocale(request.headers.cookie, request.headers['accept-language']);
  return spa.languages.has(locale) ? `${LANGUAGES_DIR}/${locale}/${page}` : page;
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
      return sendPage(spa, path.length > 1 ? path.replace(/\/+$/, '') : path, request, reply);
    }
    return reply.code(404).send(failure(`not found: ${request.method} ${path.slice(0, 200)}`));
  };
}
