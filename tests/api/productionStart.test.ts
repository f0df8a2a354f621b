import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, backends, type Backend } from './support/backends';

/**
 * The server started the way a container or a process manager starts it: `node --import tsx
 * server/main.ts`, no `npm start`, no NODE_ENV, no APP_MODE. Such a start is production.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A cold start (tsx, then a fresh database and its migrations) takes a few seconds alone, far longer beside a full parallel test run. */
const START_TIMEOUT_MS = 90_000;

const SECRETS = {
  TOKEN_KEY: randomBytes(32).toString('hex'),
  PIN_KEY: randomBytes(32).toString('hex'),
  BANK_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
  // Never contacted: the test sends no mail.
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:1',
  CAPTCHA_SECRET: `0x4AAAAAAA${randomBytes(12).toString('hex')}`,
  PUBLIC_URL: 'https://wallet.example.ng',
};
/** Never contacted either: production refuses the simulated identity provider. */
const IDENTITY_PROVIDER = { IDENTITY: 'dojah', DOJAH_APP_ID: 'app-1', DOJAH_SECRET_KEY: 'prod_sk_0123456789' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Started {
  exit: Promise<number | null>;
  output: () => string;
  stop: () => void;
}

/** Only PATH and HOME from this process: vitest's NODE_ENV=test must not leak into the start. */
function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exit, output: () => output, stop: () => child.kill('SIGTERM') };
}

async function waitUntilListening(started: Started, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  void started.exit.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${started.output()}`);
}

/** Where the started server keeps its data: a temporary folder, or a fresh database on the PostgreSQL server. */
async function storage(backend: Backend['name']): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'naira-production-start-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (backend === 'pglite') return { env: { DATA_DIR: dataDir }, remove: removeDir };
  const name = `naira_start_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    remove: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeDir();
    },
  };
}

describe.each(backends)('a start with no mode chosen, on $name', ({ name: backend }) => {
  let place: Awaited<ReturnType<typeof storage>>;
  beforeAll(async () => {
    place = await storage(backend);
  });
  afterAll(() => place.remove());

  it('refuses to start without real secrets, naming every missing one in one message', async () => {
    const started = startServer({ ...place.env, PORT: String(await freePort()) });
    expect(await started.exit).toBe(1);
    const output = started.output();
    expect(output).toContain('Naira Wallet cannot start: invalid configuration:');
    for (const name of Object.keys(SECRETS)) expect(output).toContain(`${name} must be set in production`);
    expect(output).toContain('This is a production start: APP_MODE is not `development`');
    expect(output).not.toContain('running at');
  }, START_TIMEOUT_MS);

  it('refuses the development keys even when every other secret is real', async () => {
    const developmentKey = (label: string) => createHash('sha256').update(`naira-wallet development ${label}`).digest('hex');
    const started = startServer({ ...place.env, ...SECRETS, PORT: String(await freePort()), TOKEN_KEY: developmentKey('token key'), BANK_WEBHOOK_SECRET: developmentKey('bank webhook secret') });
    expect(await started.exit).toBe(1);
    expect(started.output()).toMatch(/TOKEN_KEY must not be the development key: it is public[\s\S]*BANK_WEBHOOK_SECRET must not be the development key: it is public/);
  }, START_TIMEOUT_MS);

  it('starts with every real secret and mounts no /dev/* path', async () => {
    const port = await freePort();
    const started = startServer({ ...place.env, ...SECRETS, ...IDENTITY_PROVIDER, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn' });
    try {
      await waitUntilListening(started, port);
      expect(started.output()).toContain('in production mode');
      expect(started.output()).not.toMatch(/demo account|development mailbox|simulated bank transfer/);
      const base = `http://127.0.0.1:${port}`;
      const mailbox = await fetch(`${base}/dev/mailbox?to=demo@nairawallet.test`);
      expect(mailbox.status).toBe(404);
      const transfer = await fetch(`${base}/dev/bank/transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_number: '0123456789', amount: 10_000_000 }),
      });
      expect(transfer.status).toBe(404);
      expect(transfer.headers.get('strict-transport-security')).toContain('max-age=31536000');
      // No demo account either: its published password opens nothing.
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ device: 'web', email: 'demo@nairawallet.test', password: 'Demo-pass-2026' }),
      });
      expect(login.status).toBe(401);
    } finally {
      started.stop();
    }
    expect(await started.exit).toBe(0);
  }, 2 * START_TIMEOUT_MS);
});
