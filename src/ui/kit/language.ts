import { useSyncExternalStore } from 'react';
import {
  cookieLocale,
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGE_COOKIE,
  LOCALES,
  type Locale,
} from '../../../core/i18n/locales';
import { compileInDevelopment } from '../../domain/kit/english';
import { createTranslator, type Catalogue, type Values, type Wording, type Words } from '../../../core/i18n/words';

// The language the app's screens speak, one at a time for the whole page. English needs no
// catalogue: its text is the code's own (compiled at build time, scripts/compileWords.ts);
// another language's catalogue is a chunk of its own, fetched only by those who read it.

let current: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();
const translator = createTranslator(() => current, compileInDevelopment);
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

const catalogues: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Catalogue }>> = {
  pcm: () => import('../../../core/i18n/catalogues/pcm'),
  ha: () => import('../../../core/i18n/catalogues/ha'),
  yo: () => import('../../../core/i18n/catalogues/yo'),
  ig: () => import('../../../core/i18n/catalogues/ig'),
};

/** `words` in the language the app speaks now, its placeholders filled. */
export const t = (words: Words, values?: Values): string => translator.t(words, values);

/** What a flow hands the view to show, in the app's language (text the server has said is shown as it is). */
export function say(wording: Wording): string {
  if (typeof wording === 'string') return wording;
  return 'words' in wording ? t(wording.words, wording.values) : t(wording);
}

/** The language the app speaks now. */
export const currentLanguage = (): Locale => current;

/** Fetches a language's catalogue, once. */
async function load(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { messages } = await catalogues[locale as Exclude<Locale, 'en'>]();
  translator.load(locale, messages);
  loaded.add(locale);
}

/**
 * Makes `locale` the app's language: its catalogue loaded, `<html lang>` and the cookie that asks
 * the server for pages in it, and every screen that speaks (useT) drawn again. Rejects, leaving
 * the language as it was, when its catalogue cannot be fetched (offline). `inCookie` is the
 * language the cookie names, when the caller has just read it.
 */
export async function speak(locale: Locale, inCookie?: Locale | null): Promise<void> {
  await load(locale);
  // Each only when it changes: a new `lang` restyles the whole page, on a slow phone a long task
  // before it can answer a tap.
  if (typeof document !== 'undefined') {
    if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
    if ((inCookie === undefined ? cookieLocale(document.cookie) : inCookie) !== locale)
      document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
}

/**
 * The language the cookie names, read without holding up the page where the browser can: reading
 * `document.cookie` waits on a round trip to the browser's network process, and on a page just
 * loaded that first read held the page's thread for 3 to 12 ms on a fast computer; the Cookie
 * Store API answers the same in a promise (Chrome; secure pages only). Elsewhere, `document.cookie`.
 */
async function cookieLanguage(): Promise<Locale | null> {
  if (typeof cookieStore !== 'undefined') {
    try {
      const value = (await cookieStore.get(LANGUAGE_COOKIE))?.value;
      return isLocale(value) ? value : null;
    } catch {
      // A page the browser will not let read its cookies this way (a sandboxed frame): the other way.
    }
  }
  return cookieLocale(document.cookie);
}

/**
 * Before the app draws: the visitor's chosen language (the cookie), else the page's. Answers
 * whether the page's HTML is in it, so that React may take it over as it is: the server answers
 * each visitor's page in their language (the page names its catalogue's chunk with the app's
 * files), but the service worker's precache holds the English pages only.
 */
export async function speakChosenLanguage(): Promise<boolean> {
  const page = document.documentElement.lang;
  const inCookie = await cookieLanguage();
  const chosen = inCookie ?? (isLocale(page) ? page : DEFAULT_LOCALE);
  // A catalogue that cannot be fetched (offline, and not yet cached) leaves the app in English.
  await speak(chosen, inCookie).catch(() => speak(DEFAULT_LOCALE, inCookie));
  return current === page;
}

/** Prerendering: every catalogue, fetched while the module runner that loads them is open. */
export const loadEveryLanguage = (): Promise<void[]> => Promise.all(LOCALES.map(load));

/** Prerendering: draws the next page in `locale` (each page is rendered whole before the next). */
export function renderIn(locale: Locale): void {
  if (!loaded.has(locale)) throw new Error(`the ${locale} catalogue is not loaded`);
  current = locale;
}

/** Calls `listener` whenever the app's language changes; answers the unsubscribe. */
export const onLanguageChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The language the app speaks; the component is drawn again when it changes. */
export const useLanguage = (): Locale => useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);

/** `t`, for a component that speaks: it is drawn again when the language changes. */
export function useT(): typeof t {
  useLanguage();
  return t;
}
