import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements for Kysely on node-postgres. PostgreSQL spends most of a short
 * statement's time planning it; a named prepared statement is parsed and planned once per
 * connection and then only bound and executed (after five custom plans PostgreSQL keeps a
 * generic one when it costs no more). node-postgres prepares a statement when its query config
 * has a `name`; Kysely's PostgresDialect never passes one, so the pool it is given hands out
 * connections that name each statement by a hash of its text.
 *
 * - Only statements with parameters are named: transaction control and migration scripts
 *   (no parameters) keep the simple protocol, which also runs several statements at once.
 * - A statement is prepared on its second use on a connection, so a one-off text (a list of
 *   ids of some length) never takes a place; a connection prepares at most `perConnection`,
 *   then runs what is new unnamed. Both bounds keep the server's memory per connection bounded.
 * - Statements select named columns, never `*`: a migration that adds a column to a table would
 *   otherwise change a prepared statement's result while replicas of the previous release run
 *   it ("cached plan must not change result type"); lint refuses `selectAll()`, `returningAll()`
 *   and `*` in SQL text.
 * - Behind PgBouncer in transaction pooling, named statements need PgBouncer 1.21 or newer
 *   with `max_prepared_statements` set (it re-prepares them on whichever server connection runs
 *   the transaction); DATABASE_PREPARED_STATEMENTS=off serves an older pooler.
 */

/** The most statements one connection keeps prepared. */
export const PREPARED_PER_CONNECTION = 200;
/** Texts seen once on a connection that it remembers, waiting for their second use. */
const SEEN_PER_CONNECTION = 1_000;

/** The name a statement's text is prepared under: the same text, the same name, on every connection. */
export function statementName(text: string): string {
  return `nw_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
}

/** Which statements one connection prepares (see above). */
class Preparation {
  /** Text → name of the statements prepared on the connection. */
  readonly #prepared = new Map<string, string>();
  readonly #seen = new Set<string>();

  constructor(private readonly limit: number) {}

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameFor(text: string, hasParameters: boolean): string | undefined {
    if (!hasParameters) return undefined;
    const prepared = this.#prepared.get(text);
    if (prepared !== undefined || this.#prepared.size >= this.limit) return prepared;
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= SEEN_PER_CONNECTION) this.#seen.clear();
      this.#seen.add(text);
      return undefined;
    }
    this.#seen.delete(text);
    const name = statementName(text);
    this.#prepared.set(text, name);
    return name;
  }
}

/** Kysely's side of a pooled connection, sending repeated statements prepared. */
function preparingClient(client: pg.PoolClient, limit: number): PostgresPoolClient {
  const preparation = new Preparation(limit);
  const connection = {
    query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
      const name = preparation.nameFor(text, parameters.length > 0);
      const values = [...parameters];
      return (name ? client.query({ name, text, values }) : client.query(text, values)) as unknown as Promise<
        PostgresQueryResult<R>
      >;
    },
    release: (destroy?: boolean) => client.release(destroy),
    // Kysely reads the backend's process id to cancel a query.
    get processID() {
      return (client as { processID?: number }).processID;
    },
  };
  return connection as unknown as PostgresPoolClient;
}

/**
 * The pool to give Kysely's PostgresDialect: `pool`'s connections, each sending the statements
 * it runs again as named prepared statements. One wrapper per connection, as long as the
 * connection lives (a replaced connection starts with nothing prepared, like its new session).
 */
export function preparingPool(pool: pg.Pool, perConnection = PREPARED_PER_CONNECTION): PostgresPool {
  const connections = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let connection = connections.get(client);
      if (!connection) {
        connection = preparingClient(client, perConnection);
        connections.set(client, connection);
      }
      return connection;
    },
    end: () => pool.end(),
    options: pool.options,
  };
}
