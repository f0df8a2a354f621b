// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_CACHE, precachePagesIn } from '../../../src/ui/app/pagesInLanguage';

/** A cache of the Cache API, in memory, counting the entries it was asked for. */
class MemoryCache {
  readonly bodies = new Map<string, string>();
  matched = 0;
  async keys() {
    return [...this.bodies.keys()].map((url) => new Request(url));
  }
  async match(request: Request | string) {
    this.matched += 1;
    const body = this.bodies.get(urlOf(request));
    return body === undefined ? undefined : new Response(body);
  }
  async put(request: Request | string, response: Response) {
    this.bodies.set(urlOf(request), await response.text());
  }
}

const urlOf = (request: Request | string) =>
  new URL(typeof request === 'string' ? request : request.url, location.href).href;
const page = (lang: string, route: string) => `<!doctype html><html lang="${lang}"><title>${route}</title>`;
const at = (path: string) => new URL(path, location.href).href;

let stores: Map<string, MemoryCache>;
let precache: MemoryCache;
/** The server's copies of each page in each language; a route left out cannot be fetched (offline). */
let served: Set<string>;

function fetchFromServer(input: string) {
  const found = /^\/i18n\/([a-z]+)\/(?:pages(\/.*)\.html|index\.html)$/.exec(input);
  if (!found || !served.has(found[2] ?? '/index.html')) return Promise.reject(new TypeError('Failed to fetch'));
  return Promise.resolve(new Response(page(found[1], found[2] ?? '/index.html')));
}

beforeEach(() => {
  precache = new MemoryCache();
  stores = new Map([['workbox-precache-v2-http://localhost:3000/', precache]]);
  for (const route of ['/dashboard', '/airtime'])
    precache.bodies.set(at(`${route}?__WB_REVISION__=1`), page('en', route));
  precache.bodies.set(at('/index.html?__WB_REVISION__=1'), page('en', '/index.html'));
  precache.bodies.set(at('/assets/kit-abc123.js'), 'export {}');
  served = new Set(['/dashboard', '/airtime', '/index.html']);
  vi.stubGlobal('caches', {
    keys: async () => [...stores.keys()],
    open: async (name: string) => stores.get(name) ?? stores.set(name, new MemoryCache()).get(name)!,
  });
  vi.stubGlobal('fetch', vi.fn(fetchFromServer));
});

afterEach(() => vi.unstubAllGlobals());

const languageOf = (path: string) => /<html lang="([a-z]+)"/.exec(precache.bodies.get(at(path)) ?? '')?.[1];

describe("the precache's pages in the reader's language", () => {
  it('puts each page in the language, leaves scripts alone, and a later start reads only its note', async () => {
    expect(await precachePagesIn('yo')).toBe(3);
    expect(languageOf('/dashboard?__WB_REVISION__=1')).toBe('yo');
    expect(languageOf('/index.html?__WB_REVISION__=1')).toBe('yo');
    expect(precache.bodies.get(at('/assets/kit-abc123.js'))).toBe('export {}');

    precache.matched = 0;
    vi.mocked(fetch).mockClear();
    expect(await precachePagesIn('yo')).toBe(0);
    expect(precache.matched).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a page that could not be fetched is tried again at the next start', async () => {
    served.delete('/airtime');
    expect(await precachePagesIn('ha')).toBe(2);
    expect(languageOf('/airtime?__WB_REVISION__=1')).toBe('en');

    served.add('/airtime');
    expect(await precachePagesIn('ha')).toBe(1);
    expect(languageOf('/airtime?__WB_REVISION__=1')).toBe('ha');
  });

  it("a new version's page, precached in English, is put in the language at the next start", async () => {
    await precachePagesIn('ig');
    precache.bodies.delete(at('/airtime?__WB_REVISION__=1'));
    precache.bodies.set(at('/airtime?__WB_REVISION__=2'), page('en', '/airtime'));

    expect(await precachePagesIn('ig')).toBe(1);
    expect(languageOf('/airtime?__WB_REVISION__=2')).toBe('ig');
  });

  it('another language chosen puts every page in it, English too', async () => {
    await precachePagesIn('pcm');
    expect(await precachePagesIn('en')).toBe(3);
    expect(languageOf('/dashboard?__WB_REVISION__=1')).toBe('en');
  });

  it('storage cleared takes the note with it: the pages are looked at again', async () => {
    await precachePagesIn('yo');
    stores.delete(NOTE_CACHE);
    for (const path of ['/dashboard', '/airtime', '/index.html'])
      precache.bodies.set(at(`${path}?__WB_REVISION__=1`), page('en', path));

    expect(await precachePagesIn('yo')).toBe(3);
  });
});
