import { sql } from 'kysely';
import { addDays, daysCovered, lagosDay, lagosDayStart } from '../../../core/days';
import { STATEMENT_MAX_DAYS } from '../../../core/statements';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { walletOf } from '../ledger';

/**
 * A statement of a user's wallet for a range of Lagos calendar days, read from the ledger
 * (services/ledger.ts): the wallet's entries in the range, the balance before the first day
 * and the balance after the last. Read in one repeatable-read snapshot, so a movement posted
 * meanwhile is in all three figures or in none; the closing balance is summed on its own and
 * must equal opening + credits − debits, or no statement is given.
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

export interface Statement {
  holder: { name: string; email: string };
  from: string;
  to: string;
  openingKobo: bigint;
  creditsKobo: bigint;
  debitsKobo: bigint;
  closingKobo: bigint;
  lines: StatementLine[];
  generatedAt: Date;
}

export const STATEMENT_ENDS_AFTER_TODAY = 'the statement cannot end after today';
export const STATEMENT_REVERSED = 'the start date must not be after the end date';
export const STATEMENT_TOO_LONG = `a statement covers at most ${STATEMENT_MAX_DAYS} days`;

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

export async function buildStatement(ctx: AppContext, userId: bigint, from: string, to: string): Promise<Statement> {
  const { start, end } = period(ctx, from, to);
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      const holder = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
      const walletId = await walletOf(tx, userId);
      const balanceBefore = async (instant: Date) => {
        const { rows } = await sql<{ total: string }>`
          SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_entries
          WHERE wallet_id = ${walletId} AND created_at < ${instant}::timestamptz`.execute(trx);
        return BigInt(rows[0].total);
      };
      const openingKobo = await balanceBefore(start);
      const { rows } = await sql<{ amount_kobo: string; created_at: Date; kind: string; reference: string | null; description: string | null }>`
        SELECT e.amount_kobo::text AS amount_kobo, e.created_at, m.kind, t.reference, t.description
        FROM ledger_entries e
        JOIN ledger_movements m ON m.id = e.movement_id
        LEFT JOIN transactions t ON t.id = m.transaction_id
        WHERE e.wallet_id = ${walletId} AND e.created_at >= ${start}::timestamptz AND e.created_at < ${end}::timestamptz
        ORDER BY e.created_at, e.id`.execute(trx);
      let balance = openingKobo;
      let creditsKobo = 0n;
      let debitsKobo = 0n;
      const lines = rows.map((row): StatementLine => {
        const amountKobo = BigInt(row.amount_kobo);
        if (amountKobo > 0n) creditsKobo += amountKobo;
        else debitsKobo -= amountKobo;
        balance += amountKobo;
        const refund = row.kind.endsWith('-refund') ? 'Refund: ' : '';
        return {
          at: row.created_at,
          description: row.description ? `${refund}${row.description}` : kindWords(row.kind),
          reference: row.reference ?? '',
          amountKobo,
          balanceKobo: balance,
        };
      });
      const closingKobo = await balanceBefore(end);
      if (openingKobo + creditsKobo - debitsKobo !== closingKobo) {
        throw new Error(`statement of wallet ${walletId} does not reconcile: ${openingKobo} + ${creditsKobo} - ${debitsKobo} <> ${closingKobo}`);
      }
      return { holder, from, to, openingKobo, creditsKobo, debitsKobo, closingKobo, lines, generatedAt: ctx.clock.now() };
    });
}

/** Kobo as naira text with exactly two decimals and no float on the way: -12345n → "-123.45". */
export function koboText(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const size = kobo < 0n ? -kobo : kobo;
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}
