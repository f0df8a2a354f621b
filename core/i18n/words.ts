import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Locale } from './locales';

/** Turns an ICU text into Lingui's compiled form (its compiler's signature). */
type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0];

/**
 * A message as the code names it: an id that never changes once a catalogue holds it, and its
 * English text in ICU MessageFormat (`{name}` placeholders; counts through `select`, see
 * plurals.ts). The English text is the product's own wording, kept exactly; the catalogues of the
 * other languages are keyed by the id. A literal written `/*i18n*\/ { id, message }` is what
 * `npm run i18n` extracts.
 */
export interface Words {
  readonly id: string;
  readonly message: string;
}

/**
 * What fills a message's placeholders: text our code has already formatted (money as `₦1,234.50`,
 * dates, counts), never a number for the library to format: `Intl` misformats where a browser
 * lacks the language's data.
 */
export type Values = Readonly<Record<string, string | number>>;

/**
 * What a reader is shown, as a flow hands it to the view: text already in the reader's language
 * (the server's answer, said in the account's language), or words for the view to say in it.
 */
export type Wording = string | Words | { readonly words: Words; readonly values: Values };

export interface Translator {
  /** `words` in the current language, its placeholders filled; the English text where the catalogue lacks it. */
  t(words: Words, values?: Values): string;
  /** Puts a language's compiled catalogue in place (the server loads them all; the app the one it shows). */
  load(locale: Locale, messages: Messages): void;
}

/**
 * A translator over Lingui, one instance of it per language. `localeNow` says which language the
 * running work speaks: the app's one, or the request's on the server. `compile` turns an ICU text
 * into Lingui's compiled form where a message reaches it uncompiled (the server's English; the
 * app's build compiles its English beforehand, so that no compiler is shipped).
 */
export function createTranslator(localeNow: () => Locale, compile?: MessageCompiler): Translator {
  const instances = new Map<Locale, I18n>();
  const instanceOf = (locale: Locale): I18n => {
    let instance = instances.get(locale);
    if (!instance) {
      instance = setupI18n({ locale, messages: { [locale]: {} } });
      if (compile) instance.setMessagesCompiler(compile);
      instances.set(locale, instance);
    }
    return instance;
  };
  return {
    t: (words, values) => instanceOf(localeNow())._(words.id, values, { message: words.message }),
    load: (locale, messages) => instanceOf(locale).load(locale, messages),
  };
}
