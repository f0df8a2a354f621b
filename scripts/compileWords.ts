// A Vite build plugin (vite.config.ts): the app's English, compiled at build time. A message is
// written in the code as `/*i18n*/ { id, message }` (core/i18n/words.ts) with its English text in
// ICU MessageFormat; the translator needs it compiled (placeholders and choices parsed), and a
// production build ships no message compiler (9 KB of it). So each such literal's message is
// replaced by its compiled form, as the other languages' catalogues are compiled by `npm run i18n`.
// Development and the tests keep the text: Lingui compiles it at run time there.
import { runInNewContext } from 'node:vm';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const MARK = '/*i18n*/';
/** A marked literal as the code writes it: the id, then the message as one quoted string. */
const LITERAL =
  /\/\*i18n\*\/\s*\{\s*id:\s*('[^'\n]+'|"[^"\n]+"),\s*message:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?\s*\}/g;
const SOURCES = /\/(core|src)\/.*\.tsx?$/;

/** The source with each marked literal's message compiled; throws on a marked literal it cannot read. */
export function compileWords(source: string, file: string): string {
  if (!source.includes(MARK)) return source;
  let compiled = 0;
  const out = source.replace(LITERAL, (_literal, id: string, message: string) => {
    compiled += 1;
    const text = runInNewContext(message) as string;
    return `${MARK} { id: ${id}, message: ${JSON.stringify(compileMessage(text))} }`;
  });
  // Every mark is a message the app says: one written any other way would ship uncompiled.
  const marks = source.split(MARK).length - 1;
  if (compiled !== marks) throw new Error(`${file}: ${marks - compiled} /*i18n*/ literal(s) not written { id: '…', message: '…' }`);
  return out;
}

export function compiledWords(): Plugin {
  return {
    name: 'naira-wallet:compiled-words',
    // Before any other transform: the literals are found by their comment, which compilers drop.
    enforce: 'pre',
    transform: (code, id) => (SOURCES.test(id) ? { code: compileWords(code, id), map: null } : null),
  };
}
