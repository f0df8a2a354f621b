import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * `npm run paths`, as a QA engineer runs it (docs/testing.md, "Path tests for QA"): the script under
 * tsx's command line, started directly rather than through npx, which would add an npm process to each run.
 */
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const run = async (...args: string[]) =>
  (await promisify(execFile)(process.execPath, [tsx, 'scripts/paths.ts', ...args], { maxBuffer: 64 * 1024 * 1024 }))
    .stdout;

/** A CSV line's cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  const found: string[] = [];
  for (const match of line.matchAll(/("((?:[^"]|"")*)"|[^,]*)(,|$)/g)) {
    if (match.index === line.length && match[0] === '') break;
    found.push(match[2] !== undefined ? match[2].replaceAll('""', '"') : match[1]);
  }
  return found;
}

describe('npm run paths', { timeout: 120_000 }, () => {
  it('lists every machine with non-zero counts, and the transitions its paths take', async () => {
    const rows = JSON.parse(await run('--json')) as {
      name: string;
      states: number;
      transitions: number;
      shortestPaths: number;
      simplePaths: number;
      covered: number;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      expect(row.states, row.name).toBeGreaterThan(0);
      expect(row.transitions, row.name).toBeGreaterThan(0);
      expect(row.shortestPaths, row.name).toBeGreaterThan(0);
      expect(row.simplePaths, row.name).toBeGreaterThan(0);
      expect(row.covered, row.name).toBeGreaterThan(0);
    }
    const table = await run();
    for (const { name } of rows) expect(table).toMatch(new RegExp(`^${name}\\s+\\d+`, 'm'));
  });

  it('prints the purchase paths as numbered steps in words: the pin dialog’s wrong pin and a merchant verification among them', async () => {
    const text = await run('purchase');
    expect(text).toMatch(/^1\. ends in /m);
    expect(text).toMatch(/^ {3}1\. product\.available \+ flow\.editing \+ recent\.loading → the recent call answers/m);
    expect(text).toContain('the purchase call answers: pin-incorrect');
    expect(text).toContain('type the transaction pin <pin> and submit it');
    expect(text).toMatch(/the merchant check answers: ADA OBI for \d+/);
    expect(text).not.toMatch(/\b2580\b/);
  });

  it('exports one CSV row per step, and JSON, that parse', async () => {
    const [header, ...rows] = (await run('login', '--csv')).trim().split('\n');
    expect(cells(header)).toEqual(['machine', 'traversal', 'path', 'step', 'from', 'action', 'event', 'payload', 'to']);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const [machine, , path, step, , , event, payload] = cells(row);
      expect(machine).toBe('login');
      expect(Number(path)).toBeGreaterThan(0);
      expect(Number(step)).toBeGreaterThan(0);
      expect(event).toMatch(/^(login\.|xstate\.)/);
      expect(() => JSON.parse(payload)).not.toThrow();
    }
    // The password typed is a placeholder in every export.
    expect(rows.join('\n')).not.toContain('Secret-123');

    const paths = JSON.parse(await run('login', '--json', '--simple', '--to', 'loggedIn')) as {
      ends: string;
      steps: { action: string }[];
    }[];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.ends).toBe('loggedIn');
  });
});
