import { sql } from 'kysely';
import { SERVICE_CATEGORIES, type ServiceCategory } from '../../../core/services';
import type { Bill } from '../../gateways/biller';
import type { AppContext } from '../context';
import type { RequeryHooks, StoredTransaction } from '../records/transactions';
import { askBiller, payGivenUpAt, type BillResult, type PurchaseDeps } from './billerCalls';
import { finalAskAt, refundUnconfirmed, settleExposure, type ExposureResult } from './deadline';
import { finalise } from './settling';

/**
 * Asking the biller again about a bill left processing (it answered pending, did not answer, or
 * the server stopped between holding the money and calling): by the requery job
 * (jobs/requery.ts) and by refresh-transaction. A final answer settles the bill through the same
 * guarded transition as the purchase itself (settling.ts finalise); no answer by the bill's last
 * ask before its 24-hour deadline refunds it in full (deadline.ts), and the biller's later answer
 * settles the business's exposure.
 */

/** The bill of a purchase transaction, as the biller knows it (also read by services/reconciliation.ts). */
export async function billOf(
  ctx: AppContext,
  transactionId: bigint,
): Promise<
  (Bill & { biller: string; status: string; createdAt: Date; deadlineAt: Date; exposure: string | null }) | undefined
> {
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
      'purchases.deadline_at',
      'purchases.exposure',
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
    deadlineAt: row.deadline_at,
    exposure: row.exposure,
  };
}

/**
 * What a requery did: settled or refunded the bill on the biller's answer, refunded it at its
 * deadline unconfirmed, left it pending, or settled the exposure of a bill refunded at its deadline
 * (deadline.ts); 'already-final' when there was nothing left to do.
 */
export type RequeryResult = 'completed' | 'canceled' | 'pending' | 'refunded-at-deadline' | ExposureResult;

type OpenBill = NonNullable<Awaited<ReturnType<typeof billOf>>>;

/**
 * Asks the biller what became of a processing bill and settles or refunds it (guarded, so a
 * concurrent requery or a late answer changes nothing). Pending, an error or no answer leave it
 * processing, until its last ask before the deadline: then it is refunded in full. A bill refunded
 * at its deadline is asked about still, and its exposure settled by the answer.
 */
export async function requeryPurchase(
  ctx: AppContext,
  deps: PurchaseDeps,
  transactionId: bigint,
): Promise<RequeryResult> {
  const bill = await billOf(ctx, transactionId);
  if (bill?.status === 'processing') return requeryProcessing(ctx, deps, transactionId, bill);
  if (bill?.exposure === 'open') {
    const answer = await answerOf(deps, bill);
    return answer.status === 'pending' ? 'pending' : settleExposure(ctx, exposed(transactionId, bill), answer);
  }
  return 'already-final';
}

/**
 * The biller's answer about a bill. Only the biller that holds a bill can say what became of it:
 * after BILLER changes, another biller would not know its request id and, in time, its "no such
 * request" would refund it; such a bill stays pending (and is refunded at its deadline).
 */
async function answerOf(deps: PurchaseDeps, bill: OpenBill): Promise<BillResult> {
  if (bill.biller !== deps.biller.name) return { status: 'pending' };
  return askBiller(deps, () => deps.biller.requery(bill));
}

const exposed = (transactionId: bigint, bill: OpenBill) => ({
  transactionId,
  biller: bill.biller,
  amountKobo: bill.amountKobo,
});

async function requeryProcessing(
  ctx: AppContext,
  deps: PurchaseDeps,
  transactionId: bigint,
  bill: OpenBill,
): Promise<RequeryResult> {
  const answer = await answerOf(deps, bill);
  if (answer.status === 'pending') {
    if (ctx.clock.now().getTime() < finalAskAt(bill.deadlineAt).getTime()) return 'pending';
    return (await refundUnconfirmed(ctx, transactionId)) ? 'refunded-at-deadline' : 'already-final';
  }
  const row = await finalise(ctx, transactionId, answer);
  if (row) return row.status as 'completed' | 'canceled';
  // Final already: another request, run or replica won. If that was the deadline's refund, this
  // answer is the one its exposure waits for.
  return settleExposure(ctx, exposed(transactionId, bill), answer);
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
