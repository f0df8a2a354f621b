import type { Locale } from './locales';
import type { Values } from './words';

/** The plural categories our languages use (CLDR): the others (zero, two, few, many) none of them has. */
export type PluralCategory = 'one' | 'other';

/**
 * CLDR's cardinal plural rules for our languages, for whole numbers, written here rather than
 * asked of `Intl.PluralRules`: a browser may ship no data for Pidgin and trimmed data for Hausa,
 * Yoruba and Igbo, and then answers with English's rule. Pidgin counts zero as one ("0 naira",
 * like "1 naira"); Hausa counts only one as one; Yoruba and Igbo do not inflect for number.
 */
const rules: Readonly<Record<Locale, (n: number) => PluralCategory>> = {
  en: (n) => (n === 1 ? 'one' : 'other'),
  pcm: (n) => (n === 0 || n === 1 ? 'one' : 'other'),
  ha: (n) => (n === 1 ? 'one' : 'other'),
  yo: () => 'other',
  ig: () => 'other',
};

/**
 * The category of a whole count in `locale`. A message that varies with a count is written with
 * ICU's `select` on the category our code passes beside the count (`{count_plural, select, one
 * {…} other {…}}`), never with `plural`, which would ask the browser.
 */
export function pluralCategory(locale: Locale, count: number): PluralCategory {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`a count is a whole number: ${count}`);
  return rules[locale](count);
}

/** A count and its plural category in `locale`, as a message's `{name}` and `{name_plural, select, …}` read them. */
export const counted = (locale: Locale, name: string, count: number): Values => ({
  [name]: String(count),
  [`${name}_plural`]: pluralCategory(locale, count),
});
