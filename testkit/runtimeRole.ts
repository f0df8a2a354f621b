import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A login role of its own for the server on a PostgreSQL server, as production runs it: the
 * server connects as this role (DATABASE_URL) and migrates as the database's owner
 * (MIGRATION_DATABASE_URL), who grants it what it may do. Created and dropped through the owner
 * URL's server (its user may create roles: the tests' and the bench's `postgres`); drop it once
 * the database it was granted on is gone.
 */
export interface RuntimeRole {
  name: string;
  /** The owner's URL with this role's name and password. */
  url: string;
  drop(): Promise<void>;
}

/** Roles belong to the whole server: created and dropped from its always-present `postgres` database. */
async function onServer(url: string, statement: string): Promise<void> {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createRuntimeRole(ownerUrl: string): Promise<RuntimeRole> {
  const name = `naira_runtime_${randomBytes(6).toString('hex')}`;
  const password = randomBytes(16).toString('hex');
  await onServer(ownerUrl, `CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
  const url = new URL(ownerUrl);
  url.username = name;
  url.password = password;
  return { name, url: url.toString(), drop: () => onServer(ownerUrl, `DROP ROLE IF EXISTS ${name}`) };
}
