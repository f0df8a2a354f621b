import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrate, readMigrations } from '../../../server/db/migrate';
import { PGliteDialect } from '../../../server/db/pgliteDialect';
import type { Schema } from '../../../server/db/schema';
import { eventually } from './eventually';

/**
 * The API suite runs on both back ends: PGlite (always) and a PostgreSQL server at
 * TEST_DATABASE_URL, each test file in a database of its own. Without a reachable server the
 * suite runs on PGlite only — unless CI or REQUIRE_POSTGRES is set, where backends.test.ts fails.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database; close() also deletes it. `max` sizes a PostgreSQL pool (default 5). */
  open(options?: { max?: number }): Promise<DatabaseHandle>;
}

/**
 * A migrated PGlite data folder, dumped once and kept in the temp folder under a key of the
 * PGlite version and the migrations: starting from it takes a fraction of a fresh initdb.
 */
async function migratedTemplate(): Promise<Blob> {
  const migrations = await readMigrations();
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(await readFile(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as { version: string };
  const key = createHash('sha256').update([version, ...migrations.map((m) => m.checksum)].join()).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `naira-wallet-pglite-${key}.tar`);
  if (existsSync(file)) return new Blob([await readFile(file)]);

  const pglite = await PGlite.create();
  const db = new Kysely<Schema>({ dialect: new PGliteDialect(pglite) });
  await migrate(db, migrations);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  // Another test worker may be writing the same template: write aside, then rename atomically.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

let template: Promise<Blob> | undefined;

const pglite: Backend = {
  name: 'pglite',
  async open() {
    const handle = await openEmbeddedDatabase({ loadDataDir: await (template ??= migratedTemplate()) });
    await migrate(handle.db);
    return handle;
  },
};

/** The database named in a URL swapped for another on the same server. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Administration goes through the server's always-present `postgres` database. */
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(POSTGRES_URL, 'postgres'), connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgres: Backend = {
  name: 'postgres',
  async open({ max = 5 } = {}) {
    const name = `naira_test_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    // No connection timeout: the suites fire bursts of 1,000 at small pools on a loaded machine,
    // and assert correctness, not how long the queue was (databaseFaults.test.ts tests the timeout).
    const handle = openServerDatabase(withDatabase(POSTGRES_URL, name), { max, connectTimeoutMs: 0 });
    await migrate(handle.db);
    return {
      ...handle,
      async close() {
        await handle.close();
        // The pool's end() does not wait for its sockets to close: give them a moment before
        // forcing, so that no connection is killed mid-goodbye (which the pool logs as an error).
        await admin(async (client) => {
          const connections = async () => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0].n;
          await eventually(connections, (n) => n === 0, { timeoutMs: 500, intervalMs: 25 }).catch(() => 'forced');
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
      },
    };
  },
};

/** The URL without its password, for messages. */
function printable(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Why the PostgreSQL back end is missing from this run, or undefined when it is present. */
export const postgresUnavailable: string | undefined = await admin(() => Promise.resolve()).then(
  () => undefined,
  (error: Error) => `PostgreSQL at ${printable(POSTGRES_URL)} is unreachable (${error.message})`,
);

export const backends: Backend[] = postgresUnavailable ? [pglite] : [pglite, postgres];

/** Whether this run must include PostgreSQL: on CI and under `npm run test:pg`. */
export const postgresRequired = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);
