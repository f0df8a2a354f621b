import { lagosDateTime } from '../../../../core/days';
import { koboText, type StatementHeader, type StatementLine } from './ledgerStatement';
import type { StatementWords } from './statementWords';

/**
 * A statement as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read ₦):
 * the opening balance, one row per ledger entry with the running balance, the totals and the
 * closing balance. Amounts are naira with two decimals, exact from kobo. Written a page of
 * entries at a time: a long statement is never one string in memory, and each page is a
 * moment of the event loop.
 */

/** A cell a spreadsheet would run as a formula (a sender's name from a bank can be anything) is kept as text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const row = (values: string[]) => `${values.map(cell).join(',')}\r\n`;
const headings = ({ columns, csvColumns }: StatementWords) =>
  row([
    columns.date,
    columns.description,
    columns.reference,
    csvColumns.moneyOut,
    csvColumns.moneyIn,
    csvColumns.balance,
  ]);

const entryRow = (line: StatementLine) =>
  row([
    lagosDateTime(line.at),
    line.description,
    line.reference,
    line.amountKobo < 0n ? koboText(-line.amountKobo) : '',
    line.amountKobo > 0n ? koboText(line.amountKobo) : '',
    koboText(line.balanceKobo),
  ]);

export async function* statementCsv(
  header: StatementHeader,
  words: StatementWords,
  pages: AsyncIterable<StatementLine[]>,
): AsyncGenerator<string> {
  yield `\uFEFF${headings(words)}${row([header.from, words.opening, '', '', '', koboText(header.openingKobo)])}`;
  for await (const lines of pages) yield lines.map(entryRow).join('');
  yield (
    row([header.to, words.totals, '', koboText(header.debitsKobo), koboText(header.creditsKobo), '']) +
    row([header.to, words.closing, '', '', '', koboText(header.closingKobo)])
  );
}
