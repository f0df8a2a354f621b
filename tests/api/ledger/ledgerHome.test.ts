import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
/** The ledger module: its movements and reads, and the audit that checks them. */
const LEDGER_MODULE = new Set(['server/services/ledger/ledger.ts', 'server/services/ledger/ledgerAudit.ts']);
/** The schema's own description of the tables, made by the migrations and generated from them. */
const SCHEMA = /^server\/db\/(migrations\/|generated\.ts$)/;

const serverFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file.endsWith('.ts') && !SCHEMA.test(file));

/**
 * Money moves only through the ledger, and only the ledger knows how it is kept: a file elsewhere
 * that wrote or read the ledger's tables, or named the clearing account, could move money (or
 * report it) by rules of its own that the ledger's guards and tests never see.
 */
describe('the ledger module', () => {
  it('is the only server file that names the ledger tables or the clearing account', () => {
    const outside = serverFiles()
      .filter((file) => !LEDGER_MODULE.has(file))
      .filter((file) => /\bledger_(entries|movements)\b|'clearing'/.test(readFileSync(join(root, file), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('is found by the scan (a scan that read nothing would pass anything)', () => {
    const files = serverFiles();
    expect(files).toContain('server/services/ledger/ledger.ts');
    expect(readFileSync(join(root, 'server/services/ledger/ledger.ts'), 'utf8')).toMatch(/\bledger_entries\b/);
  });
});
