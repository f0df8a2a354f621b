import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';
import { isEarlierWording } from './rewordedMigrations';
import type { Database, Schema } from './schema';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;
/** Any fixed number: every process migrating this database takes the same advisory lock. */
const MIGRATION_LOCK = 4_206_202_601n;

/** Reads db/migrations/NNN_name.sql in version order; a misnamed or duplicated file is an error, not a skip. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of (await readdir(dir)).sort()) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`migrations: ${file} is not named NNN_name.sql`);
    const text = await readFile(join(dir, file), 'utf8');
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version))
      throw new Error(`migrations: two files have version ${match[1]}`);
    migrations.push({ version, name: match[2], sql: text, checksum: createHash('sha256').update(text).digest('hex') });
  }
  return migrations;
}

/**
 * Applies pending migrations in order, each in its own transaction under an advisory lock, so
 * two processes starting together apply each migration once (the second waits, then sees it
 * applied). Refuses to run when an applied migration's file has changed since: the schema
 * would no longer be what the files say (a comment reworded with the statements unchanged is
 * accepted, see rewordedMigrations.ts). With nothing to do it returns after reading what is
 * applied, taking no lock. Returns the names applied now.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const files = migrations ?? (await readMigrations());
  if (await allApplied(db, files)) return [];
  const applied: string[] = [];
  for (const migration of files) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      // Only when missing: a role that may not create (the server's own, 044_runtime_role.sql)
      // then finds nothing to apply rather than a refusal.
      if (!(await migrationsTableExists(trx))) await createMigrationsTable(trx);
      const previous = await trx
        .selectFrom('schema_migrations')
        .select('checksum')
        .where('version', '=', migration.version)
        .executeTakeFirst();
      if (previous) {
        if (previous.checksum === migration.checksum) return false;
        if (!isEarlierWording(migration.version, previous.checksum, migration.sql)) {
          throw new Error(
            `migrations: ${migration.version}_${migration.name} changed after it was applied; add a new ` +
              'migration instead',
          );
        }
        await trx
          .updateTable('schema_migrations')
          .set({ checksum: migration.checksum })
          .where('version', '=', migration.version)
          .execute();
        return false;
      }
      await sql.raw(migration.sql).execute(trx).catch(notTheOwner);
      await trx
        .insertInto('schema_migrations')
        .values({
          version: migration.version,
          name: migration.name,
          checksum: migration.checksum,
          applied_at: new Date(),
        })
        .execute();
      return true;
    });
    if (ran) applied.push(`${String(migration.version).padStart(3, '0')}_${migration.name}`);
  }
  return applied;
}

/**
 * Whether every migration is already applied as its file reads now, by one read and no lock: a
 * start with nothing to do (every replica after the first, every restart) then takes none of the
 * per-migration locked transactions. Anything pending, changed or reworded goes the locked way,
 * which applies it, refuses it or records its new checksum.
 */
async function allApplied(db: Database, migrations: Migration[]): Promise<boolean> {
  if (!(await migrationsTableExists(db))) return false;
  const rows = await db.selectFrom('schema_migrations').select(['version', 'checksum']).execute();
  const stored = new Map(rows.map((row) => [row.version, row.checksum]));
  return migrations.every((migration) => stored.get(migration.version) === migration.checksum);
}

/**
 * Read from the catalog's rows, under the statement's own snapshot, not through a name lookup
 * (to_regclass): a lookup that finds nothing is cached by the connection, and a transaction that
 * began before another process created the table and then waited for the lock would still trust
 * that "missing" and try to create it again.
 */
async function migrationsTableExists(db: Database): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relname = 'schema_migrations' AND n.nspname = current_schema()
    ) AS found`.execute(db);
  return rows[0].found;
}

async function createMigrationsTable(db: Transaction<Schema>) {
  await sql`CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`.execute(db);
}

/** PostgreSQL's insufficient_privilege: the role migrating may not change the schema. */
function notTheOwner(error: unknown): never {
  if ((error as { code?: unknown }).code !== '42501') throw error;
  throw new Error(
    `migrations: the database role migrating may not change the schema (${(error as Error).message}): ` +
      "set MIGRATION_DATABASE_URL to the URL of the database owner; DATABASE_URL stays the server's own role",
    { cause: error },
  );
}

/**
 * The server's own role (DATABASE_URL) granted what it may do (044_runtime_role.sql), by the
 * owner, after migrating: the tables a migration added are granted with the rest. Nothing when
 * the owner is that role (it owns everything already; taking from it would lock it out).
 */
export async function grantRuntimeRole(owner: Database, runtimeRole: string): Promise<void> {
  if ((await currentRole(owner)) === runtimeRole) return;
  // Under the migrations' lock: replicas starting together would otherwise grant on the same
  // catalogue rows at once, which PostgreSQL refuses ("tuple concurrently updated").
  await owner.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`SELECT grant_runtime_role(${runtimeRole})`.execute(trx);
  });
}

/** The role a connection acts as. */
export async function currentRole(db: Database): Promise<string> {
  return (await sql<{ role: string }>`SELECT current_user AS role`.execute(db)).rows[0].role;
}
