import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { PGliteDialect } from './pgliteDialect';
import { preparingPool } from './preparedStatements';
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
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePool'>>,
  onConnectionLost?: ServerDatabaseOptions['onConnectionLost'],
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? Promise.resolve(openServerDatabase(config.databaseUrl, { ...config.databasePool, onConnectionLost }))
    : openEmbeddedDatabase({ dataDir: join(config.dataDir, 'pglite') });
}

/** Sees every statement on its way to the database: `npm run bench` records what a purchase sends (scripts/bench/capture.ts). */
export type DialectWrapper = (dialect: Dialect) => Dialect;

export interface EmbeddedOptions {
  /** Folder of the database files; in memory when undefined. */
  dataDir?: string;
  /** A dump of a data folder to start from instead of an empty cluster (PGlite's dumpDataDir). */
  loadDataDir?: Blob;
  wrapDialect?: DialectWrapper;
}

export async function openEmbeddedDatabase({ dataDir, loadDataDir, wrapDialect = (dialect) => dialect }: EmbeddedOptions = {}): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, loadDataDir, parsers: { [pgliteTypes.INT8]: parseBigInt } });
  const db = new Kysely<Schema>({ dialect: wrapDialect(new PGliteDialect(pglite)) });
  return { db, embedded: true, close: () => db.destroy() };
}

export interface ServerDatabaseOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /**
   * How long a request waits for a connection (queued behind a busy pool, or connecting) before
   * it fails (503): a database that does not answer must not hold requests forever. Default
   * 30 s; 0 waits as long as it takes.
   */
  connectTimeoutMs?: number;
  /** Told about each connection the server drops (restart, failover, terminated backend); default standard error. */
  onConnectionLost?: (error: Error) => void;
  /** Statements run again sent as named prepared statements (preparedStatements.ts); default true. */
  preparedStatements?: boolean;
  wrapDialect?: DialectWrapper;
}

export function openServerDatabase(connectionString: string, options: ServerDatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 30_000,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID ? parseBigInt : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const lost = options.onConnectionLost ?? ((error: Error) => console.error('database: connection lost:', error.message));
  // A connection can lose its server (restart, failover, pg_terminate_backend) idle in the pool
  // or checked out between two statements of a transaction. node-postgres emits 'error' on the
  // client, and on the pool for idle ones; an 'error' event nobody listens to ends the process.
  // The client's listener covers both cases: the query in flight fails on its own (the request
  // answers 503), and the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', lost));
  pool.on('error', () => {
    // Already reported by the client's own listener.
  });
  const dialect = new PostgresDialect({ pool: options.preparedStatements === false ? pool : preparingPool(pool) });
  const db = new Kysely<Schema>({ dialect: options.wrapDialect?.(dialect) ?? dialect });
  return { db, embedded: false, close: () => db.destroy() };
}
