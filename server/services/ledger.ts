import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../errors';
import type { AppContext } from './context';

/**
 * The double-entry ledger (DESIGN.md §4), the only code that moves money.
 *
 * - Every ledger account is a row of `wallets`: a user's wallet or a system account (a bank
 *   partner's settlement account, the purchases clearing account).
 * - A movement is a set of entries summing to zero, posted in the caller's transaction.
 * - A user's wallet caches its balance (`balance_kobo`), moved in the statement that posts its
 *   entries; a debit of it is guarded by the wallet's CHECK (balance ≥ 0), checked on the row
 *   the update locks, never read-then-write: of concurrent debits, exactly those the balance
 *   covers succeed.
 * - A system account caches nothing (015_system_accounts_uncached.sql): its balance is the sum of
 *   its entries. Every purchase goes through the clearing account, so a cached balance there
 *   would be one row every purchase of every user waits for; no guard needs it.
 * - Entries and movements are append-only (a database trigger refuses UPDATE and DELETE), and
 *   the database refuses to commit a movement that does not balance.
 */

export interface LedgerEntry {
  walletId: bigint;
  /** Positive credits the account, negative debits it. */
  amountKobo: bigint;
}

export interface Movement {
  /** What happened, e.g. 'funding', 'purchase-reserve', 'purchase-refund'. */
  kind: string;
  /**
   * The user transaction this movement belongs to, if any: its id, or (posting()) an expression
   * of the statement it is posted in, such as the id a CTE of that statement inserts.
   */
  transactionId?: bigint | RawBuilder<bigint> | null;
  entries: LedgerEntry[];
}

/** A user's wallet did not cover a debit; the caller's transaction must roll back (it does, when this is thrown). */
export class InsufficientFundsError extends AppError {
  constructor() {
    super(400, 'insufficient wallet balance, please fund your wallet and try again');
    this.name = 'InsufficientFundsError';
  }
}

/**
 * System accounts: what each bank partner owes us, money a partner received for us that no
 * wallet can take yet (a transfer to a number nobody has: services/suspense.ts), and money held
 * while a bill is with the biller.
 */
export const settlementAccountCode = (provider: string) => `settlement:${provider}`;
export const suspenseAccountCode = (provider: string) => `suspense:${provider}`;
/** The fees a customer paid on top of a card top-up, which the partner keeps from its settlement. */
export const partnerFeesAccountCode = (provider: string) => `fees:${provider}`;
export const PURCHASE_CLEARING = 'clearing:purchases';
/** What cashback is paid from (services/cashback.ts): negative by every naira given back. */
export const CASHBACK_REWARDS = 'rewards:cashback';

export interface Posted {
  /** The movements' ids, in the order they were given. */
  movementIds: bigint[];
  /** The cached balance each user wallet the movements touched now has. */
  balances: ReadonlyMap<bigint, bigint>;
}

/** The constraint that keeps a user's wallet from going below zero (004_wallet_ledger.sql). */
const USER_BALANCE_NOT_NEGATIVE = 'wallets_user_balance_not_negative';

/**
 * Balanced movements as part of a statement: CTEs (named ledger_*) for its WITH list and the
 * columns that tell what was posted (read them with postedFrom). The movements, their entries
 * and the cached balances of the user wallets they touch are written by that one statement, and
 * only when `when` holds. A debit of a user's wallet is guarded by the wallet's CHECK: a debit
 * its balance does not cover fails the statement, under the row lock the update holds, so of
 * concurrent debits exactly those the balance covers succeed (throw ledgerError's answer).
 * Movements touch at most one user wallet each today (user ↔ system); a movement between two
 * users would lock both in one statement, in no set order, and a deadlock with another such
 * movement is broken by PostgreSQL and retried (context.ts inTransaction).
 */
export function posting(movements: Movement[], now: Date, when: RawBuilder<boolean> = sql<boolean>`true`): { ctes: RawBuilder<unknown>; columns: RawBuilder<unknown> } {
  if (movements.length === 0) throw new Error('ledger: a posting needs a movement');
  movements.forEach(assertBalanced);
  const heads = sql.join(movements.map((movement, n) => sql`(${n}::int, ${movement.kind}::text, ${movement.transactionId ?? null}::bigint)`));
  const entries = sql.join(movements.flatMap((movement, n) => movement.entries.map((entry) => sql`(${n}::int, ${entry.walletId}::bigint, ${entry.amountKobo}::bigint)`)));
  const delta = new Map<bigint, bigint>();
  for (const entry of movements.flatMap((movement) => movement.entries)) delta.set(entry.walletId, (delta.get(entry.walletId) ?? 0n) + entry.amountKobo);
  const deltas = sql.join([...delta].map(([walletId, kobo]) => sql`(${walletId}::bigint, ${kobo}::bigint)`));
  // Ids are drawn first, so the entries know their movement whatever order RETURNING would give.
  const ctes = sql`ledger_head AS (
      SELECT n, nextval(pg_get_serial_sequence('ledger_movements', 'id')) AS id, kind, transaction_id
      FROM (VALUES ${heads}) AS given (n, kind, transaction_id) WHERE ${when}
    ), ledger_movement AS (
      INSERT INTO ledger_movements (id, kind, transaction_id, created_at) OVERRIDING SYSTEM VALUE
      SELECT id, kind, transaction_id, ${now}::timestamptz FROM ledger_head
    ), ledger_entry AS (
      INSERT INTO ledger_entries (movement_id, wallet_id, amount_kobo, created_at)
      SELECT ledger_head.id, given.wallet_id, given.amount_kobo, ${now}::timestamptz
      FROM (VALUES ${entries}) AS given (n, wallet_id, amount_kobo) JOIN ledger_head USING (n)
    ), ledger_moved AS (
      UPDATE wallets SET balance_kobo = wallets.balance_kobo + delta.amount_kobo
      FROM (VALUES ${deltas}) AS delta (wallet_id, amount_kobo)
      WHERE wallets.id = delta.wallet_id AND wallets.user_id IS NOT NULL AND ${when}
      RETURNING wallets.id, wallets.balance_kobo
    )`;
  const columns = sql`(SELECT json_agg(id::text ORDER BY n) FROM ledger_head) AS ledger_movement_ids,
      (SELECT json_agg(json_build_array(id::text, balance_kobo::text)) FROM ledger_moved) AS ledger_balances`;
  return { ctes, columns };
}

/** What a statement with a posting() posted: nothing when its `when` did not hold. */
export function postedFrom(row: { ledger_movement_ids: string[] | null; ledger_balances: [string, string][] | null }): Posted {
  return {
    movementIds: (row.ledger_movement_ids ?? []).map(BigInt),
    balances: new Map((row.ledger_balances ?? []).map(([id, balance]) => [BigInt(id), BigInt(balance)])),
  };
}

/** The error to answer for a failed statement with a posting(): InsufficientFundsError for a debit a wallet did not cover. */
export function ledgerError(error: unknown): unknown {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23514' && constraint === USER_BALANCE_NOT_NEGATIVE ? new InsufficientFundsError() : error;
}

/**
 * Posts balanced movements in one statement of their own (posting()), inside the caller's
 * transaction: a debit a wallet does not cover throws InsufficientFundsError, and the rollback
 * takes back whatever else the transaction wrote.
 */
export async function post(ctx: AppContext, ...movements: Movement[]): Promise<Posted> {
  if (!ctx.db.isTransaction) throw new Error('ledger: post() must run inside a transaction');
  const { ctes, columns } = posting(movements, ctx.clock.now());
  const { rows } = await sql<Parameters<typeof postedFrom>[0]>`WITH ${ctes} SELECT ${columns}`.execute(ctx.db).catch((error: unknown) => {
    throw ledgerError(error);
  });
  return postedFrom(rows[0]);
}

function assertBalanced({ kind, entries }: Movement) {
  if (entries.length < 2) throw new Error(`ledger: movement ${kind} needs at least two entries`);
  const accounts = new Set(entries.map((entry) => entry.walletId));
  if (accounts.size !== entries.length) throw new Error(`ledger: movement ${kind} names an account twice`);
  let sum = 0n;
  for (const entry of entries) {
    if (typeof entry.amountKobo !== 'bigint' || entry.amountKobo === 0n) throw new Error(`ledger: movement ${kind} has an entry that is not a non-zero bigint`);
    sum += entry.amountKobo;
  }
  if (sum !== 0n) throw new Error(`ledger: movement ${kind} does not balance (sum ${sum})`);
}

/** The ledger account of a user's wallet. */
export async function walletOf(ctx: AppContext, userId: bigint): Promise<bigint> {
  const wallet = await ctx.db.selectFrom('wallets').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return wallet.id;
}

/**
 * The system account with this code, created on first use. Its id never changes, so once it is
 * known to be committed — read or created outside a transaction, e.g. at start
 * (rememberSystemAccounts) — the process answers it from ctx.systemAccounts without asking.
 * Found inside a transaction it is not remembered: the row may be that transaction's own, and
 * roll back with it.
 */
export async function systemAccount(ctx: AppContext, code: string): Promise<bigint> {
  const known = ctx.systemAccounts.get(code);
  if (known !== undefined) return known;
  const find = () => ctx.db.selectFrom('wallets').select('id').where('code', '=', code).executeTakeFirst();
  const existing = await find();
  const created =
    existing ??
    (await ctx.db
      .insertInto('wallets')
      .values({ code, created_at: ctx.clock.now() })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning('id')
      .executeTakeFirst());
  // Someone else created it first: their row is committed by now (the insert waited for it).
  const id = created?.id ?? (await find())!.id;
  if (!ctx.db.isTransaction) ctx.systemAccounts.set(code, id);
  return id;
}

/** Makes the system accounts the app posts to known at start (created if need be), so no purchase looks them up. */
export async function rememberSystemAccounts(ctx: AppContext, codes: readonly string[]): Promise<void> {
  if (ctx.db.isTransaction) throw new Error('ledger: rememberSystemAccounts() must run outside a transaction');
  for (const code of codes) await systemAccount(ctx, code);
}
