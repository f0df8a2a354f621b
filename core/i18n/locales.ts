/**
 * The languages the app speaks: English (the product's own wording, the default) and the four a
 * Nigerian customer is most likely to read best. Codes are BCP 47 (ISO 639): `pcm` is Nigerian
 * Pidgin.
 */
export const LOCALES = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** How the picker names each language: in itself first, then in English for whoever reads along. */
export const languageNames: Readonly<Record<Locale, { own: string; english: string }>> = {
  en: { own: 'English', english: 'English' },
  pcm: { own: 'Naijá', english: 'Nigerian Pidgin' },
  ha: { own: 'Hausa', english: 'Hausa' },
  yo: { own: 'Yorùbá', english: 'Yoruba' },
  ig: { own: 'Igbo', english: 'Igbo' },
};

/**
 * Who reviewed each language's catalogue as a native speaker, as its PO file's `X-Reviewed-By`
 * header records it (a test holds the two together): until then the picker marks the language
 * "beta". English is the product's own wording.
 */
export const languageReviews: Readonly<Record<Locale, string | null>> = {
  en: 'the product team',
  pcm: null,
  ha: null,
  yo: null,
  ig: null,
};

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The first of a visitor's languages, most preferred first, that the app speaks, matched on the
 * language alone (`en-NG`, `yo-NG` and `ha-Latn-NG` are English, Yoruba and Hausa); English when
 * none is.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** At most this many entries of an Accept-Language header are read: the header is the client's to fill. */
const MAX_RANGES = 20;

/** The header's language ranges by their weight (`q`), highest first; the header's order breaks ties. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, MAX_RANGES)
    .map((part, order) => {
      const [range = '', ...parameters] = part.split(';');
      const q = parameters.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { range: range.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ range, weight }) => range !== '' && range !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ range }) => range);
}

/**
 * The cookie that remembers a visitor's chosen language (the picker's, or the account's once
 * signed in), so that the server answers a page already in it. It says nothing about the visitor
 * but the language, so it is readable by the app, which writes it.
 */
export const LANGUAGE_COOKIE = 'lang';

/** The language a `Cookie` header names in LANGUAGE_COOKIE, if it names one the app speaks. */
export function cookieLocale(header: string | undefined): Locale | null {
  const value = (header ?? '')
    .split(';')
    .slice(0, MAX_RANGES * 5)
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLocale(value) ? value : null;
}

/** The language a page is served in: the visitor's choice (the cookie), else their browser's first the app speaks. */
export const pageLocale = (cookie: string | undefined, acceptLanguage: string | undefined): Locale =>
  cookieLocale(cookie) ?? pickLocale(acceptedLanguages(acceptLanguage));
