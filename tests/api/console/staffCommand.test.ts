import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../../../server/db/database';
import { USAGE } from '../../../server/cli/staff';
import { startSmtpServer } from '../../support/api/smtpServer';

/**
 * `npm run staff`: the first admin from the command line, before anyone can sign in. The command
 * runs as an operator runs it, in a process of its own, on an embedded database of its own.
 */
describe('npm run staff', () => {
  const script = fileURLToPath(new URL('../../../server/cli/staff.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'naira-staff-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (args: string[], extra: Record<string, string> = {}) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const settings = { APP_MODE: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const env = { ...inherited, ...settings, OPS_PUBLIC_URL: 'https://ops.example.test', ...extra };
    return promisify(execFile)(process.execPath, [tsx, script, ...args], { env, timeout: 60_000 }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  };

  it('creates the first admin with a one-time invitation (written to a file), lists and disables it, and refuses what it does not know', async () => {
    const file = join(dataDir, 'invitation.txt');
    const created = await run([
      'create',
      '--email',
      'Ada@Ops.test',
      '--name',
      'Ada Obi',
      '--role',
      'admin',
      '--invitation-file',
      file,
    ]);
    expect(created, created.stderr).toMatchObject({ code: 0 });
    expect(await readFile(file, 'utf8')).toMatch(
      /^https:\/\/ops\.example\.test\/setup#invitation=[A-Za-z0-9_-]{43}\n$/,
    );
    // Without a mail server the owner cannot be told, and the operator is told so.
    expect(created.stdout).toContain('ada@ops.test was not told by e-mail: SMTP_URL is not set');
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

  it('tells the owner of an account it creates or resets by e-mail when the server mails, never the link', async () => {
    const smtp = await startSmtpServer();
    try {
      const file = join(dataDir, 'bola-invitation.txt');
      const mail = { SMTP_URL: smtp.url };
      const bola = ['--email', 'bola@ops.test', '--invitation-file', file];
      const created = await run(['create', ...bola, '--name', 'Bola Ade', '--role', 'finance'], mail);
      expect(created, created.stderr).toMatchObject({ code: 0 });
      expect(created.stdout).toContain('bola@ops.test was told by e-mail (without the link)');
      const reset = await run(['reset', ...bola], mail);
      expect(reset, reset.stderr).toMatchObject({ code: 0 });
      const bolaOnly = ['RCPT TO:<bola@ops.test>'];
      expect(smtp.received.map((message) => message.to)).toEqual([bolaOnly, bolaOnly]);
      expect(smtp.received[0].data).toContain('Subject: Your Naira Wallet console account was created');
      expect(smtp.received[1].data).toContain('Subject: Your Naira Wallet console sign-in was reset');
      // The link is the operator's to hand over: it is in the file, in no mail.
      const link = (await readFile(file, 'utf8')).trim();
      for (const message of smtp.received) {
        expect(message.data).not.toContain(new URL(link).hash.slice(1));
        expect(message.data).not.toMatch(/invitation=/);
      }
    } finally {
      await smtp.close();
    }
  }, 120_000);
});
