import { sql } from 'kysely';
import { inLocale } from '../../i18n';
import type { AppContext } from '../context';
import { ledgerError, posting, writeOff } from '../ledger/ledger';
import type { BillResult } from './billerCalls';
import { billNotices, finalise, openBill, type BillNotices } from './settling';
import { displayOf, lateDeliveryNotification } from './wording';
import { lateDeliveryText } from '../notifications/textMessages';
import { lateDeliveryMail } from '../records/receipts';
import { must } from '../../errors';

/**
 * The 24-hour rule (docs/domain.md, "Failed purchases: the 30-second and 24-hour rules"): a bill
 * may stay pending at most 24 hours after its debit; then its customer is refunded in full. The
 * requery job asks the biller on a cadence that fits the deadline (jobs/requery.ts), the last ask
 * FINAL_ASK_LEAD_MS before it; a bill still unconfirmed then is refunded through the same guarded
 * final transition as any refund (settling.ts, outcome 'unconfirmed'), which leaves an open
 * exposure: the business keeps asking, and the biller's later "delivered" is the business's loss
 * (a write-off, once) and the customer's at no charge (told so, with the token or pin to keep),
 * its later "failed" closes the exposure.
 */

/** How long a customer's money may be held for a bill the biller has not confirmed. */
export const PENDING_DEADLINE_MS = 24 * 60 * 60_000;

/**
 * The last ask before the deadline, and the refund when it finds the bill still pending, come this
 * long before it: enough for the job's interval, the biller's timeout and the spacing between asks,
 * so the refund lands inside the 24 hours.
 */
export const FINAL_ASK_LEAD_MS = 60_000;

/** A bill proven failed is refunded within this long of its debit (the glance counts those that were). */
export const PROMPT_REFUND_MS = 30_000;

/** The bill's deadline: its debit plus 24 hours (purchases.deadline_at). */
export const deadlineOf = (debitAt: Date): Date => new Date(debitAt.getTime() + PENDING_DEADLINE_MS);

/** When the last ask before the deadline is due, and the refund if it is still unanswered. */
export const finalAskAt = (deadline: Date): Date => new Date(deadline.getTime() - FINAL_ASK_LEAD_MS);

/**
 * Refunds a bill the biller has not confirmed by its deadline, in full and once (guarded: a bill
 * settled or refunded meanwhile is left as it is). Answers whether this call refunded it.
 */
export async function refundUnconfirmed(ctx: AppContext, transactionId: bigint): Promise<boolean> {
  return (await finalise(ctx, transactionId, { status: 'unconfirmed' })) !== null;
}

export type ExposureResult = 'written-off' | 'exposure-closed' | 'already-final';

/**
 * Settles the exposure of a bill refunded at its deadline by the biller's final answer, once: one
 * guarded statement on the bill's row (`exposure = 'open'`), which for "delivered" also posts the
 * write-off (the business's account → the biller's), so of concurrent requeries one settles it and
 * the database refuses a second write-off whatever the code. Answers 'already-final' when there was
 * no open exposure (another run settled it, or the bill was never refunded at its deadline).
 */
export async function settleExposure(
  ctx: AppContext,
  bill: { transactionId: bigint; biller: string; amountKobo: bigint },
  outcome: Exclude<BillResult, { status: 'pending' }>,
): Promise<ExposureResult> {
  const now = ctx.clock.now();
  const delivered = outcome.status === 'delivered';
  const ledger = delivered
    ? posting(
        [await writeOff(ctx, { bill: bill.transactionId, amountKobo: bill.amountKobo, biller: bill.biller })],
        now,
        sql<boolean>`EXISTS (SELECT 1 FROM resolved)`,
      )
    : null;
  const told = delivered ? await lateDelivery(ctx, bill.transactionId, outcome) : null;
  const { rows } = await sql<{ resolved: boolean; receipt_id: bigint | null; text_id: bigint | null }>`
    WITH resolved AS (
      UPDATE purchases
      SET exposure = ${delivered ? 'delivered' : 'failed'}, exposure_resolved_at = ${now}::timestamptz,
          next_requery_at = NULL
      WHERE transaction_id = ${bill.transactionId}::bigint AND exposure = 'open' AND biller = ${bill.biller}
      RETURNING transaction_id
    )${told ? sql`, ${told.ctes}` : sql``}${ledger ? sql`, ${ledger.ctes}` : sql``}
    SELECT EXISTS (SELECT 1 FROM resolved) AS resolved${told ? sql`, ${told.columns}` : sql``}${
      ledger ? sql`, ${ledger.columns}` : sql``
    }`
    .execute(ctx.db)
    .catch((error: unknown) => {
      throw ledgerError(error);
    });
  if (!rows[0].resolved) return 'already-final';
  told?.written(rows[0]);
  return delivered ? 'written-off' : 'exposure-closed';
}

/**
 * What a late delivery changes for its customer, in the exposure's statement: the refunded bill
 * shows what arrived (the electricity token or exam pin, which reaches the customer only through
 * us), and the customer is told on every channel that it is theirs at no charge, once.
 */
async function lateDelivery(
  ctx: AppContext,
  transactionId: bigint,
  outcome: Extract<BillResult, { status: 'delivered' }>,
): Promise<BillNotices> {
  const open = must(await openBill(ctx, transactionId), 'a bill with an open exposure has its transaction');
  const display = displayOf(outcome.receipt);
  const row = display
    ? { ...open.row, display_name: display.display_name, display_value: display.display_value }
    : open.row;
  // A job tells it: in the owner's language, not the job's.
  const notices = inLocale(open.language, () =>
    billNotices(ctx, open, {
      kind: 'late-delivery',
      moved: 'resolved',
      notification: lateDeliveryNotification(row),
      mail: lateDeliveryMail(open.email, row),
      text: (to) => lateDeliveryText(to, row),
    }),
  );
  const shown = display
    ? sql`, shown AS (
        UPDATE transactions SET display_name = ${row.display_name}, display_value = ${row.display_value}
        WHERE id = ${transactionId}::bigint AND EXISTS (SELECT 1 FROM resolved)
      )`
    : sql``;
  return { ...notices, ctes: sql`${notices.ctes}${shown}` };
}
