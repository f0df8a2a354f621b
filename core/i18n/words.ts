import type { Locale } from './locales';

/**
 * A message compiled by Lingui's compiler (`npm run i18n` for the catalogues, the build for the
 * app's English): text, a placeholder `[name]`, or a choice `[name, 'select', cases]`. Nothing
 * else is written in our messages (formats are ours, and counts choose through `select`).
 */
export type Compiled = string | readonly Token[];
type Token = string | readonly [name: string, kind?: string, cases?: unknown];
/** A language's compiled catalogue, by message id. */
export type Catalogue = Readonly<Record<string, Compiled>>;
/** Lingui's compiler, where a message reaches the translator as ICU text (development, the tests, the server). */
export type MessageCompiler = (message: string) => unknown;

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

/** Says words in a language: the app's `t` for the reader's, or the product's English. */
export type Say = (words: Words, values?: Values) => string;

export interface Translator {
  /** `words` in the current language, its placeholders filled; the English text where the catalogue lacks it. */
  t(words: Words, values?: Values): string;
  /** Puts a language's compiled catalogue in place (the server loads them all; the app the one it shows). */
  load(locale: Locale, messages: Catalogue): void;
}

/** A compiled message with its placeholders filled and its choices made. */
function fill(message: Compiled, values: Values): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const token of message) {
    if (typeof token === 'string') text += token;
    else if (token[1] === undefined) text += String(values[token[0]] ?? '');
    else if (token[1] === 'select') {
      const cases = token[2] as Readonly<Record<string, Compiled>>;
      text += fill(cases[String(values[token[0]])] ?? cases.other ?? '', values);
    } else throw new Error(`a message uses "${String(token[1])}": only placeholders and select are ours`);
  }
  return text;
}

/**
 * The translator. `localeNow` says which language the running work speaks: the app's one, or the
 * request's on the server. Lingui's tools extract and compile the messages; reading the compiled
 * form is these few lines of ours, where Lingui's run time would add 2.2 KB to every page, most of
 * it formatting through `Intl`, which our messages must not use. `compile` turns an ICU text into
 * the compiled form where a message reaches it uncompiled (the server's English, development and
 * the tests; the app's build compiles its English beforehand, so that no compiler is shipped).
 */
export function createTranslator(localeNow: () => Locale, compile?: MessageCompiler): Translator {
  const catalogues = new Map<Locale, Catalogue>();
  const english = new Map<string, Compiled>();
  const englishOf = ({ id, message }: Words): Compiled => {
    // The build hands a compiled message in the text's place (scripts/compileWords.ts).
    if (typeof message !== 'string') return message as Compiled;
    let compiled = english.get(id);
    if (compiled === undefined) {
      if (compile) compiled = compile(message) as Compiled;
      else if (!/[{}]/.test(message)) compiled = message;
      else throw new Error(`message ${id} reached the translator uncompiled`);
      english.set(id, compiled);
    }
    return compiled;
  };
  return {
    t: (words, values = {}) => fill(catalogues.get(localeNow())?.[words.id] ?? englishOf(words), values),
    load: (locale, messages) => void catalogues.set(locale, { ...catalogues.get(locale), ...messages }),
  };
}
