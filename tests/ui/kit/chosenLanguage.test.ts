// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, speak, speakChosenLanguage } from '../../../src/ui/kit/language';

/** Watches `document.cookie`: each read and each write, passed on to jsdom's own. */
function watchCookie() {
  const own = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const reads = vi.fn();
  const writes = vi.fn();
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      reads();
      return own.get!.call(document) as string;
    },
    set(value: string) {
      writes(value);
      own.set!.call(document, value);
    },
  });
  return { reads, writes };
}

/** A Cookie Store that holds `cookies` (name → value), as Chrome's answers a page. */
const cookieStoreWith = (cookies: Record<string, string>) => ({
  get: vi.fn(async (name: string) => (name in cookies ? { name, value: cookies[name] } : null)),
});

describe('the language the app starts in', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    delete (document as { cookie?: string }).cookie;
    document.cookie = 'lang=; Max-Age=0; Path=/';
    document.documentElement.lang = 'en';
    await speak('en');
  });

  it('reads the cookie through the Cookie Store where the browser has one, never through document.cookie', async () => {
    document.documentElement.lang = 'en';
    const store = cookieStoreWith({ lang: 'ha' });
    vi.stubGlobal('cookieStore', store);
    const cookie = watchCookie();

    const pageInLanguage = await speakChosenLanguage();

    expect(store.get).toHaveBeenCalledWith('lang');
    expect(cookie.reads).not.toHaveBeenCalled();
    expect(currentLanguage()).toBe('ha');
    expect(document.documentElement.lang).toBe('ha');
    // The cookie already names Hausa: it is not written again.
    expect(cookie.writes).not.toHaveBeenCalled();
    // An English page in a Hausa reader's browser is drawn anew rather than hydrated.
    expect(pageInLanguage).toBe(false);
  });

  it('takes the page’s language when the Cookie Store holds no choice, and writes the cookie for it', async () => {
    document.documentElement.lang = 'yo';
    vi.stubGlobal('cookieStore', cookieStoreWith({ other: 'x' }));
    const cookie = watchCookie();

    expect(await speakChosenLanguage()).toBe(true);

    expect(currentLanguage()).toBe('yo');
    expect(cookie.reads).not.toHaveBeenCalled();
    expect(cookie.writes).toHaveBeenCalledWith('lang=yo; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('ignores a cookie naming a language the app does not speak', async () => {
    document.documentElement.lang = 'en';
    vi.stubGlobal('cookieStore', cookieStoreWith({ lang: 'fr' }));

    expect(await speakChosenLanguage()).toBe(true);
    expect(currentLanguage()).toBe('en');
  });

  it('reads document.cookie where there is no Cookie Store (Firefox, a page not served securely)', async () => {
    document.documentElement.lang = 'en';
    document.cookie = 'lang=ig; Path=/';
    const cookie = watchCookie();

    expect(await speakChosenLanguage()).toBe(false);

    expect(cookie.reads).toHaveBeenCalledTimes(1);
    expect(currentLanguage()).toBe('ig');
    expect(cookie.writes).not.toHaveBeenCalled();
  });

  it('falls back to document.cookie when the Cookie Store refuses the page', async () => {
    document.documentElement.lang = 'en';
    document.cookie = 'lang=pcm; Path=/';
    vi.stubGlobal('cookieStore', {
      get: vi.fn(async () => Promise.reject(new DOMException('denied', 'SecurityError'))),
    });

    await speakChosenLanguage();

    expect(currentLanguage()).toBe('pcm');
  });
});
