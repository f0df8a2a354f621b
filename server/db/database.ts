import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { PGliteDialect } from './pgliteDialect';
import type { Database, Schema } from './schema';

export interface DatabaseHandle {
  db: Database;
  /** PGlite in this process (true) or a PostgreSQL server (false). */
  embedded: boolean;
  close(): Promise<void>;
}

/** BIGINT (kobo, ids) as JS bigint on both drivers: a number would silently round past 2^53. */
const INT8_OID = 20;
const parseBigInt = (text: string) => BigInt(text);

/** DATABASE_URL selects a PostgreSQL server; otherwise the embedded database in DATA_DIR. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  return config.databaseUrl ? Promise.resolve(openServerDatabase(config.databaseUrl)) : openEmbeddedDatabase({ dataDir: join(config.dataDir, 'pglite') });
}

export interface EmbeddedOptions {
  /** Folder of the database files; in memory when undefined. */
  dataDir?: string;
  /** A dump of a data folder to start from instead of an empty cluster (PGlite's dumpDataDir). */
  loadDataDir?: Blob;
}

export async function openEmbeddedDatabase({ dataDir, loadDataDir }: EmbeddedOptions = {}): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, loadDataDir, parsers: { [pgliteTypes.INT8]: parseBigInt } });
  const db = new Kysely<Schema>({ dialect: new PGliteDialect(pglite) });
  return { db, embedded: true, close: () => db.destroy() };
}

export function openServerDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID ? parseBigInt : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client can lose its server (restart, failover); the pool replaces it. Without a
  // listener the error would crash the process.
  pool.on('error', (error) => console.error('database: idle connection failed', error.message));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { db, embedded: false, close: () => db.destroy() };
}
