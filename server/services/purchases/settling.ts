import { sql } from 'kysely';
import { SERVICE_CATEGORIES, type ServiceCategory } from '../../../core/services';
import type { Bill } from '../../gateways/biller';
import { inTransaction, type AppContext } from '../context';
import { cashbackFor, creditCashback } from '../cashback';
import { CASHBACK_REWARDS, lockAccounts, post, PURCHASE_CLEARING, systemAccount, walletOf } from '../ledger';
import { addNotification } from '../notifications';
import { purchaseReceipt } from '../receipts';
import type { RequeryHooks, StoredTransaction } from '../transactions';
import { askBiller, payGivenUpAt, type BillResult, type PurchaseDeps } from './billerCalls';
import { displayOf, finalNotification } from './wording';

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
const billerAccountCode = (biller: string) => `biller:${biller}`;

/**
 * Moves a processing bill to its final state, once: completed with the settle movement
 * (clearing → biller) and its cashback (rewards → wallet, services/cashback.ts), or canceled
 * with the refund (clearing → wallet), and the notification, all in one transaction behind the
 * guarded status change. Then, once that has committed, the e-mailed receipt. Answers the final
 * row, or null when the bill was already final (another request, job run or replica won):
 * nothing is changed, nothing is sent.
 */
export async function finalise(ctx: AppContext, transactionId: bigint, outcome: Exclude<BillResult, { status: 'pending' }>): Promise<StoredTransaction | null> {
  const row = await settle(ctx, transactionId, outcome);
  if (row) ctx.deliverMail(await purchaseReceipt(ctx, row));
  return row;
}

async function settle(ctx: AppContext, transactionId: bigint, outcome: Exclude<BillResult, { status: 'pending' }>): Promise<StoredTransaction | null> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const delivered = outcome.status === 'delivered';
    const display = delivered ? displayOf(outcome.receipt) : null;
    const { rows } = await sql<StoredTransaction & { biller: string }>`
      WITH final AS (
        UPDATE transactions
        SET status = ${delivered ? 'completed' : 'canceled'}, updated_at = ${now}::timestamptz,
            display_name = coalesce(${display?.display_name ?? null}::text, display_name),
            display_value = coalesce(${display?.display_value ?? null}::text, display_value),
            description = description || ${display?.suffix ?? ''}::text
        WHERE id = ${transactionId}::bigint AND status = 'processing'
        RETURNING *
      ), bill AS (
        UPDATE purchases SET next_requery_at = NULL WHERE transaction_id = (SELECT id FROM final) RETURNING biller
      )
      SELECT final.*, bill.biller FROM final LEFT JOIN bill ON true`.execute(tx.db);
    if (rows.length === 0) return null;
    const { biller, ...row } = rows[0];
    // Throwing rolls the status change back with the rest.
    if (!biller) throw new Error(`purchases: transaction ${transactionId} has no bill`);
    const cashback = delivered ? cashbackFor(row) : 0n;
    // The notification first, the ledger last: the clearing account's row lock (shared by every
    // purchase) is then held for the shortest time.
    await addNotification(tx, row.user_id, finalNotification(row, cashback));
    const clearing = await systemAccount(tx, PURCHASE_CLEARING);
    const wallet = await walletOf(tx, row.user_id);
    const receiver = delivered ? await systemAccount(tx, billerAccountCode(biller)) : wallet;
    const rewards = cashback > 0n ? await systemAccount(tx, CASHBACK_REWARDS) : null;
    // Two movements in one transaction: their accounts are locked together, in the global order.
    if (rewards !== null) await lockAccounts(tx, [clearing, receiver, rewards, wallet]);
    await post(tx, {
      kind: delivered ? 'purchase-settle' : 'purchase-refund',
      transactionId: row.id,
      entries: [
        { walletId: clearing, amountKobo: -row.amount_kobo },
        { walletId: receiver, amountKobo: row.amount_kobo },
      ],
    });
    return rewards === null ? row : creditCashback(tx, row, cashback, { rewards, wallet });
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
