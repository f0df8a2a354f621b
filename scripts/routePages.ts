// A Vite build plugin (vite.config.ts): one HTML page per route of the route table, each holding
// the route's first screen, rendered at build time (src/ui/prerender.tsx), so that the page
// paints before any script has run; and naming the code and styles of every lazy level that route
// renders (the session's frame, the signed-in shell, the screen) as <link rel="modulepreload"> and
// stylesheets, so that the browser asks for all of it while it reads the page instead of learning
// of each level only once the one above it has downloaded and run. The server answers a route
// with its page (server/routes/spa.ts); index.html is the landing's page, and pages/404.html
// (the signed-in frame's "not here" screen) is what any other path gets.
//
// The stylesheet is written into each page (one <style>, about 9 KB compressed) rather than
// linked: a linked one is a request the first paint waits for, a whole round trip on a phone's
// network, beside the scripts that share its bandwidth. A repeat visit takes every page from the
// service worker's precache, so nothing is downloaded twice.
import { dirname, resolve } from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { runnerImport, type Plugin, type Rollup } from 'vite';
import type { RouteHandle } from '../src/ui/app/routes';

const ROUTES_MODULE = resolve('src/ui/app/routes.tsx');
const PRERENDER_MODULE = resolve('src/ui/prerender.tsx');
/** Where the pages go in dist/, one `<path>.html` per route. */
export const ROUTE_PAGES_DIR = 'pages';
/** The page of every path the route table does not name (its catch-all), drawn at this path. */
export const NOT_FOUND_PAGE = '/404';
const ROOT = '<div id="root"></div>';

/** Every concrete path of the route table (the catch-all `*` has none), with its leading slash. */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.index) return [parent || '/'];
    // A child's path may be written absolute (the service routes are '/airtime', …).
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const own = route.path !== undefined && route.path !== '*' ? [path] : [];
    return [...own, ...pathsOf(route.children ?? [], path)];
  });
}

/** The files a chunk loads: itself and, transitively, what it imports statically, with their stylesheets. */
function closure(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle, scripts: Set<string>, styles: Set<string>) {
  if (scripts.has(chunk.fileName)) return;
  scripts.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') closure(next, bundle, scripts, styles);
  }
}

/** Rendering to HTML needs no styles: the screens' stylesheet imports load as nothing (the build has the stylesheet). */
const withoutStyles: Plugin = {
  name: 'naira-wallet:prerender-without-styles',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('.css') ? '\0prerendered-style' : null),
  load: (id) => (id === '\0prerendered-style' ? 'export {};' : null),
};

/** The page with each of its stylesheet links replaced by the stylesheet itself. */
function inlineStyles(page: string, bundle: Rollup.OutputBundle): string {
  return page.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset') return link;
    // Escaped, so that no text in the stylesheet can end the element early.
    return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
  });
}

export function routePages(): Plugin {
  return {
    name: 'naira-wallet:route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const index = String(html.source);
        // What index.html already loads needs no second link.
        const named = new Set([...index.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const { module } = await runnerImport<{ routes: RouteObject[] }>(ROUTES_MODULE, { configFile: false, logLevel: 'error' });
        const { module: renderer } = await runnerImport<{ renderRoute: (path: string) => Promise<string> }>(PRERENDER_MODULE, {
          configFile: false,
          logLevel: 'error',
          plugins: [withoutStyles],
        });
        if (!index.includes(ROOT)) this.error(`index.html has no empty ${ROOT} to render the routes into`);
        for (const path of [...pathsOf(module.routes), NOT_FOUND_PAGE]) {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          for (const match of matchRoutes(module.routes, path) ?? []) {
            const lazyModule = (match.route.handle as RouteHandle | undefined)?.module;
            if (lazyModule === undefined) continue;
            const file = resolve(dirname(ROUTES_MODULE), lazyModule);
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === file);
            if (!chunk) this.error(`route ${path}: no chunk was built for ${lazyModule}`);
            closure(chunk, bundle, scripts, styles);
          }
          if (scripts.size === 0) continue;
          const links = [
            ...[...styles].filter((file) => !named.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
            ...[...scripts].filter((file) => !named.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ];
          const rendered = await renderer.renderRoute(path);
          // The page's only script is the app's: a rendered one would be refused by the CSP.
          if (/<script\b/i.test(rendered)) this.error(`route ${path}: the rendered HTML holds a <script>`);
          const page = inlineStyles(
            index.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`).replace(ROOT, `<div id="root">${rendered}</div>`),
            bundle,
          );
          // The landing's page is index.html itself.
          if (path === '/') html.source = page;
          else this.emitFile({ type: 'asset', fileName: `${ROUTE_PAGES_DIR}${path}.html`, source: page });
        }
      },
    },
  };
}
