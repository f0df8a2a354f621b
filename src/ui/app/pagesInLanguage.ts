import type { Locale } from '../../../core/i18n/locales';

// The service worker precaches the English pages: four more sets would be downloaded by everyone
// for the few who read another language. A reader of another language would then open every page
// in English, until the app had drawn it again. So, once the worker is ready and whenever the
// language changes, the app puts that language's pages in the precache in place of English's, one
// page at a time, from the build's copies of each page in each language (`/i18n/<locale>/…`, never
// precached themselves, so the worker lets them through to the server). A page the precache holds
// in the language already is left alone; a page that cannot be fetched (offline) is tried again
// the next time the app starts, and a new version's pages, precached in English, likewise.

/** Workbox's precache: its cache names begin so. */
const PRECACHE = /^workbox-precache/;
const PAGE_LANGUAGE = /<html lang="([a-z]+)"/;

/** The file of a precached page (`/dashboard`, `/index.html`) in `locale`, or null for what is no page. */
function pageFileIn(locale: Locale, path: string): string | null {
  if (path === '/index.html') return `/i18n/${locale}/index.html`;
  // Scripts, styles, icons, the manifest: a page is precached at its route, with no extension.
  if (/\.[a-z0-9]+$/i.test(path)) return null;
  return `/i18n/${locale}/pages${path}.html`;
}

/** Puts `locale`'s pages in the service worker's precache; answers how many it replaced. */
export async function precachePagesIn(locale: Locale): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  let replaced = 0;
  for (const name of (await caches.keys()).filter((cacheName) => PRECACHE.test(cacheName))) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      const file = url.origin === location.origin ? pageFileIn(locale, url.pathname) : null;
      if (file === null) continue;
      const cached = await cache.match(request);
      if (!cached || PAGE_LANGUAGE.exec(await cached.text())?.[1] === locale) continue;
      const page = await fetch(file, { credentials: 'same-origin' }).catch(() => null);
      if (!page?.ok) continue;
      await cache.put(request, page);
      replaced += 1;
    }
  }
  return replaced;
}
