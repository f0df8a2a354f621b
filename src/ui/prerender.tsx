// Renders a route's first screen to HTML at build time (scripts/routePages.ts writes it into the
// route's page): the public pages whole, the signed-in ones as their frame with placeholders
// where the user's data goes (the session holds no user until the browser has hydrated the page
// and read storage). Run in Node through Vite's module runner, never shipped to the browser.
import type { RouteObject } from 'react-router-dom';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import type { Locale } from '../../core/i18n/locales';
import { routes, type RouteHandle } from './app/routes';
import { loadEveryLanguage, renderIn } from './kit/language';

const handles = (list: RouteObject[]): RouteHandle[] =>
  list.flatMap((route) => [...(route.handle ? [route.handle as RouteHandle] : []), ...handles(route.children ?? [])]);

// Every lazy module is loaded while this module is: the runner that loads it is closed by the
// time the pages are rendered. Loaded, each screen renders at once, as in the browser, whose
// page loads its route's modules before hydrating.
await Promise.all([...handles(routes).map((handle) => handle.preload()), loadEveryLanguage()]);

/**
 * The HTML of the app at `path`, in `locale`. A screen that fails to render fails the build: React
 * would otherwise leave its boundary for the browser to draw.
 */
export async function renderRoute(path: string, locale: Locale): Promise<string> {
  renderIn(locale);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <App />
    </StaticRouter>,
    // A page is written whole, its screen in place: past this many bytes React would move a screen
    // to the end of the page, in a hidden element and a script to put it back (the page's only
    // script is the boot module; a written one would be refused by the CSP).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length > 0) throw new Error(`prerendering ${path} failed`, { cause: errors[0] });
  return new Response(prelude).text();
}
