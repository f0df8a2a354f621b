import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle, type DialectWrapper } from '../../db/database';
import { createRuntimeRole } from '../../../testkit/runtimeRole';
import { cpuSecondsOf } from './cpu';

/**
 * Where a bench run keeps its data: a database of its own on the PostgreSQL server, or a PGlite
 * folder; both removed after.
 */
export interface BenchStorage {
  kind: 'postgres' | 'pglite';
  /** What the server is started with (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  /** The database's URL, for pgbench; PostgreSQL only. */
  url?: string;
  /** Opens it in this process (PGlite: only while the server is stopped, as it is one process's at a time). */
  open(wrapDialect?: DialectWrapper): Promise<DatabaseHandle>;
  /**
   * CPU seconds each of the database's server processes serving the others' connections (the
   * server's pool) has used so far, by process id: PostgreSQL on this machine only (its backends
   * are processes here); null for PGlite (it runs in the server's process) or a PostgreSQL elsewhere.
   */
  backendCpuSeconds(): Promise<ReadonlyMap<number, number> | null>;
  remove(): Promise<void>;
}

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/bench';

async function admin(url: URL, statement: string) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database named by the URL's path (dropped first if a previous run left it). */
export async function postgresStorage(url: string): Promise<BenchStorage> {
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(
      `bench: BENCH_DATABASE_URL must name a database of lower-case letters, digits and _, not "${name}"`,
    );
  await admin(parsed, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(parsed, `CREATE DATABASE ${name}`);
  // The server runs as production runs it: a role of its own, migrating as the owner.
  const runtime = await createRuntimeRole(url);
  let observer: pg.Client | undefined;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: runtime.url, MIGRATION_DATABASE_URL: url },
    url,
    open: async (wrapDialect) => openServerDatabase(url, { max: 10, wrapDialect }),
    async backendCpuSeconds() {
      if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(parsed.hostname)) return null;
      if (!observer) {
        observer = new pg.Client({ connectionString: url });
        await observer.connect();
      }
      const { rows } = await observer.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      const used = new Map<number, number>();
      for (const { pid } of rows) {
        const seconds = cpuSecondsOf(pid);
        // A backend that ended between the two reads is simply not counted.
        if (seconds !== null) used.set(pid, seconds);
      }
      return used;
    },
    async remove() {
      await observer?.end();
      await admin(parsed, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await runtime.drop();
    },
  };
}

export async function pgliteStorage(workDir: string): Promise<BenchStorage> {
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  return {
    kind: 'pglite',
    // The bench measures the embedded database on purpose: production refuses it unless told so.
    env: { DATA_DIR: dataDir, EMBEDDED_DATABASE: 'yes' },
    open: (wrapDialect) => openEmbeddedDatabase({ dataDir: join(dataDir, 'pglite'), wrapDialect }),
    backendCpuSeconds: async () => null,
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}
