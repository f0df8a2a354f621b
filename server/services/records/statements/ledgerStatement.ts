import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Locale } from '../../../../core/i18n/locales';
import { inLocale, t } from '../../../i18n';
import { addDays, daysCovered, lagosDay, lagosDayStart } from '../../../../core/days';
import { STATEMENT_MAX_DAYS, STATEMENT_MAX_ENTRIES } from '../../../../core/statements';
import { AppError, must } from '../../../errors';
import type { AppContext } from '../../context';
import { walletEntries, walletFigures, walletOf, type WalletEntry, type WalletEntryPage } from '../../ledger/ledger';
import { describe } from '../descriptions';
import { refundLine } from './statementWords';

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

export const STATEMENT_ENDS_AFTER_TODAY = /*i18n*/ {
  id: 'statements.refused.future',
  message: 'the statement cannot end after today',
};
export const STATEMENT_REVERSED = /*i18n*/ {
  id: 'statements.refused.reversed',
  message: 'the start date must not be after the end date',
};
const statementTooLong = () =>
  t(
    /*i18n*/ { id: 'statements.refused.tooLong', message: 'a statement covers at most {days} days' },
    {
      days: String(STATEMENT_MAX_DAYS),
    },
  );
export const statementTooManyEntries = (entries: number) =>
  t(
    /*i18n*/ {
      id: 'statements.refused.tooMany',
      message:
        'these dates hold {entries} entries, more than the {max} a statement can hold: please choose a shorter period',
    },
    { entries: entries.toLocaleString('en-NG'), max: STATEMENT_MAX_ENTRIES.toLocaleString('en-NG') },
  );

/**
 * Entries per page read: a page is a few milliseconds of the database and tens of kilobytes. Small,
 * because on the embedded database (one connection) another user's query waits for the page in hand.
 */
const PAGE_SIZE = 250;

/** Movement kinds read as words, for entries that belong to no transaction. */
const kindWords = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/-/g, ' ');

/** An entry as the activity list describes its transaction, in the current language; a refund says so. */
function lineDescription(row: WalletEntry): string {
  const described = row.transaction && describe(row.transaction);
  if (!described) return kindWords(row.kind);
  return row.kind.endsWith('-refund') ? refundLine(described) : described;
}

const REAL_DAYS = "a statement's from and to are real days: the route's day fields take no other";

/** The range's first instant and the instant after it, checked: in order, at most a year, not past today. */
function period(ctx: AppContext, from: string, to: string): { start: Date; end: Date } {
  const start = must(lagosDayStart(from), REAL_DAYS);
  const last = must(lagosDayStart(to), REAL_DAYS);
  if (start > last) throw new AppError(422, t(STATEMENT_REVERSED));
  if (to > lagosDay(ctx.clock.now())) throw new AppError(422, t(STATEMENT_ENDS_AFTER_TODAY));
  if (daysCovered(start, last) > STATEMENT_MAX_DAYS) throw new AppError(422, statementTooLong());
  return { start, end: must(lagosDayStart(addDays(to, 1)), REAL_DAYS) };
}

/** The statement's figures, from one snapshot. */
export async function readStatement(ctx: AppContext, userId: bigint, from: string, to: string): Promise<Statement> {
  const { start, end } = period(ctx, from, to);
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const holder = await trx
        .selectFrom('users')
        .select(['name', 'email'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const walletId = await walletOf({ ...ctx, db: trx }, userId);
      const { openingKobo, creditsKobo, debitsKobo, closingKobo, entries, lastEntryId } = await walletFigures(
        { ...ctx, db: trx },
        walletId,
        start,
        end,
      );
      if (openingKobo + creditsKobo - debitsKobo !== closingKobo) {
        throw new Error(
          `statement of wallet ${walletId} does not reconcile: ${openingKobo} + ${creditsKobo} - ` +
            `${debitsKobo} <> ${closingKobo}`,
        );
      }
      return {
        holder,
        from,
        to,
        walletId,
        start,
        end,
        lastEntryId,
        openingKobo,
        creditsKobo,
        debitsKobo,
        closingKobo,
        entries,
        generatedAt: ctx.clock.now(),
      };
    });
}

/** Refuses (422) a document of more entries than one can hold, before any work is done for it. */
export function assertDocumentSize(statement: Statement): void {
  if (statement.entries > STATEMENT_MAX_ENTRIES) throw new AppError(422, statementTooManyEntries(statement.entries));
}

/**
 * The statement's entries, oldest first, a page at a time, each with the running balance. Throws
 * when they do not add up to the snapshot's figures (an entry committed out of order meanwhile):
 * a document that does not reconcile is never finished.
 */
export async function* statementLines(
  ctx: AppContext,
  statement: Statement,
  locale: Locale,
  pageSize = PAGE_SIZE,
): AsyncGenerator<StatementLine[]> {
  let balance = statement.openingKobo;
  let count = 0;
  let after: WalletEntryPage['after'] = null;
  for (;;) {
    const rows = await walletEntries(ctx, {
      walletId: statement.walletId,
      start: statement.start,
      end: statement.end,
      lastEntryId: statement.lastEntryId,
      after,
      size: pageSize,
    });
    if (rows.length === 0) break;
    const lines = inLocale(locale, () =>
      rows.map((row): StatementLine => {
        balance += row.amountKobo;
        return {
          at: row.createdAt,
          description: lineDescription(row),
          reference: row.reference ?? '',
          amountKobo: row.amountKobo,
          balanceKobo: balance,
        };
      }),
    );
    count += lines.length;
    const last = rows[rows.length - 1];
    after = { atKey: last.atKey, id: last.id };
    yield lines;
    // On the embedded database a query settles without I/O: without this turn of the event loop,
    // page after page would run before any other request is even read from its socket.
    await nextTurn();
    if (rows.length < pageSize) break;
  }
  if (balance !== statement.closingKobo || count !== statement.entries) {
    throw new Error(
      `statement of wallet ${statement.walletId} changed while it was read: ${count} entries ending on ` +
        `${balance}, expected ${statement.entries} ending on ${statement.closingKobo}`,
    );
  }
}

/** Kobo as naira text with exactly two decimals and no float on the way: -12345n → "-123.45". */
export function koboText(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const size = kobo < 0n ? -kobo : kobo;
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}
