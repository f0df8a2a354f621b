import type { ConsoleTransaction, Exposure } from '../../../core/console';
import { koboToNaira } from '../../../core/money';
import { AppError, must } from '../../errors';
import type { AppContext } from '../../services/context';
import { TRANSACTION_COLUMNS, type RequeryHooks, type StoredTransaction } from '../../services/records/transactions';
import { commitAudit, type Actor } from './audit';

/** A bill still processing this long after it was placed is shown as stuck. */
export const STUCK_AFTER_MS = 60 * 60_000;

interface Filter {
  customerId?: bigint;
  /** Processing for over STUCK_AFTER_MS, oldest first. */
  stuck?: boolean;
  transactionId?: bigint;
  limit: number;
}

/** Transactions with their bill at the biller (purchases only), newest first (stuck: nearest their deadline first). */
export async function consoleTransactions(ctx: AppContext, filter: Filter): Promise<ConsoleTransaction[]> {
  const now = ctx.clock.now();
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS);
  let query = ctx.db
    .selectFrom('transactions as t')
    .leftJoin('purchases as p', 'p.transaction_id', 't.id')
    .leftJoin('providers as pr', 'pr.id', 'p.provider_id')
    .select([
      't.id',
      't.category',
      't.amount_kobo',
      't.status',
      't.reference',
      't.description',
      't.created_at',
      'p.biller',
      'p.beneficiary',
      'p.request_id',
      'p.last_requery_at',
      'p.deadline_at',
      'p.exposure',
      'pr.name as provider',
    ])
    .limit(filter.limit);
  if (filter.customerId !== undefined) query = query.where('t.user_id', '=', filter.customerId);
  if (filter.transactionId !== undefined) query = query.where('t.id', '=', filter.transactionId);
  // Stuck: the nearest their 24-hour deadline first.
  query = filter.stuck
    ? query.where('t.status', '=', 'processing').where('t.created_at', '<', stuckBefore).orderBy('p.deadline_at', 'asc')
    : query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc');
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    category: row.category,
    amount: koboToNaira(row.amount_kobo),
    status: row.status,
    reference: row.reference,
    description: row.description,
    created_at: row.created_at.toISOString(),
    bill:
      row.biller === null
        ? null
        : {
            biller: row.biller,
            provider: row.provider ?? '',
            beneficiary: row.beneficiary ?? '',
            request_id: row.request_id ?? '',
            last_requery_at: row.last_requery_at?.toISOString() ?? null,
            deadline_at: must(row.deadline_at, 'a purchase has its deadline').toISOString(),
            exposure: row.exposure as Exposure | null,
          },
    stuck: row.status === 'processing' && row.created_at < stuckBefore,
  }));
}

/** Asks the biller about one bill and settles it by the answer (services/purchases/settling.ts requeryPurchase). */
export type RequeryNow = (ctx: AppContext, transactionId: bigint) => Promise<unknown>;

/** Whether the purchase call itself has answered (its response is stored): the biller then knows the bill. */
async function payAnswered(ctx: AppContext, transactionId: bigint): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .select('response_status')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  return row?.response_status != null;
}

/**
 * "Requery now": asks the biller about a processing bill, through the same hook as the
 * customer's refresh (at most one question per bill every few seconds, whoever asks), and
 * settles or refunds it by the answer. The hook waits until the purchase's own call has surely
 * given up, lest the biller not know the bill yet; a bill whose call already answered (pending)
 * is known to the biller, so staff may ask about it at once. Answers the bill as it now stands.
 *
 * The audit holds who asked before anything is asked (committed on its own, so that a process
 * that dies mid-way, money moved or not, leaves the record), then the outcome, failures included.
 */
export async function requeryBill(
  ctx: AppContext,
  actor: Actor,
  requeries: RequeryHooks,
  requeryNow: RequeryNow,
  transactionId: bigint,
): Promise<ConsoleTransaction> {
  const [before] = await consoleTransactions(ctx, { transactionId, limit: 1 });
  if (!before) throw new AppError(404, 'no such transaction');
  const row = await ctx.db
    .selectFrom('transactions')
    .select(TRANSACTION_COLUMNS)
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  const subject = `transaction:${transactionId}`;
  const asked = { customerId: row.user_id, subject, before: { status: before.status } };
  await commitAudit(ctx, actor, { action: 'transaction.requery', ...asked });
  const outcome = (after: object) =>
    commitAudit(ctx, actor, { ...asked, action: 'transaction.requery-outcome', after });
  try {
    const after = await askBiller(ctx, requeries, requeryNow, row);
    await outcome({ status: after.status });
    return after;
  } catch (error) {
    await outcome({ outcome: 'failed', reason: error instanceof AppError ? error.message : 'error' });
    throw error;
  }
}

async function askBiller(ctx: AppContext, requeries: RequeryHooks, requeryNow: RequeryNow, row: StoredTransaction) {
  const requery = requeries[row.category];
  if (!requery || row.status !== 'processing')
    throw new AppError(409, `this ${row.category} transaction is ${row.status}: there is nothing to ask the biller`);
  const asked = await requery(ctx, row);
  if (asked === 'checked-recently')
    throw new AppError(429, 'the biller was asked about this bill moments ago: try again in a few seconds');
  if (asked === 'not-due') {
    const answering = 'the biller may still be answering the purchase itself: try again in a minute';
    if (!(await payAnswered(ctx, row.id))) throw new AppError(409, answering);
    await requeryNow(ctx, row.id);
  }
  const [after] = await consoleTransactions(ctx, { transactionId: row.id, limit: 1 });
  return after;
}
