import { sql, type Selectable } from 'kysely';
import { t } from '../../i18n';
import type { Paginated, Transaction } from '../../../core/contract';
import { everyColumn, namedColumns } from '../../db/columns';
import type { Nullable, TransactionsTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { describe, sayLabel } from './descriptions';
import { koboToNaira } from '../../../core/money';

export type StoredTransaction = Selectable<TransactionsTable>;

/**
 * Every column of a transaction, by name. Statements are prepared once per connection and never
 * select `*`: a column added by a migration would change a prepared statement's result under the
 * replicas still running the previous release ("cached plan must not change result type").
 */
export const TRANSACTION_COLUMNS = everyColumn<TransactionsTable>()([
  'id',
  'user_id',
  'category',
  'amount_kobo',
  'status',
  'reference',
  'from_label',
  'to_label',
  'description',
  'bill_parts',
  'display_name',
  'display_value',
  'customer_name',
  'cashback_kobo',
  'rewarded_transaction_id',
  'created_at',
  'updated_at',
]);

/** TRANSACTION_COLUMNS for a raw statement, of the table or its alias `from`. */
export const transactionColumns = (from?: string) => namedColumns(TRANSACTION_COLUMNS, from);

/**
 * Asks a transaction's gateway for its outcome and settles it (a purchase: completed, or
 * refunded and canceled once the biller says it failed). One per category; a category without
 * one (funding: credited only once the bank reports success, so never pending) keeps its state.
 * Answers 'checked-recently' when it did not ask because the gateway was asked about this
 * transaction moments ago (by anyone, on any replica).
 */
export type Requery = (
  ctx: AppContext,
  transaction: StoredTransaction,
) => Promise<'asked' | 'not-due' | 'checked-recently'>;
export type RequeryHooks = Partial<Record<string, Requery>>;

export const TRANSACTION_NOT_FOUND = /*i18n*/ { id: 'txn.refused.notFound', message: 'transaction not found' };

/** The contract's shape: naira as a number, times as ISO text. */
export function toTransaction(row: StoredTransaction): Transaction {
  return {
    id: Number(row.id),
    category: row.category,
    amount: koboToNaira(row.amount_kobo),
    status: row.status,
    created_at: row.created_at.toISOString(),
    reference: row.reference,
    from: sayLabel(row.from_label),
    to: sayLabel(row.to_label),
    description: describe(row),
    display_name: row.display_name,
    display_value: row.display_value,
    // Only purchases whose number was verified have one (an additive field of the contract).
    ...(row.customer_name === null ? {} : { customer_name: row.customer_name }),
    ...(row.cashback_kobo === null ? {} : { cashback: koboToNaira(row.cashback_kobo) }),
  };
}

export async function transactionById(ctx: AppContext, transactionId: bigint): Promise<StoredTransaction> {
  return ctx.db
    .selectFrom('transactions')
    .select(TRANSACTION_COLUMNS)
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
}

/**
 * The caller's transactions, newest first, one page of them (Laravel's paginator shape, which the
 * contract keeps for its existing clients), in one statement whose cost does not grow with the
 * history: the total is the count the wallet keeps, and the page is read off the (user_id,
 * created_at DESC, id DESC) index, past the pages before it (activity_page, 017_activity_list.sql).
 */
export async function listTransactions(
  ctx: AppContext,
  userId: bigint,
  page: number,
  perPage: number,
): Promise<Paginated<Transaction>> {
  const { rows } = await sql<{ total: bigint } & Nullable<StoredTransaction>>`
    SELECT w.transaction_count AS total, ${transactionColumns('t')}
    FROM wallets w LEFT JOIN activity_page(${userId}::bigint, ${perPage}::int, ${(page - 1) * perPage}::int) t ON true
    WHERE w.user_id = ${userId}::bigint`.execute(ctx.db);
  const count = Number(rows[0]?.total ?? 0n);
  const data = rows
    .filter((row): row is { total: bigint } & StoredTransaction => row.id !== null)
    .map(({ total: _total, ...row }) => toTransaction(row));
  return {
    data,
    current_page: page,
    per_page: perPage,
    total: count,
    last_page: Math.max(1, Math.ceil(count / perPage)),
  };
}

/** The user's own transaction; another user's is answered exactly like a missing one (404). */
export async function ownTransaction(
  ctx: AppContext,
  userId: bigint,
  transactionId: number,
): Promise<StoredTransaction> {
  const row = await ctx.db
    .selectFrom('transactions')
    .select(TRANSACTION_COLUMNS)
    .where('id', '=', BigInt(transactionId))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Another user's transaction is answered exactly like a missing one.
  if (!row) throw new AppError(404, t(TRANSACTION_NOT_FOUND));
  return row;
}

export interface Refreshed {
  /**
   * final: the transaction was already final, nothing was asked, nothing changed.
   * checked-recently: still open, but its gateway was asked moments ago; not asked again.
   */
  outcome: 'refreshed' | 'final' | 'checked-recently';
  transaction: Transaction;
}

/** Re-checks a pending or processing transaction with its gateway; a final one is answered as it is. */
export async function refreshTransaction(
  ctx: AppContext,
  userId: bigint,
  transactionId: number,
  requeries: RequeryHooks,
): Promise<Refreshed> {
  const row = await ownTransaction(ctx, userId, transactionId);
  if (row.status === 'completed' || row.status === 'canceled')
    return { outcome: 'final', transaction: toTransaction(row) };
  const requery = requeries[row.category];
  if (requery && (await requery(ctx, row)) === 'checked-recently')
    return { outcome: 'checked-recently', transaction: toTransaction(row) };
  return { outcome: 'refreshed', transaction: toTransaction(await ownTransaction(ctx, userId, transactionId)) };
}
