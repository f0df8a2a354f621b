import { randomBytes } from 'node:crypto';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { admin, createMigratedDatabase, disconnected, pgliteTemplate, POSTGRES_URL, withDatabase } from './templates';

export { POSTGRES_URL };

/**
 * The API suite runs on both back ends: PGlite (always) and a PostgreSQL server at
 * TEST_DATABASE_URL, each test file in a database of its own. Without a reachable server the
 * suite runs on PGlite only — unless CI or REQUIRE_POSTGRES is set, where backends.test.ts fails.
 * Each database is a copy of one migrated once (templates.ts); opening it still runs `migrate`,
 * which finds nothing pending.
 */
export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database; close() also deletes it. `max` sizes a PostgreSQL pool (default 5). */
  open(options?: { max?: number }): Promise<DatabaseHandle>;
}

let template: Promise<Blob> | undefined;

const pglite: Backend = {
  name: 'pglite',
  async open() {
    const handle = await openEmbeddedDatabase({ loadDataDir: await (template ??= pgliteTemplate()) });
    await migrate(handle.db);
    return handle;
  },
};

const postgres: Backend = {
  name: 'postgres',
  async open({ max = 5 } = {}) {
    const name = `naira_test_${randomBytes(6).toString('hex')}`;
    await createMigratedDatabase(name);
    // No connection timeout: the suites fire bursts of 1,000 at small pools on a loaded machine,
    // and assert correctness, not how long the queue was (databaseFaults.test.ts tests the timeout).
    const handle = openServerDatabase(withDatabase(POSTGRES_URL, name), { max, connectTimeoutMs: 0 });
    await migrate(handle.db);
    return {
      ...handle,
      async close() {
        await handle.close();
        // Give the pool's sockets a moment to close before forcing, so that no connection is
        // killed mid-goodbye (which the pool logs as an error).
        await admin(async (client) => {
          await disconnected(client, name);
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
