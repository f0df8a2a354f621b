import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../../core/i18n/locales';
import { inLocale } from '../../i18n';
import type { AppContext } from '../context';
import { cashbackFor, cashbackTransaction } from './cashback';
import { credit, ledgerError, postHold, posting, voidHold, type Movement } from '../ledger/ledger';
import type { Mail } from '../../gateways/mailer';
import type { Sms } from '../../gateways/sms';
import { ON_CONFLICT, planMail, planSms, type MessageKind } from '../notifications/outbox';
import { purchaseText } from '../notifications/textMessages';
import { billPartsOf, storedBillParts, type BillParts } from '../records/descriptions';
import { purchaseReceipt } from '../records/receipts';
import { transactionColumns, type StoredTransaction } from '../records/transactions';
import type { BillResult } from './billerCalls';
import { displayOf, finalNotification, responseFor, type RefundCause } from './wording';

/**
 * Settling a bill: delivered → the hold is posted (clearing → the biller's account) with its
 * cashback, completed; failed → the hold is voided (clearing → wallet), canceled. A bill left
 * processing (pending, no answer) is requeried (requery.ts) until the biller gives a final
 * answer or its 24-hour deadline comes (deadline.ts): unconfirmed → the hold is voided in full,
 * canceled, and the biller is still asked. The purchase, the requery job and
 * refresh-transaction all end here. Each refund records how long after the debit it came.
 *
 * The final transition is one guarded statement (`... WHERE status = 'processing'`): of the
 * purchase request, the requery job on any replica and refresh-transaction, exactly one moves a
 * bill to its final state and posts its hold's outcome, in that same statement. The database
 * refuses a second outcome of a hold, or a second cashback, whatever the code (ledger.ts).
 */

/**
 * What ends a bill for its customer: the biller's final answer, or its deadline passing without one
 * (unconfirmed: refunded in full, and the biller still asked).
 */
export type FinalOutcome = Exclude<BillResult, { status: 'pending' }> | { status: 'unconfirmed' };

const refundCauseOf = (outcome: FinalOutcome): RefundCause | null =>
  outcome.status === 'delivered' ? null : outcome.status === 'unconfirmed' ? 'deadline' : 'failed';

/**
 * A bill as settling needs it: its transaction (processing), the biller that holds it, the wallet
 * it was paid from, who to mail, and the phone to text when its owner verified one.
 */
export interface OpenBill {
  row: StoredTransaction;
  biller: string;
  walletId: bigint;
  email: string;
  /** The owner's verified phone; null when none is (no text then). */
  textTo: string | null;
  /**
   * The owner's language: what they are told is written in it, whoever settles the bill (their
   * request, or a job that speaks no one's language of its own).
   */
  language: Locale;
}

export async function openBill(ctx: AppContext, transactionId: bigint): Promise<OpenBill | undefined> {
  const { rows } = await sql<
    StoredTransaction & { biller: string; wallet_id: bigint; email: string; text_to: string | null; language: Locale }
  >`
    SELECT ${transactionColumns('t')}, p.biller, w.id AS wallet_id, u.email, u.language,
           CASE WHEN u.phone_verified_at IS NOT NULL THEN u.phone END AS text_to
    FROM transactions t JOIN purchases p ON p.transaction_id = t.id
    JOIN wallets w ON w.user_id = t.user_id JOIN users u ON u.id = t.user_id
    WHERE t.id = ${transactionId}::bigint`.execute(ctx.db);
  if (rows.length === 0) return undefined;
  const { biller, wallet_id, email, text_to, language, ...row } = rows[0];
  return { row, biller, walletId: wallet_id, email, textTo: text_to, language };
}

/**
 * Moves a processing bill to its final state, once: completed with its hold posted and its
 * cashback (rewards → wallet, services/cashback.ts), or canceled with its hold voided and the
 * refund's delay recorded; the customer's notices (finalNotices: the notification, the e-mailed
 * receipt and, to a verified phone, the text, queued in the outbox so that every outcome, whoever
 * settles it, is told the same way) with it and, with `key`, the purchase's response stored under
 * it; `also`, more CTEs of the caller's own (the purchase's pay call for its product's health),
 * written in the same statement whether or not it settles the bill. All of it is one statement
 * behind the guarded status change, so it is atomic without a transaction of its own. Answers the
 * final row, or null when the bill was already final (another request, job run or replica won):
 * nothing is changed, nothing is sent. `bill` is the open bill when the caller has it (the purchase that placed it),
 * else its transaction's id.
 */
export async function finalise(
  ctx: AppContext,
  bill: bigint | OpenBill,
  outcome: FinalOutcome,
  written: SettleExtras = {},
): Promise<StoredTransaction | null> {
  const open = typeof bill === 'bigint' ? await openBill(ctx, bill) : bill;
  if (!open || open.row.status !== 'processing') return null;
  return settle(ctx, open, outcome, written);
}

/** What a settle writes beside the bill: the purchase's answer under its key, and the caller's own CTEs. */
export interface SettleExtras {
  key?: string;
  also?: RawBuilder<unknown>;
}

/**
 * The bill as its final state leaves it: what settle writes, and what the response, the
 * notification and the receipt say.
 */
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
    bill_parts: withSuffix(placed.bill_parts, display?.suffix ?? ''),
    cashback_kobo: cashback > 0n ? cashback : null,
  };
}

/** The bill's parts with what the biller added once delivered; none when the bill was placed without. */
function withSuffix(stored: unknown, suffix: string): BillParts | null {
  const parts = billPartsOf(stored);
  return parts === null ? null : { ...parts, suffix: `${parts.suffix}${suffix}` };
}

/** CTEs telling a bill's owner of an outcome on every channel, and what the outbox needs once they are written. */
export interface BillNotices {
  ctes: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
  written(result: { receipt_id: bigint | null; text_id: bigint | null }): void;
}

/**
 * An outcome told on every channel the owner has: the in-app notification, the e-mail and, to a
 * verified phone, the text (queued in the outbox, once per `kind` and bill). CTEs of the caller's
 * statement, written only when its CTE `moved` (the guarded change that made the outcome) wrote a
 * row; `written` hands the outbox what the statement wrote.
 */
export function billNotices(
  ctx: AppContext,
  open: OpenBill,
  told: {
    kind: MessageKind;
    moved: string;
    notification: { title: string; content: string };
    mail: Mail;
    text: (to: string) => Sms;
  },
): BillNotices {
  const now = ctx.clock.now();
  const moved = sql.ref(told.moved);
  const event = open.row.id;
  const mail = planMail(ctx, { kind: told.kind, event, mail: told.mail });
  const text = open.textTo === null ? null : planSms(ctx, { kind: told.kind, event, sms: told.text(open.textTo) });
  const texted = text
    ? sql`, texted AS (
        INSERT INTO outbox ${text.columns} SELECT ${text.values} FROM ${moved} ${ON_CONFLICT} RETURNING id
      )`
    : sql``;
  return {
    ctes: sql`notified AS (
      INSERT INTO notifications (user_id, title, content, created_at)
      SELECT ${open.row.user_id}::bigint, ${told.notification.title}, ${told.notification.content}, ${now}::timestamptz
      FROM ${moved}
    ), mailed AS (
      INSERT INTO outbox ${mail.columns} SELECT ${mail.values} FROM ${moved} ${ON_CONFLICT} RETURNING id
    )${texted}`,
    columns: sql`(SELECT id FROM mailed) AS receipt_id,
                 ${text ? sql`(SELECT id FROM texted)` : sql`NULL::bigint`} AS text_id`,
    written: (result) => {
      mail.written(result.receipt_id);
      text?.written(result.text_id);
    },
  };
}

/**
 * What the customer is told of a bill's final state, in the words of its outcome (a refund at the
 * deadline says why). Every final notice goes through here, so a channel added to billNotices
 * reaches every outcome.
 */
function finalNotices(ctx: AppContext, open: OpenBill, row: StoredTransaction, refund: RefundCause | null) {
  return inLocale(open.language, () =>
    billNotices(ctx, open, {
      kind: 'receipt',
      moved: 'final',
      notification: finalNotification(row, row.cashback_kobo ?? 0n, refund),
      mail: purchaseReceipt(open.email, row, refund),
      text: (to) => purchaseText(to, row, refund),
    }),
  );
}

/**
 * The bill's own row as its final state leaves it: no more requeries (unless it was refunded
 * unconfirmed, whose exposure the biller's later answer settles: deadline.ts), and a refund's time
 * after the debit.
 */
function billUpdate(refund: RefundCause | null, now: Date, delayMs: number): RawBuilder<unknown> {
  const refunded = sql`refunded_at = ${now}::timestamptz, refund_delay_ms = ${delayMs}::bigint`;
  const set =
    refund === null
      ? sql`next_requery_at = NULL`
      : refund === 'failed'
        ? sql`next_requery_at = NULL, ${refunded}`
        : // Still asked on the job's lease: the biller's answer settles the exposure.
          sql`exposure = 'open', ${refunded}`;
  return sql`UPDATE purchases SET ${set} WHERE transaction_id = (SELECT id FROM final)`;
}

/**
 * The hold's outcome and, for a completed bill that earns one, its cashback credited to its own
 * transaction (the `credited` CTE).
 */
async function movementsOf(ctx: AppContext, open: OpenBill, row: StoredTransaction): Promise<Movement[]> {
  const held = { bill: row.id, amountKobo: row.amount_kobo };
  if (row.status !== 'completed') return [await voidHold(ctx, { ...held, walletId: open.walletId })];
  const outcome = await postHold(ctx, { ...held, biller: open.biller });
  if (row.cashback_kobo === null) return [outcome];
  const cashback = await credit(ctx, {
    walletId: open.walletId,
    amountKobo: row.cashback_kobo,
    transactionId: sql<bigint>`(SELECT id FROM credited)`,
    source: { from: 'cashback' },
  });
  return [outcome, cashback];
}

async function settle(
  ctx: AppContext,
  open: OpenBill,
  outcome: FinalOutcome,
  { key, also }: SettleExtras,
): Promise<StoredTransaction | null> {
  const now = ctx.clock.now();
  const row = finalRow(open.row, outcome, now);
  const refund = refundCauseOf(outcome);
  // The debit is the hold, written with the transaction.
  const delayMs = Math.max(0, now.getTime() - row.created_at.getTime());
  // The cashback's own transaction, which its credit points at.
  let credited = sql``;
  if (row.cashback_kobo !== null) {
    const rewarded = cashbackTransaction(row, row.cashback_kobo);
    credited = sql`, credited AS (
        INSERT INTO transactions (user_id, category, amount_kobo, status, reference, from_label, to_label, description,
                                  bill_parts, rewarded_transaction_id, created_at, updated_at)
        SELECT ${row.user_id}::bigint, ${rewarded.category}, ${row.cashback_kobo}::bigint, 'completed',
               ${rewarded.reference}, ${rewarded.from_label}, ${rewarded.to_label}, ${rewarded.description},
               ${storedBillParts(billPartsOf(rewarded.bill_parts))}::jsonb, id, ${now}::timestamptz, ${now}::timestamptz
        FROM final RETURNING id
      )`;
  }
  // The purchase's answer, stored under its key with the final state it tells.
  let answered = sql``;
  if (key !== undefined) {
    // Said to the buyer, in their language, even when a job settles it (a replay answers it).
    const response = inLocale(open.language, () => responseFor(row));
    answered = sql`, answered AS (
        UPDATE idempotency_keys
        SET response_status = ${response.status}::integer, response_body = ${JSON.stringify(response.body)}::text
        WHERE user_id = ${row.user_id}::bigint AND key = ${key} AND EXISTS (SELECT 1 FROM final)
      )`;
  }
  const ledger = posting(await movementsOf(ctx, open, row), now, sql<boolean>`EXISTS (SELECT 1 FROM final)`);
  const notices = finalNotices(ctx, open, row, refund);
  const { rows } = await sql<{ settled: boolean; receipt_id: bigint | null; text_id: bigint | null }>`
    WITH final AS (
      UPDATE transactions
      SET status = ${row.status}, updated_at = ${now}::timestamptz,
          display_name = ${row.display_name}, display_value = ${row.display_value},
          description = ${row.description}, bill_parts = ${storedBillParts(billPartsOf(row.bill_parts))}::jsonb,
          cashback_kobo = ${row.cashback_kobo}::bigint
      FROM purchases
      WHERE transactions.id = ${row.id}::bigint AND transactions.status = 'processing'
        AND purchases.transaction_id = transactions.id AND purchases.biller = ${open.biller}
      RETURNING transactions.id
    ), bill AS (${billUpdate(refund, now, delayMs)}), ${notices.ctes}${credited}${answered}, ${ledger.ctes}${
      also ? sql`, ${also}` : sql``
    }
    SELECT EXISTS (SELECT 1 FROM final) AS settled, ${notices.columns}, ${ledger.columns}`
    .execute(ctx.db)
    .catch((error: unknown) => {
      throw ledgerError(error);
    });
  if (!rows[0].settled) return null;
  notices.written(rows[0]);
  if (refund !== null) ctx.afterCommit(() => ctx.refunded?.({ cause: refund, delayMs }));
  return row;
}
