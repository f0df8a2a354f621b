/**
 * Writes docs/configuration.md's table of the server's variables from ENVIRONMENT in
 * server/config.ts (`npm run docs:config`); tests/api/platform/config.test.ts fails while the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENT, type Variable } from '../config';

const START = '<!-- configuration table: written by `npm run docs:config` from server/config.ts -->';
const END = '<!-- end of configuration table -->';

export function configurationTable(): string {
  const rows = Object.entries(ENVIRONMENT).map(
    ([name, { shown, meaning, requiredWhen }]: [string, Variable]) =>
      `| \`${name}\` | ${shown} | ${meaning}${requiredWhen === 'production' ? '; required in production' : ''} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The page with its table replaced by the one ENVIRONMENT describes. */
export function withConfigurationTable(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`docs/configuration.md needs the lines ${START} and ${END} around the configuration table`);
  return `${page.slice(0, start + START.length)}\n${configurationTable()}\n${page.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = fileURLToPath(new URL('../../docs/configuration.md', import.meta.url));
  writeFileSync(path, withConfigurationTable(readFileSync(path, 'utf8')));
}
