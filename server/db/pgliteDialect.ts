import type { PGlite, Results } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over the embedded PGlite, which is a single PostgreSQL connection. Kysely holds a
 * connection for a whole transaction, so handing the one connection to one holder at a time
 * keeps another request's statements out of an open transaction (they wait instead).
 * Consequence: inside a transaction, query through the transaction object only — using the
 * outer handle would wait for the transaction it is part of.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Dialect interface's own signature
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  readonly #lock = new Mutex();
  #release: (() => void) | undefined;

  constructor(pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init() {
    await this.#connection.pglite.waitReady;
  }

  async acquireConnection() {
    this.#release = await this.#lock.acquire();
    return this.#connection;
  }

  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  // The driver has exactly one connection, so the transaction methods use it directly.
  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings) {
    const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
      .filter(Boolean)
      .join(' ');
    await this.#connection.executeQuery(CompiledQuery.raw(mode ? `start transaction ${mode}` : 'begin'));
  }

  async commitTransaction() {
    // Like the pg driver: COMMIT of a transaction an earlier error aborted reports ROLLBACK.
    const result = await this.#connection.executeQuery(CompiledQuery.raw('commit'));
    if (result.command === 'ROLLBACK') throw new AbortedTransactionError();
  }

  async rollbackTransaction() {
    await this.#connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy() {
    await this.#connection.pglite.close();
  }
}

type PGliteQueryResult<R> = QueryResult<R> & { command?: string };

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<PGliteQueryResult<R>> {
    // Without parameters the simple protocol runs, which also accepts a multi-statement
    // script (a migration file), exactly as node-postgres does; the last result is the answer.
    const result: Results<R> | undefined =
      compiled.parameters.length === 0
        ? ((await this.pglite.exec(compiled.sql)).at(-1) as Results<R> | undefined)
        : await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    if (!result) return { rows: [] };
    return {
      rows: result.rows,
      command: result.command,
      numAffectedRows: result.command && WRITES.has(result.command) ? BigInt(result.rowCount ?? 0) : undefined,
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }
}

/** First come, first served: each holder gets the connection when the previous one releases it. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }
}
