import { sql } from 'kysely';
import { isDay, lagosDay, lagosDayRange } from '../../../core/days';
import { formatNaira, koboToNaira } from '../../../core/money';
import type { Executor } from '../../db/schema';
import type { BankPartner, PartnerTransfer, TransferRecords } from '../../gateways/bankPartner';
import { askBiller, type PurchaseDeps } from '../purchases/billerCalls';
import { billOf } from '../purchases/requery';
import type { AppContext } from '../context';

/**
 * Reconciliation of one day (Africa/Lagos) with each counterparty's own records: our credits
 * with each bank partner's transaction list, our final bills with the biller's requery. Every
 * difference, both ways, is stored in reconciliation_mismatches and listed — never corrected
 * here: whether to credit, refund or chase the partner is an operator's decision.
 *
 * - Bank partner (one with records): a payment it lists as paid that we neither credited nor
 *   hold in suspense → `not-credited` (a disputed webhook among them); a credit of ours it does
 *   not hold as paid, even asked by reference → `unknown-to-partner`; both with different
 *   amounts → `amount-differs`.
 * - Biller: a bill we completed (the customer paid) that its requery says failed (or does not
 *   know, which an adapter reports as failed) → `bill-failed-at-biller`; a bill we refunded
 *   that it says delivered → `bill-delivered-after-refund`. Bills still processing are the
 *   requery job's, and a requery that gives no final answer is counted as unanswered.
 */

export type MismatchKind =
  'not-credited' | 'unknown-to-partner' | 'amount-differs' | 'bill-failed-at-biller' | 'bill-delivered-after-refund';

export interface Mismatch {
  day: string;
  counterparty: string;
  kind: MismatchKind;
  reference: string;
  ourAmountKobo: bigint | null;
  theirAmountKobo: bigint | null;
  detail: string;
}

export interface CounterpartySummary {
  counterparty: string;
  /** Our records of the day compared. */
  ours: number;
  /** Theirs (the partner's paid transfers; the bills the biller answered about). */
  theirs: number;
  /** Why the counterparty could not be compared (it did not answer), if so. */
  error?: string;
  /** Bills whose requery gave no final answer. */
  unanswered?: number;
}

export interface ReconciliationReport {
  day: string;
  counterparties: CounterpartySummary[];
  /** Every mismatch stored for the day (earlier runs included), oldest first. */
  mismatches: Mismatch[];
  /** How many of them this run found first. */
  newlyFound: number;
}

export interface ReconciliationDeps {
  banks: readonly BankPartner[];
  purchases: PurchaseDeps;
}

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

export async function reconcileDay(
  ctx: AppContext,
  deps: ReconciliationDeps,
  day: string,
): Promise<ReconciliationReport> {
  if (!isDay(day)) throw new RangeError(`not a day: ${day} (expected YYYY-MM-DD)`);
  const found: Mismatch[] = [];
  const counterparties: CounterpartySummary[] = [];
  for (const bank of deps.banks) {
    if (bank.records) counterparties.push(await reconcilePartner(ctx, bank.provider, bank.records, day, found));
  }
  counterparties.push(await reconcileBiller(ctx, deps.purchases, day, found));

  let newlyFound = 0;
  for (const mismatch of found) {
    const inserted = await ctx.db
      .insertInto('reconciliation_mismatches')
      .values({
        day: mismatch.day,
        counterparty: mismatch.counterparty,
        kind: mismatch.kind,
        reference: mismatch.reference,
        our_amount_kobo: mismatch.ourAmountKobo,
        their_amount_kobo: mismatch.theirAmountKobo,
        detail: mismatch.detail.slice(0, 300),
        found_at: ctx.clock.now(),
      })
      .onConflict((conflict) => conflict.columns(['day', 'counterparty', 'kind', 'reference']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) newlyFound += 1;
  }
  return { day, counterparties, mismatches: await listMismatches(ctx.db, day), newlyFound };
}

async function reconcilePartner(
  ctx: AppContext,
  provider: string,
  records: TransferRecords,
  day: string,
  found: Mismatch[],
): Promise<CounterpartySummary> {
  const counterparty = `bank:${provider}`;
  const { from, to } = lagosDayRange(day);
  let theirs: PartnerTransfer[];
  try {
    theirs = (await records.listTransfers(from, to)).filter((transfer) => transfer.status === 'paid');
  } catch (error) {
    return { counterparty, ours: 0, theirs: 0, error: (error as Error).message };
  }
  // Ours: every reference the partner listed, whatever day we recorded it, and every one we recorded that day.
  const ours = await ctx.db
    .selectFrom('incoming_transfers')
    .select(['reference', 'amount_kobo', 'paid_at', 'received_at'])
    .where('provider', '=', provider)
    .where((eb) =>
      eb.or([
        eb.and([eb('paid_at', '>=', from), eb('paid_at', '<', to)]),
        eb.and([eb('paid_at', 'is', null), eb('received_at', '>=', from), eb('received_at', '<', to)]),
        ...(theirs.length > 0
          ? [
              eb(
                'reference',
                'in',
                theirs.map((transfer) => transfer.reference),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  const ourByReference = new Map(ours.map((row) => [row.reference, row]));
  const theirByReference = new Map(theirs.map((transfer) => [transfer.reference, transfer]));
  const disputes = new Map(
    (theirs.length > 0
      ? await ctx.db
          .selectFrom('disputed_transfers')
          .select(['reference', 'reason'])
          .where('provider', '=', provider)
          .where(
            'reference',
            'in',
            theirs.map((transfer) => transfer.reference),
          )
          .execute()
      : []
    ).map((row) => [row.reference, row.reason]),
  );

  for (const transfer of theirs) {
    const our = ourByReference.get(transfer.reference);
    if (!our) {
      const dispute = disputes.get(transfer.reference);
      found.push({
        day,
        counterparty,
        kind: 'not-credited',
        reference: transfer.reference,
        ourAmountKobo: null,
        theirAmountKobo: transfer.amountKobo,
        detail:
          `${provider} received ${naira(transfer.amountKobo)}` +
          `${transfer.accountNumber ? ` into ${transfer.accountNumber}` : ''} that we did not credit` +
          `${dispute ? ` (its webhook was disputed: ${dispute})` : ''}`,
      });
    } else if (our.amount_kobo !== transfer.amountKobo) {
      found.push({
        day,
        counterparty,
        kind: 'amount-differs',
        reference: transfer.reference,
        ourAmountKobo: our.amount_kobo,
        theirAmountKobo: transfer.amountKobo,
        detail: `we recorded ${naira(our.amount_kobo)}, ${provider} ${naira(transfer.amountKobo)}`,
      });
    }
  }
  for (const our of ours) {
    const recordedDay = lagosDay(our.paid_at ?? our.received_at);
    if (recordedDay !== day || theirByReference.has(our.reference)) continue;
    // Not in the day's list: it may sit on the next day at the partner; its status call settles it.
    let record: PartnerTransfer | null;
    try {
      record = await records.lookupTransfer(our.reference);
    } catch (error) {
      return {
        counterparty,
        ours: ours.length,
        theirs: theirs.length,
        error: `status of ${our.reference}: ${(error as Error).message}`,
      };
    }
    if (record?.status === 'paid' && record.amountKobo === our.amount_kobo) continue;
    found.push({
      day,
      counterparty,
      kind: record?.status === 'paid' ? 'amount-differs' : 'unknown-to-partner',
      reference: our.reference,
      ourAmountKobo: our.amount_kobo,
      theirAmountKobo: record?.amountKobo ?? null,
      detail: record
        ? `we recorded ${naira(our.amount_kobo)}; ` +
          `${provider} reports ${naira(record.amountKobo)} ${record.partnerStatus}`
        : `we recorded ${naira(our.amount_kobo)}; ${provider} has no such payment`,
    });
  }
  return {
    counterparty,
    ours: ours.filter((our) => lagosDay(our.paid_at ?? our.received_at) === day).length,
    theirs: theirs.length,
  };
}

async function reconcileBiller(
  ctx: AppContext,
  deps: PurchaseDeps,
  day: string,
  found: Mismatch[],
): Promise<CounterpartySummary> {
  const counterparty = `biller:${deps.biller.name}`;
  const { from, to } = lagosDayRange(day);
  const bills = await ctx.db
    .selectFrom('purchases')
    .innerJoin('transactions', 'transactions.id', 'purchases.transaction_id')
    .select([
      'purchases.transaction_id',
      'purchases.request_id',
      'purchases.exposure',
      'transactions.status',
      'transactions.amount_kobo',
    ])
    .where('purchases.biller', '=', deps.biller.name)
    .where('transactions.created_at', '>=', from)
    .where('transactions.created_at', '<', to)
    .where('transactions.status', 'in', ['completed', 'canceled'])
    .orderBy('purchases.transaction_id')
    .execute();
  let answered = 0;
  let unanswered = 0;
  for (const row of bills) {
    const bill = await billOf(ctx, row.transaction_id);
    if (!bill) continue;
    const outcome = await askBiller(deps, () => deps.biller.requery(bill));
    if (outcome.status === 'pending') {
      unanswered += 1;
      continue;
    }
    answered += 1;
    if (row.status === 'completed' && outcome.status === 'failed') {
      found.push({
        day,
        counterparty,
        kind: 'bill-failed-at-biller',
        reference: row.request_id,
        ourAmountKobo: row.amount_kobo,
        theirAmountKobo: null,
        detail:
          `we charged ${naira(row.amount_kobo)} for a bill ${deps.biller.name} reports as failed: ` +
          `${outcome.reason}`,
      });
    } else if (
      row.status === 'canceled' &&
      outcome.status === 'delivered' &&
      // A bill refunded at its 24-hour deadline that the biller delivered later is booked: written off.
      row.exposure !== 'delivered'
    ) {
      found.push({
        day,
        counterparty,
        kind: 'bill-delivered-after-refund',
        reference: row.request_id,
        ourAmountKobo: row.amount_kobo,
        theirAmountKobo: row.amount_kobo,
        detail: `we refunded ${naira(row.amount_kobo)} for a bill ${deps.biller.name} reports as delivered`,
      });
    }
  }
  return { counterparty, ours: bills.length, theirs: answered, ...(unanswered > 0 ? { unanswered } : {}) };
}

/** The mismatches stored for a day (every day when omitted), oldest first. */
export async function listMismatches(db: Executor, day?: string): Promise<Mismatch[]> {
  const rows = await db
    .selectFrom('reconciliation_mismatches')
    .select(['day', 'counterparty', 'kind', 'reference', 'our_amount_kobo', 'their_amount_kobo', 'detail'])
    .$if(day !== undefined, (query) => query.where('day', '=', day ?? ''))
    .orderBy('day')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    counterparty: row.counterparty,
    kind: row.kind as MismatchKind,
    reference: row.reference,
    ourAmountKobo: row.our_amount_kobo,
    theirAmountKobo: row.their_amount_kobo,
    detail: row.detail,
  }));
}

/** Records that a day's run started; false when another run holds it (started within the hour, not finished). */
export async function claimDay(ctx: AppContext, day: string, { force }: { force: boolean }): Promise<boolean> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - 60 * 60_000);
  const claimed = await sql<{ day: string }>`
    INSERT INTO reconciliation_runs (day, started_at) VALUES (${day}, ${now}::timestamptz)
    ON CONFLICT (day) DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = NULL, summary = NULL
    WHERE ${force}::boolean
       OR (reconciliation_runs.finished_at IS NULL AND reconciliation_runs.started_at < ${staleBefore}::timestamptz)
    RETURNING day`.execute(ctx.db);
  return claimed.rows.length > 0;
}

export async function finishDay(ctx: AppContext, report: ReconciliationReport): Promise<void> {
  await ctx.db
    .updateTable('reconciliation_runs')
    .set({
      finished_at: ctx.clock.now(),
      summary: JSON.stringify({ counterparties: report.counterparties, mismatches: report.mismatches.length }),
    })
    .where('day', '=', report.day)
    .execute();
}

/** The report as a table for a terminal. */
export function reconciliationTable(mismatches: Mismatch[], counterparties?: CounterpartySummary[]): string {
  const lines: string[] = [];
  for (const summary of counterparties ?? []) {
    const status = summary.error
      ? `NOT COMPARED: ${summary.error}`
      : `${summary.ours} of ours, ${summary.theirs} of theirs` +
        `${summary.unanswered ? `, ${summary.unanswered} unanswered` : ''}`;
    lines.push(`${summary.counterparty}: ${status}`);
  }
  if (counterparties) lines.push('');
  if (mismatches.length === 0) return [...lines, 'No mismatches.'].join('\n');
  const header = ['day', 'counterparty', 'kind', 'reference', 'ours', 'theirs', 'detail'];
  const rows = mismatches.map((m) => [
    m.day,
    m.counterparty,
    m.kind,
    m.reference,
    m.ourAmountKobo === null ? '-' : naira(m.ourAmountKobo),
    m.theirAmountKobo === null ? '-' : naira(m.theirAmountKobo),
    m.detail,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [
    ...lines,
    `${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'} (stored, not corrected):`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}

/** The report as JSON: amounts in kobo as text (exact). */
export function reconciliationJson(mismatches: Mismatch[], counterparties?: CounterpartySummary[]): string {
  return JSON.stringify(
    {
      ...(counterparties ? { counterparties } : {}),
      mismatches: mismatches.map((m) => ({
        day: m.day,
        counterparty: m.counterparty,
        kind: m.kind,
        reference: m.reference,
        our_amount_kobo: m.ourAmountKobo?.toString() ?? null,
        their_amount_kobo: m.theirAmountKobo?.toString() ?? null,
        detail: m.detail,
      })),
    },
    null,
    2,
  );
}
