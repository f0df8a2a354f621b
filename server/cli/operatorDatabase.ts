import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ENVIRONMENT } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';

/**
 * The database the server uses, for an operator command: DATABASE_URL, or else the embedded
 * database in DATA_DIR (read as the server reads them, and nothing else the server needs) —
 * stop the server first then: the embedded database is one process's at a time. Answers why
 * not when there is none.
 */
export async function openOperatorDatabase(env: NodeJS.ProcessEnv): Promise<DatabaseHandle | { problem: string }> {
  const text = (name: 'DATABASE_URL' | 'DATA_DIR') => env[name]?.trim() || undefined;
  const settings = {
    databaseUrl: ENVIRONMENT.DATABASE_URL.schema.parse(text('DATABASE_URL')),
    dataDir: ENVIRONMENT.DATA_DIR.schema.parse(text('DATA_DIR')),
  };
  // Opening an embedded folder that is not there would create an empty database.
  if (!settings.databaseUrl && !existsSync(join(settings.dataDir, 'pglite'))) {
    const folder = join(settings.dataDir, 'pglite');
    return { problem: `no database: ${folder} does not exist (set DATA_DIR, or DATABASE_URL for a PostgreSQL server)` };
  }
  return openDatabase(settings);
}

/** PostgreSQL's code for a missing table: a database the server has not migrated yet. */
export const isUnmigrated = (error: unknown) => (error as { code?: unknown }).code === '42P01';
