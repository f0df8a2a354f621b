import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../../../server/config';
import { startFakeMonnify } from '../../../testkit/fakes/monnifyServer';
import { FAKE_VTPASS_KEYS, startFakeVtpass } from '../../../testkit/fakes/vtpassServer';
import { createRuntimeRole } from '../../../testkit/runtimeRole';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../../server/db/database';
import { freePort } from '../../../testkit/freePort';
import { startTestApp } from './app';
import type { Backend } from './backends';
import { newBuyer, providerId } from './purchases';
import { eventually } from './eventually';
import { admin, copyMigratedPGlite, createMigratedDatabase, POSTGRES_URL, withDatabase } from './templates';

/**
 * The server started the way a container or a process manager starts it: `node --import tsx
 * server/main.ts`, no `npm start`, no NODE_ENV, no APP_MODE. Such a start is production.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** A cold start (tsx, then a fresh database and its migrations) takes a few seconds alone, far longer beside a full parallel test run. */
export const START_TIMEOUT_MS = 90_000;

/** Real secrets for a production start, made up for this run. */
export function productionSecrets() {
  return {
    TOKEN_KEY: randomBytes(32).toString('hex'),
    PIN_KEY: randomBytes(32).toString('hex'),
    // Never contacted: the tests send no mail.
    SMTP_URL: 'smtp://mailer:secret@127.0.0.1:1',
    CAPTCHA_SECRET: `0x4AAAAAAA${randomBytes(12).toString('hex')}`,
    PUBLIC_URL: 'https://wallet.example.ng',
    ...PRODUCTION_IDENTITY,
    ...PRODUCTION_SMS,
  };
}

/** Never contacted either: production refuses the simulated SMS sender. */
export const PRODUCTION_SMS = {
  SMS: 'termii',
  TERMII_API_KEY: 'TLnever-contacted-key',
  TERMII_SENDER_ID: 'NairaWallet',
  TERMII_BASE_URL: 'http://127.0.0.1:1',
};

/** Never contacted either: production refuses the simulated identity provider. */
export const PRODUCTION_IDENTITY = { IDENTITY: 'dojah', DOJAH_APP_ID: 'app-1', DOJAH_SECRET_KEY: 'prod_sk_0123456789' };

export type Secrets = ReturnType<typeof productionSecrets>;

/**
 * Real money rails for a production start (production refuses the simulated bank partner and
 * biller): the fake VTpass and the fake Monnify, in this process, answering as the real ones
 * document, Monnify with a live key (production refuses its test keys unless STAGING=yes) or,
 * for a staging start, a test one. `vtpass.holdPayments()` once the server is up keeps bills in
 * flight, with no timer, until `vtpass.releasePayments()`; `vtpass.held()` settles once one is held.
 */
export async function productionRails(keys: 'live' | 'test' = 'live') {
  const monnifyKeys = keys === 'live' ? { apiKey: 'MK_PROD_FAKE0001' } : {};
  const [vtpass, monnify] = await Promise.all([startFakeVtpass(), startFakeMonnify(monnifyKeys)]);
  return {
    vtpass,
    monnify,
    env: {
      BILLER: 'vtpass',
      VTPASS_BASE_URL: vtpass.url,
      VTPASS_API_KEY: FAKE_VTPASS_KEYS.apiKey,
      VTPASS_PUBLIC_KEY: FAKE_VTPASS_KEYS.publicKey,
      VTPASS_SECRET_KEY: FAKE_VTPASS_KEYS.secretKey,
      BANK_PARTNERS: 'monnify',
      MONNIFY_BASE_URL: monnify.url,
      MONNIFY_API_KEY: monnify.apiKey,
      MONNIFY_SECRET_KEY: monnify.secretKey,
      MONNIFY_CONTRACT_CODE: monnify.contractCode,
    },
    close: () => Promise.all([vtpass.close(), monnify.close()]).then(() => undefined),
  };
}

/** The same secrets as an in-process test configuration, so that a test app and a started server read each other's tokens and pins. */
export function secretsAsConfig(secrets: Secrets): Partial<Config> {
  const { config } = loadConfig({ APP_MODE: 'development', ...secrets });
  return { tokenKey: config.tokenKey, pinKey: config.pinKey, bankWebhookSecret: config.bankWebhookSecret };
}

export interface Started {
  exit: Promise<number | null>;
  output: () => string;
  /** SIGTERM, as a deploy sends it. */
  stop: () => void;
  /** SIGKILL: the process dies where it stands, as on a crash or an out-of-memory kill. */
  kill: () => void;
}

/** Only PATH and HOME from this process: vitest's NODE_ENV=test must not leak into the start. */
export function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exit, output: () => output, stop: () => child.kill('SIGTERM'), kill: () => child.kill('SIGKILL') };
}

export async function waitUntilListening(started: Started, port: number): Promise<void> {
  let exited = false;
  void started.exit.then(() => (exited = true));
  const state = async () => {
    if (exited) return 'exited';
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    return healthy ? 'up' : 'starting';
  };
  const reached = await eventually(state, (now) => now !== 'starting', {
    timeoutMs: START_TIMEOUT_MS,
    intervalMs: 200,
    context: started.output,
  });
  if (reached === 'exited') throw new Error(`the server did not start:\n${started.output()}`);
}

export interface Storage {
  /** On PostgreSQL, as production runs: DATABASE_URL a role of its own, MIGRATION_DATABASE_URL the owner. */
  env: Record<string, string>;
  /** The PostgreSQL database's URL, as its owner, when the storage is one. */
  databaseUrl?: string;
  dataDir: string;
  remove: () => Promise<void>;
}

/**
 * Where a started server keeps its data: a temporary folder, or a database on the PostgreSQL
 * server. Already migrated (a copy of the tests' migrated template: templates.ts), as a server
 * finds it on every start but its first; `fresh` leaves it empty, for the tests of a first start.
 */
export async function storage(backend: Backend['name'], { fresh = false } = {}): Promise<Storage> {
  const dataDir = await mkdtemp(join(tmpdir(), 'naira-production-start-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (backend === 'pglite') {
    if (!fresh) await copyMigratedPGlite(join(dataDir, 'pglite'));
    // Production refuses the embedded database unless told it runs there knowingly.
    return { env: { DATA_DIR: dataDir, EMBEDDED_DATABASE: 'yes' }, dataDir, remove: removeDir };
  }
  const name = `naira_start_${randomBytes(6).toString('hex')}`;
  if (fresh) await admin((client) => client.query(`CREATE DATABASE ${name}`));
  else await createMigratedDatabase(name);
  const url = withDatabase(POSTGRES_URL, name);
  const runtime = await createRuntimeRole(url);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: runtime.url, MIGRATION_DATABASE_URL: url },
    databaseUrl: url,
    dataDir,
    remove: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await runtime.drop();
      await removeDir();
    },
  };
}

/** The server's database, opened here (migrated already: storage() copies the migrated template). */
export async function openStorage(place: Storage): Promise<DatabaseHandle> {
  return place.databaseUrl
    ? openServerDatabase(place.databaseUrl)
    : await openEmbeddedDatabase({ dataDir: join(place.dataDir, 'pglite') });
}

export type Rails = Awaited<ReturnType<typeof productionRails>>;

export interface Customer {
  token: string;
  email: string;
  mtn: number;
}

/**
 * The customer, made by the app in process (development routes fund the wallet) with the
 * production server's keys, so that a started server accepts the session and the pin.
 */
export async function seedCustomer(backend: Backend['name'], place: Storage, secrets: Secrets): Promise<Customer> {
  const database = await openStorage(place);
  const seeding = await startTestApp({ name: backend, open: () => Promise.resolve(database) } satisfies Backend, {
    database,
    config: secretsAsConfig(secrets),
  });
  try {
    const buyer = await newBuyer(seeding, 20_000);
    return { token: buyer.token, email: buyer.email, mtn: await providerId(seeding, 'airtime', 'MTN') };
  } finally {
    await seeding.close();
  }
}

export interface Production {
  started: Started;
  base: string;
}

/** A production start on `place`; the bills go to the fake VTpass (production refuses the simulated rails). */
export async function startProduction(
  place: Storage,
  secrets: Secrets,
  rails: Rails,
  extra: Record<string, string> = {},
): Promise<Production> {
  const port = await freePort();
  const started = startServer({
    ...place.env,
    ...secrets,
    ...rails.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'info',
    RATE_LIMIT_MULTIPLIER: '100',
    ...extra,
  });
  await waitUntilListening(started, port);
  return { started, base: `http://127.0.0.1:${port}` };
}
