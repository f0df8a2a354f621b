import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type RawBuilder } from 'kysely';
import { addDays, daysCovered, lagosDay, lagosDayStart } from '../../../core/days';
import { STATEMENT_MAX_DAYS, STATEMENT_MAX_ENTRIES } from '../../../core/statements';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { walletOf } from '../ledger';

/**
 * A statement of a user's wallet for a range of Lagos calendar days, read from the ledger
 * (services/ledger.ts). Its figures — the balance before the first day, what came in and went
 * out, the balance after the last, the number of entries — are read in one short
 * repeatable-read snapshot by sums, never by loading the entries; the closing balance is summed
 * on its own and must equal opening + credits − debits, or no statement is given.
 *
 * A document's entries are then read in pages (statementLines), each page a statement of its
 * own on the (wallet, time, id) index, so a long history holds no connection for long — on the
 * embedded database, one connection serves everyone — and never sits whole in memory. The pages
 * stop at the last entry the snapshot counted; the running balance they add up must end on the
 * snapshot's closing balance, or the document is abandoned unfinished.
 */

export interface StatementLine {
  at: Date;
  /** What the user's activity list calls it; the movement's kind when it belongs to no transaction. */
  description: string;
  reference: string;
  /** Positive: money in; negative: money out. */
  amountKobo: bigint;
  /** The wallet's balance after this line. */
  balanceKobo: bigint;
}

/** A statement's figures, without its entries. */
export interface StatementHeader {
  holder: { name: string; email: string };
  from: string;
  to: string;
  openingKobo: bigint;
  creditsKobo: bigint;
  debitsKobo: bigint;
  closingKobo: bigint;
  entries: number;
  generatedAt: Date;
}

/** The header and where its entries are: what statementLines pages through. */
export interface Statement extends StatementHeader {
  walletId: bigint;
  start: Date;
  end: Date;
  /** The newest entry the snapshot counted: pages read nothing committed after it. */
  lastEntryId: bigint;
}

export const STATEMENT_ENDS_AFTER_TODAY = 'the statement cannot end after today';
export const STATEMENT_REVERSED = 'the start date must not be after the end date';
export const STATEMENT_TOO_LONG = `a statement covers at most ${STATEMENT_MAX_DAYS} days`;
export const statementTooManyEntries = (entries: number) =>
  `these dates hold ${entries.toLocaleString('en-NG')} entries, more than the ${STATEMENT_MAX_ENTRIES.toLocaleString('en-NG')} a statement can hold: please choose a shorter period`;

/**
 * Entries per page read: a page is a few milliseconds of the database and tens of kilobytes. Small,
 * because on the embedded database (one connection) another user's query waits for the page in hand.
 */
const PAGE_SIZE = 250;

/** Movement kinds read as words, for entries that belong to no transaction. */
const kindWords = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/-/g, ' ');

/** The range's first instant and the instant after it, checked: in order, at most a year, not past today. */
function period(ctx: AppContext, from: string, to: string): { start: Date; end: Date } {
  const start = lagosDayStart(from)!;
  const last = lagosDayStart(to)!;
  if (start > last) throw new AppError(422, STATEMENT_REVERSED);
  if (to > lagosDay(ctx.clock.now())) throw new AppError(422, STATEMENT_ENDS_AFTER_TODAY);
  if (daysCovered(start, last) > STATEMENT_MAX_DAYS) throw new AppError(422, STATEMENT_TOO_LONG);
  return { start, end: lagosDayStart(addDays(to, 1))! };
}

/** The statement's figures, from one snapshot. */
export async function readStatement(ctx: AppContext, userId: bigint, from: string, to: string): Promise<Statement> {
  const { start, end } = period(ctx, from, to);
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const holder = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
      const walletId = await walletOf({ ...ctx, db: trx }, userId);
      const { rows } = await sql<{ opening: string; credits: string; debits: string; closing: string; entries: string; last_id: string }>`
        SELECT
          (SELECT coalesce(sum(amount_kobo), 0) FROM ledger_entries WHERE wallet_id = ${walletId} AND created_at < ${start}::timestamptz)::text AS opening,
          (SELECT coalesce(sum(amount_kobo), 0) FROM ledger_entries WHERE wallet_id = ${walletId} AND created_at < ${end}::timestamptz)::text AS closing,
          coalesce(sum(amount_kobo) FILTER (WHERE amount_kobo > 0), 0)::text AS credits,
          coalesce(-sum(amount_kobo) FILTER (WHERE amount_kobo < 0), 0)::text AS debits,
          count(*)::text AS entries,
          coalesce(max(id), 0)::text AS last_id
        FROM ledger_entries
        WHERE wallet_id = ${walletId} AND created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz`.execute(trx);
      const figures = rows[0];
      const [openingKobo, creditsKobo, debitsKobo, closingKobo] = [figures.opening, figures.credits, figures.debits, figures.closing].map(BigInt);
      if (openingKobo + creditsKobo - debitsKobo !== closingKobo) {
        throw new Error(`statement of wallet ${walletId} does not reconcile: ${openingKobo} + ${creditsKobo} - ${debitsKobo} <> ${closingKobo}`);
      }
      const entries = Number(figures.entries);
      return { holder, from, to, walletId, start, end, lastEntryId: BigInt(figures.last_id), openingKobo, creditsKobo, debitsKobo, closingKobo, entries, generatedAt: ctx.clock.now() };
    });
}

/** Refuses (422) a document of more entries than one can hold, before any work is done for it. */
export function assertDocumentSize(statement: Statement): void {
  if (statement.entries > STATEMENT_MAX_ENTRIES) throw new AppError(422, statementTooManyEntries(statement.entries));
}

interface EntryRow {
  id: string;
  /** created_at as the database writes it: microseconds kept, so the next page starts exactly after this row. */
  at_key: string;
  amount_kobo: string;
  created_at: Date;
  kind: string;
  reference: string | null;
  description: string | null;
}

/**
 * The statement's entries, oldest first, a page at a time, each with the running balance. Throws
 * when they do not add up to the snapshot's figures (an entry committed out of order meanwhile):
 * a document that does not reconcile is never finished.
 */
export async function* statementLines(ctx: AppContext, statement: Statement, pageSize = PAGE_SIZE): AsyncGenerator<StatementLine[]> {
  let balance = statement.openingKobo;
  let count = 0;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const keyset: RawBuilder<unknown> = after ? sql`AND (e.created_at, e.id) > (${after.at}::timestamptz, ${after.id}::bigint)` : sql``;
    const { rows }: { rows: EntryRow[] } = await sql<EntryRow>`
      SELECT e.id::text AS id, e.created_at::text AS at_key, e.amount_kobo::text AS amount_kobo, e.created_at, m.kind, t.reference, t.description
      FROM ledger_entries e
      JOIN ledger_movements m ON m.id = e.movement_id
      LEFT JOIN transactions t ON t.id = m.transaction_id
      WHERE e.wallet_id = ${statement.walletId} AND e.created_at >= ${statement.start}::timestamptz AND e.created_at < ${statement.end}::timestamptz
        AND e.id <= ${statement.lastEntryId} ${keyset}
      ORDER BY e.created_at, e.id
      LIMIT ${pageSize}`.execute(ctx.db);
    if (rows.length === 0) break;
    const lines = rows.map((row): StatementLine => {
      balance += BigInt(row.amount_kobo);
      const refund = row.kind.endsWith('-refund') ? 'Refund: ' : '';
      return {
        at: row.created_at,
        description: row.description ? `${refund}${row.description}` : kindWords(row.kind),
        reference: row.reference ?? '',
        amountKobo: BigInt(row.amount_kobo),
        balanceKobo: balance,
      };
    });
    count += lines.length;
    const last = rows[rows.length - 1];
    after = { at: last.at_key, id: last.id };
    yield lines;
    // On the embedded database a query settles without I/O: without this turn of the event loop,
    // page after page would run before any other request is even read from its socket.
    await nextTurn();
    if (rows.length < pageSize) break;
  }
  if (balance !== statement.closingKobo || count !== statement.entries) {
    throw new Error(`statement of wallet ${statement.walletId} changed while it was read: ${count} entries ending on ${balance}, expected ${statement.entries} ending on ${statement.closingKobo}`);
  }
}

/** Kobo as naira text with exactly two decimals and no float on the way: -12345n → "-123.45". */
export function koboText(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const size = kobo < 0n ? -kobo : kobo;
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}
