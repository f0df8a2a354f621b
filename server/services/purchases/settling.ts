import { sql } from 'kysely';
import { SERVICE_CATEGORIES, type ServiceCategory } from '../../../core/services';
import type { Bill } from '../../gateways/biller';
import { inTransaction, type AppContext } from '../context';
import { cashbackFor, cashbackTransaction } from '../cashback';
import { CASHBACK_REWARDS, post, PURCHASE_CLEARING, systemAccount, type Movement } from '../ledger';
import { purchaseReceipt } from '../receipts';
import { transactionById, type RequeryHooks, type StoredTransaction } from '../transactions';
import { askBiller, payGivenUpAt, type BillResult, type PurchaseDeps } from './billerCalls';
import { displayOf, finalNotification, responseFor } from './wording';

/**
 * Settling a bill (DESIGN.md §4, security.md invariants 7 and 8): delivered → settle (clearing
 * → biller account), completed; failed → refund (clearing → wallet), canceled. A bill left
 * processing (pending, no answer) is requeried — by the requery job (jobs/requery.ts) or by
 * refresh-transaction — until the biller gives a final answer.
 *
 * The final transition is one guarded statement (`... WHERE status = 'processing'`): of the
 * purchase request, the requery job on any replica and refresh-transaction, exactly one moves
 * a bill to its final state and posts its settle or refund movement, in the same transaction.
 */

/** What the bills of a biller are owed to: money leaves clearing for it when a bill is delivered. */
export const billerAccountCode = (biller: string) => `biller:${biller}`;

type FinalOutcome = Exclude<BillResult, { status: 'pending' }>;

/**
 * Moves a processing bill to its final state, once: completed with the settle movement
 * (clearing → biller) and its cashback (rewards → wallet, services/cashback.ts), or canceled
 * with the refund (clearing → wallet), and the notification, all in one transaction behind the
 * guarded status change; with `key`, the purchase's response is stored under it in the same
 * transaction. Then, once that has committed, the e-mailed receipt. Answers the final row, or
 * null when the bill was already final (another request, job run or replica won): nothing is
 * changed, nothing is sent. `bill` is the processing row when the caller has it (the purchase
 * that placed it), else its id.
 */
export async function finalise(ctx: AppContext, bill: bigint | StoredTransaction, outcome: FinalOutcome, key?: string): Promise<StoredTransaction | null> {
  const placed = typeof bill === 'bigint' ? await transactionById(ctx, bill) : bill;
  if (placed.status !== 'processing') return null;
  const settled = await settle(ctx, placed, outcome, key);
  if (settled) ctx.deliverMail(purchaseReceipt(settled.email, settled.row));
  return settled?.row ?? null;
}

/** The bill as its final state leaves it: what settle writes, and what the response, the notification and the receipt say. */
function finalRow(placed: StoredTransaction, outcome: FinalOutcome, now: Date): StoredTransaction {
  const delivered = outcome.status === 'delivered';
  const display = delivered ? displayOf(outcome.receipt) : null;
  const cashback = delivered ? cashbackFor(placed) : 0n;
  return {
    ...placed,
    status: delivered ? 'completed' : 'canceled',
    updated_at: now,
    display_name: display?.display_name ?? placed.display_name,
    display_value: display?.display_value ?? placed.display_value,
    description: `${placed.description}${display?.suffix ?? ''}`,
    cashback_kobo: cashback > 0n ? cashback : null,
  };
}

async function settle(ctx: AppContext, placed: StoredTransaction, outcome: FinalOutcome, key: string | undefined): Promise<{ row: StoredTransaction; email: string } | null> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const row = finalRow(placed, outcome, now);
    const cashback = row.cashback_kobo ?? 0n;
    const notification = finalNotification(row, cashback);
    const credit = cashback > 0n ? cashbackTransaction(row, cashback) : null;
    const response = key === undefined ? null : responseFor(row);
    // One statement: the guarded status change, and only when it happened, the bill's requery
    // cleared, the notification, the cashback's own transaction and the stored response.
    const { rows } = await sql<{ biller: string | null; wallet_id: bigint; email: string; cashback_id: bigint | null }>`
      WITH final AS (
        UPDATE transactions
        SET status = ${row.status}, updated_at = ${now}::timestamptz, display_name = ${row.display_name}, display_value = ${row.display_value},
            description = ${row.description}, cashback_kobo = ${row.cashback_kobo}::bigint
        WHERE id = ${row.id}::bigint AND status = 'processing'
        RETURNING id, user_id
      ), bill AS (
        UPDATE purchases SET next_requery_at = NULL WHERE transaction_id = (SELECT id FROM final) RETURNING biller
      ), notified AS (
        INSERT INTO notifications (user_id, title, content, created_at)
        SELECT user_id, ${notification.title}, ${notification.content}, ${now}::timestamptz FROM final
      ), credited AS (
        INSERT INTO transactions (user_id, category, amount_kobo, status, reference, from_label, to_label, description, rewarded_transaction_id, created_at, updated_at)
        SELECT user_id, ${credit?.category ?? ''}, ${cashback}::bigint, 'completed', ${credit?.reference ?? ''}, ${credit?.from_label ?? ''}, ${credit?.to_label ?? ''},
               ${credit?.description ?? ''}, id, ${now}::timestamptz, ${now}::timestamptz
        FROM final WHERE ${credit !== null}
        RETURNING id
      ), answered AS (
        UPDATE idempotency_keys SET response_status = ${response?.status ?? null}::integer, response_body = ${response ? JSON.stringify(response.body) : null}::text
        WHERE ${response !== null} AND user_id = ${row.user_id}::bigint AND key = ${key ?? ''} AND EXISTS (SELECT 1 FROM final)
      )
      SELECT (SELECT biller FROM bill) AS biller, (SELECT id FROM credited) AS cashback_id, w.id AS wallet_id, u.email
      FROM final JOIN wallets w ON w.user_id = final.user_id JOIN users u ON u.id = final.user_id`.execute(tx.db);
    if (rows.length === 0) return null;
    const { biller, cashback_id, wallet_id, email } = rows[0];
    // Throwing rolls the status change back with the rest.
    if (!biller) throw new Error(`purchases: transaction ${row.id} has no bill`);
    const delivered = row.status === 'completed';
    const clearing = await systemAccount(tx, PURCHASE_CLEARING);
    const receiver = delivered ? await systemAccount(tx, billerAccountCode(biller)) : wallet_id;
    const movements: Movement[] = [
      {
        kind: delivered ? 'purchase-settle' : 'purchase-refund',
        transactionId: row.id,
        entries: [
          { walletId: clearing, amountKobo: -row.amount_kobo },
          { walletId: receiver, amountKobo: row.amount_kobo },
        ],
      },
    ];
    if (cashback_id !== null) {
      const rewards = await systemAccount(tx, CASHBACK_REWARDS);
      movements.push({ kind: 'cashback', transactionId: cashback_id, entries: [{ walletId: rewards, amountKobo: -cashback }, { walletId: wallet_id, amountKobo: cashback }] });
    }
    await post(tx, ...movements);
    return { row, email };
  });
}

/** The bill of a purchase transaction, as the biller knows it (also read by services/reconciliation.ts). */
export async function billOf(ctx: AppContext, transactionId: bigint): Promise<(Bill & { biller: string; status: string; createdAt: Date }) | undefined> {
  const row = await ctx.db
    .selectFrom('purchases')
    .innerJoin('transactions', 'transactions.id', 'purchases.transaction_id')
    .innerJoin('providers', 'providers.id', 'purchases.provider_id')
    .leftJoin('packages', 'packages.id', 'purchases.package_id')
    .select([
      'purchases.request_id',
      'purchases.category',
      'purchases.beneficiary',
      'purchases.biller',
      'providers.code as provider_code',
      'packages.code as package_code',
      'transactions.amount_kobo',
      'transactions.status',
      'transactions.created_at',
    ])
    .where('purchases.transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestId: row.request_id,
    // Only purchases write bills, and only for the service table's categories.
    category: row.category as ServiceCategory,
    providerCode: row.provider_code,
    packageCode: row.package_code,
    beneficiary: row.beneficiary,
    amountKobo: row.amount_kobo,
    biller: row.biller,
    status: row.status,
    createdAt: row.created_at,
  };
}

export type RequeryResult = 'completed' | 'canceled' | 'pending' | 'already-final';

/**
 * Asks the biller what became of a processing bill and settles or refunds it (guarded, so a
 * concurrent requery or a late answer changes nothing). Pending, an error or no answer leave it
 * processing.
 */
export async function requeryPurchase(ctx: AppContext, deps: PurchaseDeps, transactionId: bigint): Promise<RequeryResult> {
  const bill = await billOf(ctx, transactionId);
  if (!bill || bill.status !== 'processing') return 'already-final';
  // Only the biller that holds a bill can say what became of it: after BILLER changes, another
  // biller would not know its request id and, in time, its "no such request" would refund it.
  if (bill.biller !== deps.biller.name) return 'pending';
  const outcome = await askBiller(deps, () => deps.biller.requery(bill));
  if (outcome.status === 'pending') return 'pending';
  const row = await finalise(ctx, transactionId, outcome);
  return row ? (row.status as 'completed' | 'canceled') : 'already-final';
}

/**
 * One requery of a bill per this much time, whoever asks (refresh-transaction on any replica,
 * the requery job): a customer pressing refresh, or a script calling it in a loop, costs the
 * biller one call per bill every few seconds at most.
 */
export const REQUERY_SPACING_MS = 5_000;

/**
 * Takes the bill's turn to be requeried: one guarded statement on the bill's row, so of
 * concurrent callers on any replica one gets it, and none within REQUERY_SPACING_MS of the last.
 */
async function claimRequeryTurn(ctx: AppContext, transactionId: bigint): Promise<boolean> {
  const now = ctx.clock.now();
  const { rows } = await sql<{ transaction_id: bigint }>`
    UPDATE purchases SET last_requery_at = ${now}::timestamptz
    WHERE transaction_id = ${transactionId}::bigint
      AND (last_requery_at IS NULL OR last_requery_at <= ${new Date(now.getTime() - REQUERY_SPACING_MS)}::timestamptz)
    RETURNING transaction_id`.execute(ctx.db);
  return rows.length === 1;
}

/**
 * refresh-transaction's hooks (services/transactions.ts), one per service: a processing
 * purchase is requeried once its own pay call has surely given up, and not again within
 * REQUERY_SPACING_MS.
 */
export function purchaseRequeries(deps: PurchaseDeps): RequeryHooks {
  const hook = async (ctx: AppContext, transaction: StoredTransaction) => {
    if (ctx.clock.now().getTime() < payGivenUpAt(deps, transaction.created_at).getTime()) return 'not-due' as const;
    if (!(await claimRequeryTurn(ctx, transaction.id))) return 'checked-recently' as const;
    await requeryPurchase(ctx, deps, transaction.id);
    return 'asked' as const;
  };
  return Object.fromEntries(SERVICE_CATEGORIES.map((category) => [category, hook]));
}
