// Two Vite build plugins (vite.config.ts) that take out of every page's first visit code that no
// page runs (`npm run size` holds the first visits to their budgets; what each took, gzip):
//   - react-router's production build, tree-shaken to what the app uses (1.4 KB off every page),
//     and without its warnings for developers (0.6 KB);
//   - Vite's preload helper reduced to what it does here (0.6 KB off every page).
import type { Plugin } from 'vite';

/** The files of react-router's production build (vite.config.ts points the package at it). */
const REACT_ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** A statement naming a component or context for React's developer tools: `Form.displayName = "Form";`. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** A component or context made by React: `var Form = React10.forwardRef(`. */
const MADE_BY_REACT = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;
/** A call of the package's console warnings for developers (`warning(cond, "…")`), not their definitions. */
const DEVELOPER_WARNING = /(?<!function )\b(warning|warningOnce)\(/g;

/**
 * react-router's build keeps, beside every component and context it makes, a statement that
 * names it for React's developer tools, and marks none of those calls pure. The bundler must then
 * keep every component the package defines, used or not, and all that each uses: the data
 * router's <Form> with its submission code, <ScrollRestoration>, the unstable history router.
 * Without the names (which only the developer tools show) and with the calls marked pure, what the
 * app never renders is left out, as it is from any other package. Its warnings to developers (a
 * misused hook, a malformed path: `console.warn` with a paragraph of advice) are marked pure too,
 * and so left out with their text: `npm run dev` runs the development build, which keeps them, and
 * no customer reads a console.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'naira-wallet:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_BUILD },
      handler(code) {
        const trimmed = code
          .replace(DISPLAY_NAME, '')
          .replace(MADE_BY_REACT, '= /* @__PURE__ */ $1')
          .replace(DEVELOPER_WARNING, '/* @__PURE__ */ $1(');
        return trimmed === code ? null : { code: trimmed, map: null };
      },
    },
  };
}

/** The module Vite wraps every lazy import of a build in (`__vitePreload(() => import(…), deps)`). */
const PRELOAD_HELPER = /^\0vite\/preload-helper\.js$/;
/** Vite's list of the files a lazy import preloads, written into a chunk only when one has some. */
const PRELOADED_FILES = '__vite__mapDeps';

/**
 * With `build.modulePreload` off and one stylesheet (vite.config.ts), a lazy import preloads
 * nothing: Vite's helper is then the import itself, and, should the import fail, a cancelable
 * `vite:preloadError` event on the window before the error is thrown. This helper does just that;
 * Vite's own also carries the code to preload scripts and stylesheets, which never runs here. A
 * build where some lazy import does preload a file (Vite lists them for it) fails instead.
 */
const PLAIN_LAZY_IMPORT = `export const __vitePreload = (load) => load().catch((error) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
});`;

export function plainLazyImports(): Plugin {
  return {
    name: 'naira-wallet:plain-lazy-imports',
    apply: 'build',
    transform: {
      filter: { id: PRELOAD_HELPER },
      handler: () => ({ code: PLAIN_LAZY_IMPORT, map: null }),
    },
    // The chunks as written, once Vite has filled in each lazy import's list.
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes(PRELOADED_FILES)) {
          this.error(`${file.fileName}: a lazy import preloads files, which plainLazyImports ignores`);
        }
      }
    },
  };
}
