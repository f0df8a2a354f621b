import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { openServerDatabase } from '../../../server/db/database';
import { migrate, readMigrations, type Migration } from '../../../server/db/migrate';
import { PGliteDialect } from '../../../server/db/pgliteDialect';
import type { Schema } from '../../../server/db/schema';
import { eventually } from './eventually';

/**
 * Every test database, and every started server's storage but those of the fresh-start tests,
 * is a copy of a database migrated once: a PGlite dump and data folder in the temp folder, a
 * template database on the PostgreSQL server. Each is named by a key of the migrations (and
 * PGlite's version), so a changed migration makes new ones; those of other keys not made in the
 * last hour are removed when a new one is made (a run of another checkout still using one makes
 * it again).
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const STALE_MS = 60 * 60_000;
const PGLITE_PREFIX = 'naira-wallet-pglite-';
const POSTGRES_PREFIX = 'naira_template_';
/** Any fixed number: making each copy holds it shared, making or dropping a template alone. */
const TEMPLATE_LOCK = 4_206_202_602;

let migrationFiles: Promise<Migration[]> | undefined;
const migrations = () => (migrationFiles ??= readMigrations());

async function templateKey(): Promise<string> {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(await readFile(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const checksums = (await migrations()).map((m) => m.checksum);
  return createHash('sha256')
    .update([version, ...checksums].join())
    .digest('hex')
    .slice(0, 16);
}

/** Entries of the temp folder made for other migrations, not touched in the last hour. */
async function removeStalePGliteTemplates(current: string): Promise<void> {
  for (const entry of await readdir(tmpdir())) {
    if (!entry.startsWith(PGLITE_PREFIX) || entry.startsWith(current)) continue;
    const path = join(tmpdir(), entry);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
  }
}

/** A migrated PGlite data folder dumped to a tar: loading it takes a fraction of a fresh initdb and the migrations. */
export async function pgliteTemplate(): Promise<Blob> {
  const name = `${PGLITE_PREFIX}${await templateKey()}`;
  const file = join(tmpdir(), `${name}.tar`);
  if (existsSync(file)) return new Blob([await readFile(file)]);

  const pglite = await PGlite.create();
  const db = new Kysely<Schema>({ dialect: new PGliteDialect(pglite) });
  await migrate(db, await migrations());
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  // Another test worker may be writing the same template: write aside, then rename atomically.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  await removeStalePGliteTemplates(name);
  return dump;
}

/** The same migrated PGlite data, unpacked into a folder once, for copying where a server process finds it. */
async function pgliteTemplateFolder(): Promise<string> {
  const folder = join(tmpdir(), `${PGLITE_PREFIX}${await templateKey()}`);
  if (existsSync(folder)) return folder;
  const partial = `${folder}.${process.pid}`;
  const pglite = await PGlite.create({ dataDir: partial, loadDataDir: await pgliteTemplate() });
  await pglite.close();
  // Another worker may have made it meanwhile: theirs is the same, ours goes.
  await rename(partial, folder).catch(() => rm(partial, { recursive: true, force: true }));
  return folder;
}

/** Fills `folder` (a PGlite data folder: DATA_DIR/pglite) with the migrated database. */
export async function copyMigratedPGlite(folder: string): Promise<void> {
  await cp(await pgliteTemplateFolder(), folder, { recursive: true });
}

/** The database named in a URL swapped for another on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Administration goes through the server's always-present `postgres` database. */
export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: withDatabase(POSTGRES_URL, 'postgres'),
    connectionTimeoutMillis: 3_000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Resolves once no session is connected to `database`: a pool's end() does not wait for its
 * sockets to close. Gives up after half a second (the caller then forces, or fails on its own).
 */
export async function disconnected(client: pg.Client, database: string): Promise<void> {
  const sql = 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1';
  const connections = async () => (await client.query<{ n: number }>(sql, [database])).rows[0].n;
  await eventually(connections, (n) => n === 0, { timeoutMs: 500, intervalMs: 25 }).catch(() => 'still connected');
}

/** A new database `name` on the PostgreSQL server, as the migrations leave it, without running them. */
export async function createMigratedDatabase(name: string): Promise<void> {
  const template = `${POSTGRES_PREFIX}${await templateKey()}`;
  await admin(async (client) => {
    for (;;) {
      await client.query('SELECT pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
      try {
        if (await isTemplate(client, template)) {
          await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
          return;
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK]);
      }
      await makeTemplate(client, template);
    }
  });
}

async function isTemplate(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query<{ ready: boolean }>(
    'SELECT datistemplate AS ready FROM pg_database WHERE datname = $1',
    [name],
  );
  return rows[0]?.ready === true;
}

/**
 * Migrates a database and marks it a template no one connects to (a copy needs its source
 * idle), under the lock alone; a half-made one (a run killed while migrating) is made again.
 */
async function makeTemplate(client: pg.Client, template: string): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await isTemplate(client, template)) return;
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${template}`);
    const handle = openServerDatabase(withDatabase(POSTGRES_URL, template), { max: 1 });
    try {
      await migrate(handle.db, await migrations());
    } finally {
      await handle.close();
    }
    await disconnected(client, template);
    await client.query(`COMMENT ON DATABASE ${template} IS '${new Date().toISOString()}'`);
    await client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await dropStaleTemplates(client, template);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** Templates of other migrations made over an hour ago (the comment says when) or half made. */
async function dropStaleTemplates(client: pg.Client, current: string): Promise<void> {
  const { rows } = await client.query<{ name: string; made: string | null }>(
    "SELECT datname AS name, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2",
    [POSTGRES_PREFIX, current],
  );
  for (const { name, made } of rows) {
    if (Date.now() - Date.parse(made ?? '') <= STALE_MS) continue;
    await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
  }
}
