import { lagosDateTime } from '../../../core/days';
import { koboText, type Statement } from './ledgerStatement';

/**
 * A statement as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read ₦):
 * the opening balance, one row per ledger entry with the running balance, the totals and the
 * closing balance. Amounts are naira with two decimals, exact from kobo.
 */

/** A cell a spreadsheet would run as a formula (a sender's name from a bank can be anything) is kept as text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const row = (values: string[]) => values.map(cell).join(',');

export function statementCsv(statement: Statement): string {
  const rows = [
    row(['Date (Lagos)', 'Description', 'Reference', 'Money out (NGN)', 'Money in (NGN)', 'Balance (NGN)']),
    row([statement.from, 'Opening balance', '', '', '', koboText(statement.openingKobo)]),
    ...statement.lines.map((line) =>
      row([
        lagosDateTime(line.at),
        line.description,
        line.reference,
        line.amountKobo < 0n ? koboText(-line.amountKobo) : '',
        line.amountKobo > 0n ? koboText(line.amountKobo) : '',
        koboText(line.balanceKobo),
      ]),
    ),
    row([statement.to, 'Totals', '', koboText(statement.debitsKobo), koboText(statement.creditsKobo), '']),
    row([statement.to, 'Closing balance', '', '', '', koboText(statement.closingKobo)]),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
