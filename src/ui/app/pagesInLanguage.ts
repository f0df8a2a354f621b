import type { Locale } from '../../../core/i18n/locales';

// The service worker precaches the English pages: four more sets would be downloaded by everyone
// for the few who read another language. A reader of another language would then open every page
// in English, until the app had drawn it again. So, once the worker is ready and whenever the
// language changes, the app puts that language's pages in the precache in place of English's, one
// page at a time, from the build's copies of each page in each language (`/i18n/<locale>/…`, never
// precached themselves, so the worker lets them through to the server). A page the precache holds
// in the language already is left alone; a page that cannot be fetched (offline) is tried again
// the next time the app starts, and a new version's pages, precached in English, likewise.
//
// A pass that left every page in the language notes so, with the precache's page entries as they
// were (each names its revision): the app starts on every visit, and reading each cached page to
// find its language again was most of the main thread's work after a slow phone's load. Until the
// language or a page's revision changes, the note is all a start reads. It lives in a cache of its
// own, so storage cleared or evicted takes it with the pages it speaks of.

/** Workbox's precache: its cache names begin so. */
const PRECACHE = /^workbox-precache/;
const PAGE_LANGUAGE = /<html lang="([a-z]+)"/;
/** The cache that holds the note, and the note's key in it. */
export const NOTE_CACHE = 'naira-wallet-pages-language';
const NOTE = '/pages-language';

/** The file of a precached page (`/dashboard`, `/index.html`) in `locale`, or null for what is no page. */
function pageFileIn(locale: Locale, path: string): string | null {
  if (path === '/index.html') return `/i18n/${locale}/index.html`;
  // Scripts, styles, icons, the manifest: a page is precached at its route, with no extension.
  if (/\.[a-z0-9]+$/i.test(path)) return null;
  return `/i18n/${locale}/pages${path}.html`;
}

interface PrecachedPage {
  cache: Cache;
  request: Request;
  /** Its copy in the language being put in. */
  file: string;
}

/** The precache's pages of this origin, with their copies in `locale`. */
async function precachedPages(locale: Locale): Promise<PrecachedPage[]> {
  const pages: PrecachedPage[] = [];
  for (const name of (await caches.keys()).filter((cacheName) => PRECACHE.test(cacheName))) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      const file = url.origin === location.origin ? pageFileIn(locale, url.pathname) : null;
      if (file !== null) pages.push({ cache, request, file });
    }
  }
  return pages;
}

/** What became of one precached page: put in the language, left as it was, or not fetched (offline). */
type PageOutcome = 'replaced' | 'kept' | 'unreachable';

/** Puts one page in its language unless it is already. */
async function putInLanguage({ cache, request, file }: PrecachedPage, locale: Locale): Promise<PageOutcome> {
  const cached = await cache.match(request);
  if (!cached || PAGE_LANGUAGE.exec(await cached.text())?.[1] === locale) return 'kept';
  const page = await fetch(file, { credentials: 'same-origin' }).catch(() => null);
  if (!page?.ok) return 'unreachable';
  await cache.put(request, page);
  return 'replaced';
}

/** Puts `locale`'s pages in the service worker's precache; answers how many it replaced. */
export async function precachePagesIn(locale: Locale): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const pages = await precachedPages(locale);
  if (pages.length === 0) return 0;
  const note = [locale, ...pages.map(({ request }) => request.url)].join('\n');
  const notes = await caches.open(NOTE_CACHE);
  if ((await (await notes.match(NOTE))?.text()) === note) return 0;
  let replaced = 0;
  let complete = true;
  for (const page of pages) {
    const outcome = await putInLanguage(page, locale);
    if (outcome === 'unreachable') complete = false;
    else if (outcome === 'replaced') replaced += 1;
  }
  if (complete) await notes.put(NOTE, new Response(note));
  return replaced;
}
