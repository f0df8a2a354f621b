import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { currentRole, grantRuntimeRole, migrate } from './migrate';
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

export interface MigratedDatabase {
  handle: DatabaseHandle;
  /** The migrations applied now, by name. */
  applied: string[];
}

type DatabaseSettings = Parameters<typeof openDatabase>[0] & Partial<Pick<Config, 'migrationDatabaseUrl'>>;

/**
 * The server's database, migrated. With MIGRATION_DATABASE_URL (PostgreSQL), the migrations run
 * as that role, the owner, on a connection of their own that closes after, and the owner grants
 * DATABASE_URL's role what it may do (044_runtime_role.sql); otherwise DATABASE_URL's role (or
 * the embedded database's one user) migrates, which a role that owns nothing can only do when
 * nothing is pending.
 */
export async function openMigratedDatabase(
  config: DatabaseSettings,
  onConnectionLost?: ServerDatabaseOptions['onConnectionLost'],
): Promise<MigratedDatabase> {
  const handle = await openDatabase(config, onConnectionLost);
  try {
    if (handle.embedded || !config.migrationDatabaseUrl) return { handle, applied: await migrate(handle.db) };
    const connectTimeoutMs = config.databasePool?.connectTimeoutMs;
    const owner = openServerDatabase(config.migrationDatabaseUrl, { max: 1, connectTimeoutMs, onConnectionLost });
    try {
      const applied = await migrate(owner.db);
      await grantRuntimeRole(owner.db, await currentRole(handle.db));
      return { handle, applied };
    } finally {
      await owner.close();
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Why this connection's role could tamper with the staff audit, or undefined: it owns the table
 * or may act as its owner (a member of the owning role, a superuser: alter it, disable its
 * triggers, drop it), or holds a privilege beyond reading and appending (UPDATE, DELETE,
 * TRUNCATE, TRIGGER: a trigger of its own could drop rows as they come).
 */
export async function auditTamperRisk(db: Database): Promise<string | undefined> {
  const { rows } = await sql<{ role: string; owner: boolean; beyond: boolean }>`
    SELECT current_user AS role,
           pg_has_role(current_user, c.relowner, 'MEMBER') OR r.rolsuper AS owner,
           has_table_privilege(current_user, c.oid, 'UPDATE, DELETE, TRUNCATE, TRIGGER') AS beyond
    FROM pg_class c JOIN pg_roles r ON r.rolname = current_user
    WHERE c.oid = 'staff_audit'::regclass`.execute(db);
  const [{ role, owner, beyond }] = rows;
  if (owner) {
    return (
      `DATABASE_URL's role (${role}) owns the staff audit (staff_audit) or is a superuser: ` +
      "whoever holds the server's role could disable the audit's trigger, empty it or drop it. " +
      'Set MIGRATION_DATABASE_URL to this URL (the owner migrates), and DATABASE_URL to a role of its own ' +
      '(docs/going-live.md, "Two database roles")'
    );
  }
  if (beyond) {
    return (
      `DATABASE_URL's role (${role}) may change or empty the staff audit ` +
      '(UPDATE, DELETE, TRUNCATE or TRIGGER on staff_audit): start once with MIGRATION_DATABASE_URL ' +
      "set to the owner's URL, whose migration takes those back"
    );
  }
  return undefined;
}

/**
 * Sees every statement on its way to the database: `npm run bench` records what a purchase sends
 * (server/cli/bench/capture.ts).
 */
export type DialectWrapper = (dialect: Dialect) => Dialect;

export interface EmbeddedOptions {
  /** Folder of the database files; in memory when undefined. */
  dataDir?: string;
  /** A dump of a data folder to start from instead of an empty cluster (PGlite's dumpDataDir). */
  loadDataDir?: Blob;
  wrapDialect?: DialectWrapper;
}

export async function openEmbeddedDatabase({
  dataDir,
  loadDataDir,
  wrapDialect = (dialect) => dialect,
}: EmbeddedOptions = {}): Promise<DatabaseHandle> {
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
        oid === INT8_OID
          ? parseBigInt
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const lost =
    options.onConnectionLost ?? ((error: Error) => console.error('database: connection lost:', error.message));
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
