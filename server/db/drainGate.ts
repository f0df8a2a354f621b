import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { currentContext, type CallContext } from '../http/requestContext';

/**
 * How a process stops without leaving anyone unanswered. Once shutdown begins, a request whose
 * handler has written nothing yet is refused at its next statement, before the statement runs:
 * it answers 503 with Retry-After and may be sent again as it was (an idempotency key it carries
 * was never claimed). One that has written — a claimed key, a reserved bill — runs to its end,
 * so no bill is left half-placed by the shutdown itself.
 *
 * Why at the database: on the embedded PGlite every transaction waits its turn for the one
 * connection, so forty purchases received just before SIGTERM take tens of seconds to finish in
 * order and outlast the shutdown deadline, whose only remedy is dropping connections unanswered.
 * Refused at their first statement, the ones that had not begun leave the queue at once and the
 * ones that had begun finish in a few turns. PostgreSQL gets the same rule, so a replica
 * behaves the same on either database.
 *
 * Only requests are refused: work outside them (migrations, start-up, a job's run, which its job
 * stops when the app closes) runs as it would.
 */
const bookkeeping = new AsyncLocalStorage<true>();

/**
 * Runs `work` as a record of the request rather than its work (the staff audit): its statements
 * are never refused and do not count as work begun, so a shutdown neither finishes a request
 * because it was recorded nor leaves a refused or finished one unrecorded.
 */
export function asBookkeeping<T>(work: () => Promise<T>): Promise<T> {
  return bookkeeping.run(true, work);
}

export class DrainGate implements KyselyPlugin {
  #closed = false;
  readonly #requests = new WeakSet<CallContext>();
  readonly #wrote = new WeakSet<CallContext>();

  /**
   * Applies the gate to a request's work from now on: from its handler, so that what its hooks
   * wrote first (a session's activity, a request counter) is bookkeeping, not work begun. A
   * job's runs are never watched: its owner stops the job when the app closes.
   */
  watch(context: CallContext): void {
    this.#requests.add(context);
  }

  /** From now on, work that has written nothing is refused. */
  close(): void {
    this.#closed = true;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const context = currentContext();
    if (!context || !this.#requests.has(context) || this.#wrote.has(context) || bookkeeping.getStore()) return node;
    if (this.#closed) throw new ShuttingDownError();
    if (writes(node)) this.#wrote.add(context);
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/** The statement a request would have run when the process had begun to shut down. */
export class ShuttingDownError extends Error {
  constructor() {
    super('the server is shutting down and took no new work');
    this.name = 'ShuttingDownError';
  }
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
/** In raw SQL a write names its verb; `FOR UPDATE` also matches, which only lets a locking read's work finish. */
const WRITE_VERB = /\b(insert|update|delete|merge)\b/i;

/**
 * Whether a statement may change data: a write node anywhere in it (a data-modifying CTE
 * included) or raw SQL naming a write verb. Erring towards "writes" only lets more work finish;
 * no function the migrations define writes when called from a SELECT, so reads are told apart.
 */
function writes(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(writes);
  if (typeof node !== 'object' || node === null) return false;
  const kind = (node as { kind?: unknown }).kind;
  if (typeof kind === 'string' && WRITE_NODES.has(kind)) return true;
  if (
    kind === 'RawNode' &&
    (node as { sqlFragments: readonly string[] }).sqlFragments.some((fragment) => WRITE_VERB.test(fragment))
  )
    return true;
  return Object.values(node).some(writes);
}
