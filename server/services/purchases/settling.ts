import { sql } from 'kysely';
import { SERVICE_CATEGORIES, type ServiceCategory } from '../../../core/services';
import type { Bill } from '../../gateways/biller';
import type { AppContext } from '../context';
import { cashbackFor, cashbackTransaction } from '../cashback';
import { CASHBACK_REWARDS, posting, PURCHASE_CLEARING, systemAccount, type Movement } from '../ledger';
import { purchaseReceipt } from '../receipts';
import type { RequeryHooks, StoredTransaction } from '../transactions';
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
 * a bill to its final state and posts its settle or refund movement, in that same statement.
 */

/** What the bills of a biller are owed to: money leaves clearing for it when a bill is delivered. */
export const billerAccountCode = (biller: string) => `biller:${biller}`;

type FinalOutcome = Exclude<BillResult, { status: 'pending' }>;

/** A bill as settling needs it: its transaction (processing), the biller that holds it, the wallet it was paid from and who to mail. */
export interface OpenBill {
  row: StoredTransaction;
  biller: string;
  walletId: bigint;
  email: string;
}

async function openBill(ctx: AppContext, transactionId: bigint): Promise<OpenBill | undefined> {
  const { rows } = await sql<StoredTransaction & { biller: string; wallet_id: bigint; email: string }>`
    SELECT t.*, p.biller, w.id AS wallet_id, u.email
    FROM transactions t JOIN purchases p ON p.transaction_id = t.id JOIN wallets w ON w.user_id = t.user_id JOIN users u ON u.id = t.user_id
    WHERE t.id = ${transactionId}::bigint`.execute(ctx.db);
  if (rows.length === 0) return undefined;
  const { biller, wallet_id, email, ...row } = rows[0];
  return { row, biller, walletId: wallet_id, email };
}

/**
 * Moves a processing bill to its final state, once: completed with the settle movement
 * (clearing → biller) and its cashback (rewards → wallet, services/cashback.ts), or canceled
 * with the refund (clearing → wallet), and the notification; with `key`, the purchase's response
 * is stored under it. All of it is one statement behind the guarded status change, so it is
 * atomic without a transaction of its own. Then the e-mailed receipt. Answers the final row, or
 * null when the bill was already final (another request, job run or replica won): nothing is
 * changed, nothing is sent. `bill` is the open bill when the caller has it (the purchase that
 * placed it), else its transaction's id.
 */
export async function finalise(ctx: AppContext, bill: bigint | OpenBill, outcome: FinalOutcome, key?: string): Promise<StoredTransaction | null> {
  const open = typeof bill === 'bigint' ? await openBill(ctx, bill) : bill;
  if (!open || open.row.status !== 'processing') return null;
  const row = await settle(ctx, open, outcome, key);
  if (row) ctx.deliverMail(purchaseReceipt(open.email, row));
  return row;
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

async function settle(ctx: AppContext, open: OpenBill, outcome: FinalOutcome, key: string | undefined): Promise<StoredTransaction | null> {
  const now = ctx.clock.now();
  const row = finalRow(open.row, outcome, now);
  const delivered = row.status === 'completed';
  const cashback = row.cashback_kobo ?? 0n;
  const notification = finalNotification(row, cashback);
  const clearing = await systemAccount(ctx, PURCHASE_CLEARING);
  const receiver = delivered ? await systemAccount(ctx, billerAccountCode(open.biller)) : open.walletId;
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
  // The cashback's own transaction, and its movement (rewards → wallet) pointing at it.
  let credited = sql``;
  if (cashback > 0n) {
    const credit = cashbackTransaction(row, cashback);
    credited = sql`, credited AS (
        INSERT INTO transactions (user_id, category, amount_kobo, status, reference, from_label, to_label, description, rewarded_transaction_id, created_at, updated_at)
        SELECT ${row.user_id}::bigint, ${credit.category}, ${cashback}::bigint, 'completed', ${credit.reference}, ${credit.from_label}, ${credit.to_label},
               ${credit.description}, id, ${now}::timestamptz, ${now}::timestamptz
        FROM final RETURNING id
      )`;
    const rewards = await systemAccount(ctx, CASHBACK_REWARDS);
    movements.push({ kind: 'cashback', transactionId: sql<bigint>`(SELECT id FROM credited)`, entries: [{ walletId: rewards, amountKobo: -cashback }, { walletId: open.walletId, amountKobo: cashback }] });
  }
  // The purchase's answer, stored under its key with the final state it tells.
  let answered = sql``;
  if (key !== undefined) {
    const response = responseFor(row);
    answered = sql`, answered AS (
        UPDATE idempotency_keys SET response_status = ${response.status}::integer, response_body = ${JSON.stringify(response.body)}::text
        WHERE user_id = ${row.user_id}::bigint AND key = ${key} AND EXISTS (SELECT 1 FROM final)
      )`;
  }
  const ledger = posting(movements, now, sql<boolean>`EXISTS (SELECT 1 FROM final)`);
  const { rows } = await sql<{ settled: boolean }>`
    WITH final AS (
      UPDATE transactions
      SET status = ${row.status}, updated_at = ${now}::timestamptz, display_name = ${row.display_name}, display_value = ${row.display_value},
          description = ${row.description}, cashback_kobo = ${row.cashback_kobo}::bigint
      FROM purchases
      WHERE transactions.id = ${row.id}::bigint AND transactions.status = 'processing'
        AND purchases.transaction_id = transactions.id AND purchases.biller = ${open.biller}
      RETURNING transactions.id
    ), bill AS (
      UPDATE purchases SET next_requery_at = NULL WHERE transaction_id = (SELECT id FROM final)
    ), notified AS (
      INSERT INTO notifications (user_id, title, content, created_at)
      SELECT ${row.user_id}::bigint, ${notification.title}, ${notification.content}, ${now}::timestamptz FROM final
    )${credited}${answered}, ${ledger.ctes}
    SELECT EXISTS (SELECT 1 FROM final) AS settled, ${ledger.columns}`.execute(ctx.db);
  return rows[0].settled ? row : null;
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
