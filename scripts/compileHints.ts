// A Vite build plugin (vite.config.ts) that asks Chrome to compile the app's code as it downloads
// rather than as it first runs.
//
// V8 compiles a function the first time it is called, on the main thread, unless told otherwise:
// a page's start (running each chunk, hydrating, starting the machines) then pays for compiling
// nearly every function it calls, in the middle of its tasks. Traced on the low-tier phone of the
// Lighthouse gate, lazy compilation was 40–65% of each long task after the first paint. A file
// that begins with the magic comment `//# allFunctionsCalledOnLoad` (V8's explicit compile hints,
// Chrome 136 and later) is compiled whole while it streams in, on a background thread; other
// browsers read a comment. Every chunk of the customer app but the catalogues (data, no
// functions) and the operator console's own carries it: each is downloaded when a page is about
// to run it, and runs most of it.
import type { Plugin } from 'vite';

/** The comment V8 reads at the very start of a file, before anything else. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** A language's catalogue (core/i18n/catalogues): its messages as data, nothing to compile. */
const CATALOGUE = /[\\/]core[\\/]i18n[\\/]catalogues[\\/][^\\/]+$/;
/** The operator console's own chunk (scripts/chunkGroups.ts), which no customer page loads. */
const CONSOLE_CHUNK = 'console';

interface ChunkFacts {
  name: string;
  facadeModuleId: string | null;
}

/** Whether a chunk of the build starts with the compile hint. */
export function wantsCompileHint({ name, facadeModuleId }: ChunkFacts): boolean {
  if (name === CONSOLE_CHUNK) return false;
  return facadeModuleId === null || !CATALOGUE.test(facadeModuleId);
}

export function compileHints(): Plugin {
  return {
    name: 'naira-wallet:compile-hints',
    apply: 'build',
    // After the minifier, which would drop a comment: the chunks as they will be written.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && wantsCompileHint(file) && !file.code.startsWith(COMPILE_HINT))
          file.code = COMPILE_HINT + file.code;
      }
    },
  };
}
