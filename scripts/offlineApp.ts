// The installable, offline-capable app (vite.config.ts): vite-plugin-pwa builds the web app
// manifest and, with Workbox's generateSW, a service worker that precaches the app's own files
// (its pages, scripts, styles and icons) and caches nothing else: no API answer, token or
// anything of the user's ever enters a cache the worker controls (what the app keeps for
// offline use lives in its own storage and is forgotten on logout, src/api/kit/offlineCopy.ts).
// A new version waits until the user reloads through the app's prompt (registerType 'prompt').
import type { PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { LANGUAGES_DIR, ROUTE_PAGES_DIR } from './routePages.ts';

/** Our colours (src/ui/kit/global.css): the brand green, and the page's background. */
const THEME_COLOUR = '#008751';
const BACKGROUND = '#f5f7f6';

const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Naira Wallet',
  short_name: 'Naira Wallet',
  description: 'Pay for airtime, data, electricity, betting, cable TV and JAMB/WAEC pins from one naira wallet.',
  lang: 'en-NG',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND,
  categories: ['finance'],
  // Drawn from public/favicon.svg by `npm run icons` (scripts/icons.ts).
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The route pages (scripts/routePages.ts writes `pages/<route>.html`) are precached under their
 * routes, as the server answers them: a navigation to /dashboard is then answered from the
 * precache with that route's own page, whose prerendered HTML is the one its route hydrates.
 */
const PAGE = new RegExp(`^${ROUTE_PAGES_DIR}/(.+)\\.html$`);
const pagesAtTheirRoutes = async <Entry extends { url: string }>(entries: Entry[]) => ({
  manifest: entries.map((entry) => ({ ...entry, url: entry.url.replace(PAGE, '$1') })),
  warnings: [],
});

/** What the worker precaches: every file of this build's app (another entry's files stay out: see `globIgnores`). */
export const PRECACHED = ['**/*.{js,css,html,svg,png,woff2,webmanifest}'];

export function offlineApp(mode: string): PluginOption {
  return VitePWA({
    // The inspector's build is a development tool served beside the real app: no worker there.
    disable: mode === 'inspect',
    registerType: 'prompt',
    // src/ui/app/serviceWorker.ts registers it, once the page has loaded.
    injectRegister: false,
    manifest,
    workbox: {
      globPatterns: PRECACHED,
      // The other languages' pages (a visitor reads one language; the app redraws a precached
      // English page in theirs, src/ui/kit/language.ts), the build's own bookkeeping, the service worker's files themselves, and the operator
      // console's page and chunk: served only on the console's own port (OPS_PORT), they are not
      // found on the customer's origin, and one missing file fails the whole precache.
      globIgnores: [
        '.vite/**',
        '.inputs',
        `${LANGUAGES_DIR}/**`,
        'sw.js',
        'workbox-*.js',
        'console.html',
        'assets/console-*.js',
      ],
      manifestTransforms: [pagesAtTheirRoutes],
      // Any other path of the app gets the page the server gives it (its "not here" page).
      navigateFallback: '404',
      // The API, the development tools and the API's documentation are the server's, never the worker's.
      navigateFallbackDenylist: [/^\/(api|dev|docs)(\/|$)/, /\.[a-z0-9]+$/i],
      // A page is the same whatever its query (/reset?token=…, /reset-pin?from=…).
      ignoreURLParametersMatching: [/.*/],
      // Hashed file names are their own version: no cache-busting query needed.
      dontCacheBustURLsMatching: /^assets\//,
      cleanupOutdatedCaches: true,
      // Nothing is cached at run time: what is not precached goes to the network, or fails offline.
      runtimeCaching: [],
    },
  });
}
