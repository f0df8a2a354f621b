// A Vite build plugin (vite.config.ts): one HTML page per route of the route table, each holding
// the route's first screen, rendered at build time (src/ui/prerender.tsx), so that the page
// paints before any script has run. The only script a page holds is the boot module
// (src/ui/boot.ts), written into it: its tag lists the app's entry and every file of every lazy
// level that route renders (the session's frame, the signed-in shell, the screen), which the boot
// module asks for all at once, but only after the page has painted. Named in the page as scripts or
// preloads, they would be downloaded while the first paint waits, sharing a phone's slow network
// with the HTML; listed on the tag, they cost the first paint nothing, and still come in one wave
// instead of each level's files being learnt of only once the level above has downloaded and run.
// The server answers a route with its page (server/http/spa.ts); index.html is the landing's page,
// and pages/404.html (the signed-in frame's "not here" screen) is what any other path gets.
//
// The stylesheet is written into each page (one <style>, about 9 KB compressed) rather than
// linked: a linked one is a request the first paint waits for, a whole round trip on a phone's
// network. The boot module is written in for the same reason (`bootScript`). A repeat visit takes
// every page from the service worker's precache, so nothing is downloaded twice.
import { dirname, resolve } from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { runnerImport, type Plugin, type Rollup } from 'vite';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../core/i18n/locales.ts';
import type { RouteHandle } from '../src/ui/app/routes';
import { REACT_DOM_CLIENT } from './chunkGroups.ts';
import { compiledWords } from './compileWords.ts';

const ROUTES_MODULE = resolve('src/ui/app/routes.tsx');
const PRERENDER_MODULE = resolve('src/ui/prerender.tsx');
/** The app's entry module (index.html names it for `npm run dev`) and the boot module that loads it in a built page. */
const MAIN_MODULE = resolve('src/ui/main.tsx');
export const BOOT_MODULE = resolve('src/ui/boot.ts');
/** A module script Vite wrote into index.html's head: the entry and what it imports. */
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/g;
/** Where the pages go in dist/, one `<path>.html` per route. */
export const ROUTE_PAGES_DIR = 'pages';
/** Where another language's pages go in dist/: `i18n/<locale>/index.html` and `i18n/<locale>/pages/<path>.html`. */
export const LANGUAGES_DIR = 'i18n';
const CATALOGUES_DIR = resolve('core/i18n/catalogues');
/** The page of every path the route table does not name (its catch-all), drawn at this path. */
export const NOT_FOUND_PAGE = '/404';
const ROOT = '<div id="root"></div>';
/** The web app manifest's link vite-plugin-pwa writes into index.html's head. */
const MANIFEST_LINK = /\s*<link rel="manifest" href="([^"]+)"[^>]*>/g;

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

/**
 * The boot module, written into the page: the app's entry to start and the files to fetch with it,
 * once the page has painted, and the web app manifest (where the build has one) the app links once
 * the page has loaded. Written in, not linked: a linked module is one more round trip before the
 * app can be asked for, and a page's paint was modelled as waiting for it (Lighthouse counts every
 * script that ran before the paint as the paint's). The CSP lets it run by its hash
 * (server/http/spa.ts reads it off the built page).
 */
function bootScript(code: string, entry: string, files: string[], manifest: string | undefined): string {
  const preload = files.filter((file) => file !== entry).map((file) => `/${file}`);
  const linked = manifest ? ` data-manifest="${manifest}"` : '';
  return `<script type="module" data-app="/${entry}" data-preload="${preload.join(' ')}"${linked}>${code}</script>`;
}

/** The scripts and stylesheets of the lazy levels `path` renders (its frames and its screen), or nothing for a path the table does not match. */
function routeFiles(this: Rollup.PluginContext, routes: RouteObject[], path: string, bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of matchRoutes(routes, path) ?? []) {
    const lazyModule = (match.route.handle as RouteHandle | undefined)?.module;
    if (lazyModule === undefined) continue;
    const file = resolve(dirname(ROUTES_MODULE), lazyModule);
    // A frames module is no chunk's facade: it goes into the chunk of what its pages share (scripts/chunkGroups.ts).
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === file) ??
      chunks.find((candidate) => candidate.moduleIds.includes(file));
    if (!chunk) this.error(`route ${path}: no chunk was built for ${lazyModule}`);
    closure(chunk, bundle, scripts, styles);
  }
  return { scripts, styles };
}

/** What every page shares, read off the index.html Vite wrote: the page without its scripts, and the boot module's tag less the route's own files. */
function appShell(this: Rollup.PluginContext, written: string, bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.moduleIds.includes(MAIN_MODULE));
  const boot = chunks.find((chunk) => chunk.facadeModuleId === BOOT_MODULE);
  const reactDom = chunks.find((chunk) => chunk.moduleIds.some((id) => REACT_DOM_CLIENT.test(id)));
  if (!entry || !boot || !reactDom)
    this.error(`the build has no chunk for ${!entry ? MAIN_MODULE : !boot ? BOOT_MODULE : 'React DOM'}`);
  if (boot.imports.length > 0 || boot.dynamicImports.length > 0)
    this.error(`${BOOT_MODULE} must import nothing: it is the one script a page holds`);
  // Text the HTML parser would read as the element's end, or as a comment that hides it.
  if (/<\/script|<!--/i.test(boot.code)) this.error(`${BOOT_MODULE} holds text that would end its <script> in a page`);
  // Written into every page, its file is never asked for: nothing to emit or to precache.
  delete bundle[boot.fileName];
  if (boot.sourcemapFileName) delete bundle[boot.sourcemapFileName];
  // What index.html loads (the entry and its imports) goes on the boot module's tag instead,
  // with React DOM, which the entry imports on its own.
  const entryScripts = [...[...written.matchAll(MODULE_SCRIPT)].map((match) => match[1]), reactDom.fileName];
  if (!entryScripts.includes(entry.fileName)) this.error(`index.html does not load the entry ${entry.fileName}`);
  // The manifest's link is not in the page: a browser fetches the manifest as soon as it sees one,
  // and with it an icon the manifest names (to judge whether the app can be installed), while a phone
  // on a slow link is still fetching the page it is about to paint. The app links the manifest itself
  // once the page has loaded, as it registers its service worker (src/ui/app/serviceWorker.ts). The
  // inspector's build has neither (scripts/offlineApp.ts).
  const manifests = [...written.matchAll(MANIFEST_LINK)].map((match) => match[1]);
  if (manifests.length > 1) this.error(`index.html links ${manifests.length} web app manifests, not one`);
  const index = written.replace(MODULE_SCRIPT, '').replace(MANIFEST_LINK, '');
  if (!index.includes(ROOT)) this.error(`index.html has no empty ${ROOT} to render the routes into`);
  // Each language's page says its own language in its place.
  if (!index.includes('<html lang="en">')) this.error('index.html does not open with <html lang="en">');
  // A stylesheet index.html already links needs no second link.
  const linked = new Set([...index.matchAll(/href="\/([^"]+\.css)"/g)].map((match) => match[1]));
  /** The head of the page of a route that loads `scripts` and `styles`. */
  const head = (scripts: Set<string>, styles: Set<string>) => [
    ...[...styles]
      .filter((file) => !linked.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    bootScript(boot.code, entry.fileName, [...new Set([...entryScripts, ...scripts])], manifests[0]),
  ];
  return { index, head };
}

/** Where the page of `path` in `locale` goes in dist/ (the server's choice, server/http/spa.ts). */
export function pageFile(locale: Locale, path: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `${LANGUAGES_DIR}/${locale}/`;
  return path === '/' ? `${prefix}index.html` : `${prefix}${ROUTE_PAGES_DIR}${path}.html`;
}

/** A language's catalogue chunk (none for English, whose words are the code's): its page loads it before hydrating. */
function catalogueFiles(this: Rollup.PluginContext, locale: Locale, bundle: Rollup.OutputBundle): string[] {
  if (locale === DEFAULT_LOCALE) return [];
  const file = resolve(CATALOGUES_DIR, `${locale}.ts`);
  const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId === file);
  if (!chunk) this.error(`the build has no chunk for the ${locale} catalogue`);
  return [chunk.fileName];
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
        const { index, head } = appShell.call(this, String(html.source), bundle);
        const { module } = await runnerImport<{ routes: RouteObject[] }>(ROUTES_MODULE, {
          configFile: false,
          logLevel: 'error',
        });
        const { module: renderer } = await runnerImport<{
          renderRoute: (path: string, locale: Locale) => Promise<string>;
        }>(PRERENDER_MODULE, {
          configFile: false,
          logLevel: 'error',
          plugins: [withoutStyles, compiledWords()],
        });
        const written = new Set<string>();
        for (const path of [...pathsOf(module.routes), NOT_FOUND_PAGE]) {
          const { scripts, styles } = routeFiles.call(this, module.routes, path, bundle);
          if (scripts.size === 0) continue;
          for (const locale of LOCALES) {
            const rendered = await renderer.renderRoute(path, locale);
            // The page's only script is the boot module: a rendered one would be refused by the CSP.
            if (/<script\b/i.test(rendered)) this.error(`route ${path}: the rendered HTML holds a <script>`);
            const files = new Set([...scripts, ...catalogueFiles.call(this, locale, bundle)]);
            const page = inlineStyles(
              index
                .replace('<html lang="en">', `<html lang="${locale}">`)
                // Replaced by functions: a `$` in the boot module's code or the page's text is no pattern.
                .replace('</head>', () => `\n    ${head(files, styles).join('\n    ')}\n  </head>`)
                .replace(ROOT, () => `<div id="root">${rendered}</div>`),
              bundle,
            );
            const fileName = pageFile(locale, path);
            // The landing's English page is index.html itself.
            if (fileName === 'index.html') html.source = page;
            else this.emitFile({ type: 'asset', fileName, source: page });
            // English's pages under the languages' folder too: the app puts the reader's language's
            // pages in the service worker's precache from there (src/ui/app/pagesInLanguage.ts).
            if (locale === DEFAULT_LOCALE)
              this.emitFile({ type: 'asset', fileName: `${LANGUAGES_DIR}/${locale}/${fileName}`, source: page });
          }
          written.add(path);
        }
        // index.html as Vite wrote it would load the app before its first paint.
        if (!written.has('/')) this.error('the route table has no lazy screen at /: index.html was not rendered');
      },
    },
  };
}
