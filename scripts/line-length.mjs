// `npm run lint`'s last check: no line of the shipped code (src/, server/, core/) is wider than
// Prettier's print width. Prettier breaks code at that width but never a string, a comment or a
// template literal, so its own check lets a long one through. Migrations (SQL) stay as they were
// applied, since their checksums are stored, server/db/generated.ts as kysely-codegen writes it, and
// the compiled message catalogues (core/i18n/catalogues/*.ts) as `npm run i18n` writes them. A
// message's English (`message: '…'` in a `/*i18n*/ { id, message }` literal) is one literal, as the
// extraction and the build read it: a translator translates the whole sentence, never pieces.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import prettierConfig from '../prettier.config.js';

const FOLDERS = ['src', 'server', 'core'];
const CHECKED = /\.(ts|tsx|js|mjs|css)$/;
const GENERATED = new Set([join('server', 'db', 'generated.ts')]);
const COMPILED_CATALOGUE = /^core\/i18n\/catalogues\/[a-z]+\.ts$/;
const width = prettierConfig.printWidth;
/** A line that holds only a message's English (or its whole one-line Words literal)… */
const MESSAGE_LINE = /^\s*(\/\*i18n\*\/ \{ id: '[^']+', )?message: ('[^']*'|"[^"]*")( \})?,?\s*$/;
/** …or only its quoted text, Prettier having put it below `message:`. */
const QUOTED_LINE = /^\s*('[^']*'|"[^"]*"),?\s*$/;
const isMessage = (lines, index) =>
  MESSAGE_LINE.test(lines[index]) || (QUOTED_LINE.test(lines[index]) && /message:\s*$/.test(lines[index - 1] ?? ''));

const tooWide = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => CHECKED.test(path) && !GENERATED.has(path) && !COMPILED_CATALOGUE.test(path))
    .flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index, lines) => {
          const columns = [...line].length;
          return columns > width && !isMessage(lines, index) ? [`${path}:${index + 1}: ${columns} columns`] : [];
        }),
    ),
);
if (tooWide.length > 0) {
  console.error(`Lines wider than ${width} columns (split the string or the comment):\n${tooWide.join('\n')}`);
  process.exit(1);
}
