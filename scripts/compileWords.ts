// A Vite build plugin (vite.config.ts): the app's words, made ready at build time.
// - Its English compiled. A message is written in the code as `/*i18n*/ { id, message }`
//   (core/i18n/words.ts) with its English text in ICU MessageFormat; the translator needs it
//   compiled (placeholders and choices parsed), and a production build ships no message compiler
//   (9 KB of it). So each literal's message is replaced by its compiled form, as the other
//   languages' catalogues are compiled by `npm run i18n`.
// - Its ids shortened. An id is written to be read by a translator (`buy.saved.rename`); the
//   browser only matches it against the catalogue's, so both are renamed to a short code, the
//   same in the code and in every catalogue of one build: a first visit carries hundreds of them.
// - Its catalogues trimmed to the app's messages: a message only the server says (an e-mail, a
//   text) is left out of what the browser downloads.
// Development and the tests keep the text and the ids: Lingui compiles them at run time there.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const MARK = '/*i18n*/';
/** A marked literal as the code writes it: the id, then the message as one quoted string. */
const LITERAL =
  /\/\*i18n\*\/\s*\{\s*id:\s*('[^'\n]+'|"[^"\n]+"),\s*message:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?\s*\}/g;
const SOURCES = /\/(core|src)\/.*\.tsx?$/;
const CATALOGUE = /\/core\/i18n\/catalogues\/[a-z]+\.ts$/;
/** The compiled catalogue module `npm run i18n` writes: one JSON text. */
const CATALOGUE_BODY = /JSON\.parse\(\s*('(?:[^'\\]|\\.)*')\s*,?\s*\)/;
const ENGLISH_CATALOGUE = resolve('core/i18n/catalogues/en.po');

/** Every message's short code, and which messages the app says (a PO entry names where each is said). */
export interface Ids {
  short: ReadonlyMap<string, string>;
  app: ReadonlySet<string>;
}

/** The ids of the English catalogue (every message, `npm run i18n` keeps it so), each given a short code. */
export function readIds(po = readFileSync(ENGLISH_CATALOGUE, 'utf8')): Ids {
  const entries = po.split(/\n\s*\n/).flatMap((entry) => {
    const id = /^msgid "((?:[^"\\]|\\.)+)"$/m.exec(entry)?.[1];
    const places = [...entry.matchAll(/^#: (.+)$/gm)].flatMap((line) => line[1].split(/\s+/));
    return id ? [{ id, places }] : [];
  });
  const ids = entries.map((entry) => entry.id).sort();
  return {
    short: new Map(ids.map((id, index) => [id, index.toString(36)])),
    app: new Set(entries.filter((entry) => entry.places.some((place) => /^(src|core)\//.test(place))).map((e) => e.id)),
  };
}

/** The source with each marked literal's message compiled and its id shortened; throws on one it cannot read. */
export function compileWords(source: string, file: string, ids: Ids): string {
  if (!source.includes(MARK)) return source;
  let compiled = 0;
  const out = source.replace(LITERAL, (_literal, quotedId: string, message: string) => {
    compiled += 1;
    const id = runInNewContext(quotedId) as string;
    const short = ids.short.get(id);
    if (short === undefined) throw new Error(`${file}: ${id} is in no catalogue (run npm run i18n)`);
    const text = runInNewContext(message) as string;
    const form = compileMessage(text) as unknown[];
    // A plain text stays text: the translator says it as it is (core/i18n/words.ts).
    const plain = form.length === 1 && typeof form[0] === 'string' && !/[{}]/.test(form[0]);
    return `${MARK} { id: ${JSON.stringify(short)}, message: ${JSON.stringify(plain ? form[0] : form)} }`;
  });
  // Every mark is a message the app says: one written any other way would ship uncompiled.
  const marks = source.split(MARK).length - 1;
  if (compiled !== marks)
    throw new Error(`${file}: ${marks - compiled} /*i18n*/ literal(s) not written { id: '…', message: '…' }`);
  return out;
}

/** A compiled catalogue module with the app's messages only, by their short codes. */
export function trimCatalogue(source: string, file: string, ids: Ids): string {
  const body = CATALOGUE_BODY.exec(source)?.[1];
  if (body === undefined) throw new Error(`${file}: not a compiled catalogue`);
  const messages = JSON.parse(runInNewContext(body) as string) as Record<string, unknown>;
  const kept = Object.fromEntries(
    Object.entries(messages)
      .filter(([id]) => ids.app.has(id))
      .map(([id, message]) => [ids.short.get(id), message]),
  );
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(kept))});\n`;
}

export function compiledWords(): Plugin {
  let ids: Ids | undefined;
  return {
    name: 'naira-wallet:compiled-words',
    // Before any other transform: the literals are found by their comment, which compilers drop.
    enforce: 'pre',
    buildStart: () => void (ids = readIds()),
    transform(code, id) {
      ids ??= readIds();
      if (CATALOGUE.test(id)) return { code: trimCatalogue(code, id, ids), map: null };
      return SOURCES.test(id) ? { code: compileWords(code, id, ids), map: null } : null;
    },
  };
}
