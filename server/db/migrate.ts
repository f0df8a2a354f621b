import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { isEarlierWording } from './rewordedMigrations';
import type { Database } from './schema';

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
    if (migrations.some((m) => m.version === version)) throw new Error(`migrations: two files have version ${match[1]}`);
    migrations.push({ version, name: match[2], sql: text, checksum: createHash('sha256').update(text).digest('hex') });
  }
  return migrations;
}

/**
 * Applies pending migrations in order, each in its own transaction under an advisory lock, so
 * two processes starting together apply each migration once (the second waits, then sees it
 * applied). Refuses to run when an applied migration's file has changed since: the schema
 * would no longer be what the files say (a comment reworded with the statements unchanged is
 * accepted, see rewordedMigrations.ts). Returns the names applied now.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of migrations ?? (await readMigrations())) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        checksum   TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`.execute(trx);
      const previous = await trx.selectFrom('schema_migrations').select('checksum').where('version', '=', migration.version).executeTakeFirst();
      if (previous) {
        if (previous.checksum === migration.checksum) return false;
        if (!isEarlierWording(migration.version, previous.checksum, migration.sql)) {
          throw new Error(`migrations: ${migration.version}_${migration.name} changed after it was applied; add a new migration instead`);
        }
        await trx.updateTable('schema_migrations').set({ checksum: migration.checksum }).where('version', '=', migration.version).execute();
        return false;
      }
      await sql.raw(migration.sql).execute(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, checksum: migration.checksum, applied_at: new Date() })
        .execute();
      return true;
    });
    if (ran) applied.push(`${String(migration.version).padStart(3, '0')}_${migration.name}`);
  }
  return applied;
}
