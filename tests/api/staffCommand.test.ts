import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../../server/db/database';
import { USAGE } from '../../scripts/staff';

/**
 * `npm run staff`: the first admin from the command line, before anyone can sign in. The command
 * runs as an operator runs it, in a process of its own, on an embedded database of its own.
 */
describe('npm run staff', () => {
  const script = fileURLToPath(new URL('../../scripts/staff.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'naira-staff-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (args: string[]) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env = { ...inherited, APP_MODE: 'development', DATA_DIR: dataDir, OPS_PUBLIC_URL: 'https://ops.example.test', LOG_LEVEL: 'silent' };
    return promisify(execFile)(process.execPath, [tsx, script, ...args], { env, timeout: 60_000 }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  };

  it('creates the first admin with a one-time invitation (written to a file), lists and disables it, and refuses what it does not know', async () => {
    const file = join(dataDir, 'invitation.txt');
    const created = await run(['create', '--email', 'Ada@Ops.test', '--name', 'Ada Obi', '--role', 'admin', '--invitation-file', file]);
    expect(created, created.stderr).toMatchObject({ code: 0 });
    expect(await readFile(file, 'utf8')).toMatch(/^https:\/\/ops\.example\.test\/setup#invitation=[A-Za-z0-9_-]{43}\n$/);
    expect((await run(['create', '--email', 'ada@ops.test', '--name', 'Ada again', '--role', 'admin'])).code).toBe(1);
    expect((await run(['list'])).stdout).toMatch(/ada@ops\.test\s+admin\s+invited/);
    expect((await run(['disable', '--email', 'ada@ops.test'])).stdout).toContain('disabled');
    expect((await run(['create', '--email', 'bola@ops.test', '--role', 'root'])).code).toBe(2);
    expect(await run(['promote'])).toMatchObject({ code: 2, stderr: `${USAGE}\n` });

    // The audit names the command line as the actor of each change.
    const database = await openEmbeddedDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const actions = await database.db.selectFrom('staff_audit').select(['action', 'actor']).orderBy('id').execute();
      expect(actions.map((row) => row.action)).toEqual(['staff.create', 'staff.update']);
      expect(actions[0].actor).toMatch(/^command line \(/);
    } finally {
      await database.close();
    }
  }, 120_000);
});
