// A Vite build plugin (vite.config.ts): one HTML page per route of the route table, each naming
// the code and styles of every lazy level that route renders (the session's frame, the signed-in
// shell, the screen) as <link rel="modulepreload"> and stylesheets. The browser then asks for all
// of it while it reads the page, beside the landing chunk, instead of learning of each level only
// once the one above it has downloaded and run (issue 13: 4–7 sequential waves on a signed-in
// route). The server answers a route with its page (server/routes/spa.ts); index.html is the
// landing's page and the fallback for any other path.
import { dirname, resolve } from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { runnerImport, type Plugin, type Rollup } from 'vite';
import type { RouteHandle } from '../src/ui/app/routes';

const ROUTES_MODULE = resolve('src/ui/app/routes.tsx');
/** Where the pages go in dist/, one `<path>.html` per route. */
export const ROUTE_PAGES_DIR = 'pages';

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
        for (const path of pathsOf(module.routes)) {
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
          const page = index.replace(/\n *<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
          // The landing's page is index.html itself (also what any path without a page gets).
          if (path === '/') html.source = page;
          else this.emitFile({ type: 'asset', fileName: `${ROUTE_PAGES_DIR}${path}.html`, source: page });
        }
      },
    },
  };
}
