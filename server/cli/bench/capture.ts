import { randomUUID } from 'node:crypto';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { buildServer } from '../../server';
import type { Config } from '../../config';
import type { DialectWrapper } from '../../db/database';
import type { Database } from '../../db/schema';
import type { BenchUser } from './seed';

/**
 * What a purchase sends to the database, recorded as it is sent: every statement (transaction
 * control included) with its parameters and the rows it answered. The raw-SQL comparison is
 * built from these records (replay.ts), never from a hand-written list that could drift from
 * the code.
 */

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  rows: readonly Record<string, unknown>[];
}

/** One recorded purchase: its statements, the Idempotency-Key sent and the request id the server made. */
export interface CapturedPurchase {
  user: number;
  key: string;
  requestId: string;
  statements: Statement[];
}

/** How long a capture waits for a purchase's after-commit statements before it gives up. */
const SETTLE_CEILING_MS = 10_000;

/** Where statements go while a capture runs; nowhere otherwise. */
export class Recorder {
  #statements: Statement[] | undefined;
  #waiter: { holds: (statements: Statement[]) => boolean; done: () => void } | undefined;

  start() {
    this.#statements = [];
  }

  stop(): Statement[] {
    const statements = this.#statements ?? [];
    this.#statements = undefined;
    return statements;
  }

  record(statement: Statement) {
    this.#statements?.push(statement);
    if (this.#statements && this.#waiter?.holds(this.#statements)) this.#waiter.done();
  }

  /** Resolves once the statements recorded since start() satisfy `holds` (at once if they already do). */
  async until(holds: (statements: Statement[]) => boolean, what: string): Promise<void> {
    if (!this.#statements) throw new Error('bench: Recorder.until() outside a capture');
    if (holds(this.#statements)) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        this.#waiter = { holds, done: resolve };
        timer = setTimeout(() => reject(new Error(`bench: ${what} was not recorded within 10 s`)), SETTLE_CEILING_MS);
      });
    } finally {
      clearTimeout(timer);
      this.#waiter = undefined;
    }
  }

  /** The dialect wrapper that feeds this recorder (database.ts's `wrapDialect`). */
  readonly wrap: DialectWrapper = (dialect) => recordingDialect(dialect, this);
}

function recordingDialect(dialect: Dialect, recorder: Recorder): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new RecordingDriver(dialect.createDriver(), recorder),
  };
}

/**
 * Hands out connections that record each statement and its rows. Transaction control is
 * recorded here rather than by the connection: the PGlite driver sends it on its own connection.
 */
class RecordingDriver implements Driver {
  readonly #inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly recorder: Recorder,
  ) {}

  init() {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.driver.acquireConnection();
    const recorder = this.recorder;
    const connection: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await inner.executeQuery<R>(query);
        recorder.record({
          sql: query.sql,
          parameters: query.parameters,
          rows: result.rows as Record<string, unknown>[],
        });
        return result;
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    this.#inner.set(connection, inner);
    return connection;
  }

  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#inner.get(connection) ?? connection;
  }

  #control(sql: string) {
    this.recorder.record({ sql, parameters: [], rows: [] });
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
      .filter(Boolean)
      .join(' ');
    this.#control(mode ? `start transaction ${mode}` : 'begin');
    return this.driver.beginTransaction(this.#unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    this.#control('commit');
    return this.driver.commitTransaction(this.#unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    this.#control('rollback');
    return this.driver.rollbackTransaction(this.#unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection(this.#unwrap(connection));
  }

  destroy() {
    return this.driver.destroy();
  }
}

/** The statement that marks an outbox message sent (notifications/outbox.ts `deliver`). */
const OUTBOX_MARK = /^update "outbox" set "status"/;

/** The purchase every client of the bench makes: ₦100 of MTN airtime, delivered, with its cashback. */
export interface Product {
  category: string;
  body: (pin: string) => Record<string, unknown>;
}

/**
 * Records purchases through the real app, in this process, on the bench's database: a few
 * unrecorded ones first (the first purchase of a process creates system accounts and warms
 * caches, which later ones do not), then one per user and a second one for the first user, so
 * that replay.ts can tell what is the same for everyone, what belongs to one user and what
 * belongs to one purchase.
 */
export async function capturePurchases(
  config: Config,
  db: Database,
  recorder: Recorder,
  users: BenchUser[],
  product: Product,
  pin: string,
): Promise<CapturedPurchase[]> {
  let mailed = 0;
  const mailer = { send: async () => void (mailed += 1) };
  const { app } = await buildServer(config, { db, mailer, logStream: { write: () => {} } });
  const buy = async (user: number): Promise<CapturedPurchase> => {
    const key = `capture-${randomUUID()}`;
    const mailedBefore = mailed;
    recorder.start();
    const response = await app.inject({
      method: 'POST',
      url: `/api/${product.category}`,
      headers: {
        authorization: `Bearer ${users[user].token}`,
        'idempotency-key': key,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(product.body(pin)),
    });
    // A receipt is mailed right after the purchase's commit, outside its request, and marked sent a
    // moment later, maybe after the answer: wait for the mark, so that it is recorded with its own
    // purchase every time rather than with the next one.
    await recorder.until(
      (statements) => statements.filter((statement) => OUTBOX_MARK.test(statement.sql)).length >= mailed - mailedBefore,
      "a receipt's sent mark",
    );
    // The mark runs beside the purchase's last statements, in either order: put last, it is
    // replayed at the same place in every purchase.
    const recorded = recorder.stop();
    const statements = [
      ...recorded.filter((statement) => !OUTBOX_MARK.test(statement.sql)),
      ...recorded.filter((statement) => OUTBOX_MARK.test(statement.sql)),
    ];
    const answer = response.json<{ type: string; message: string; data?: { reference?: string; status?: string } }>();
    if (response.statusCode !== 200 || answer.data?.status !== 'completed' || !answer.data.reference) {
      throw new Error(`bench: the captured purchase answered ${response.statusCode} ${answer.message}`);
    }
    return { user, key, requestId: answer.data.reference, statements };
  };
  try {
    for (let warmUp = 0; warmUp < 3; warmUp++) await buy(0);
    const captured: CapturedPurchase[] = [];
    for (let user = 0; user < users.length; user++) captured.push(await buy(user));
    captured.push(await buy(0));
    return captured;
  } finally {
    await app.close();
  }
}
