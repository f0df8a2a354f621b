import { lagosDateTime } from '../../../../core/days';
import { toPlainSms } from '../../../gateways/sms';
import { t } from '../../../i18n';

/**
 * What a statement file says, in the language of the request that asked for it: said once before
 * the file is made, so the PDF's worker thread (which has no request) draws words it was handed.
 * The totals' names are the statements screen's own (the same ids), so the file and the screen agree.
 */
export interface StatementWords {
  title: string;
  period: string;
  generated: string;
  opening: string;
  moneyIn: string;
  moneyOut: string;
  closing: string;
  totals: string;
  nothingMoved: string;
  columns: { date: string; description: string; reference: string; moneyOut: string; moneyIn: string; balance: string };
  /** The CSV's amount columns name their currency: its cells are bare numbers. */
  csvColumns: { moneyOut: string; moneyIn: string; balance: string };
}

/** The words of a statement from `from` to `to` (Lagos days), made at `generatedAt`, in the current language. */
export function statementWords(from: string, to: string, generatedAt: Date): StatementWords {
  const moneyIn = t(/*i18n*/ { id: 'statements.in', message: 'Money in' });
  const moneyOut = t(/*i18n*/ { id: 'statements.out', message: 'Money out' });
  return {
    title: t(/*i18n*/ { id: 'statement.title', message: 'Wallet statement' }),
    period: t(/*i18n*/ { id: 'statement.period', message: 'Period: {from} to {to} (Lagos time)' }, { from, to }),
    generated: t(
      /*i18n*/ { id: 'statement.generated', message: 'Generated: {at}' },
      { at: lagosDateTime(generatedAt) },
    ),
    opening: t(/*i18n*/ { id: 'statements.opening', message: 'Opening balance' }),
    moneyIn,
    moneyOut,
    closing: t(/*i18n*/ { id: 'statements.closing', message: 'Closing balance' }),
    totals: t(/*i18n*/ { id: 'statement.totals', message: 'Totals' }),
    nothingMoved: t(/*i18n*/ { id: 'statement.nothingMoved', message: 'No money moved in this period.' }),
    columns: {
      date: t(/*i18n*/ { id: 'statement.date', message: 'Date (Lagos)' }),
      description: t(/*i18n*/ { id: 'statement.description', message: 'Description' }),
      reference: t(/*i18n*/ { id: 'statement.reference', message: 'Reference' }),
      moneyOut,
      moneyIn,
      balance: t(/*i18n*/ { id: 'statement.balance', message: 'Balance' }),
    },
    csvColumns: {
      moneyOut: t(/*i18n*/ { id: 'statement.csvMoneyOut', message: 'Money out (NGN)' }),
      moneyIn: t(/*i18n*/ { id: 'statement.csvMoneyIn', message: 'Money in (NGN)' }),
      balance: t(/*i18n*/ { id: 'statement.csvBalance', message: 'Balance (NGN)' }),
    },
  };
}

/** A refunded bill's line: its description after the word for a refund. */
export const refundLine = (description: string) =>
  t(/*i18n*/ { id: 'statement.refund', message: 'Refund: {description}' }, { description });

const LATIN_1 = /^[\n\x20-\x7E\xA0-\xFF]$/;
const MARK = /^\p{M}$/u;

/**
 * What the PDF's standard fonts cannot draw becomes text they can: ₦ as NGN, a letter outside
 * Latin-1 as its plain letter (Yoruba's ẹ as e, Hausa's ƙ as k, as a text message writes them),
 * anything else as '?'.
 */
export function drawable(text: string): string {
  return [...text.replace(/₦/g, 'NGN ').normalize('NFC')]
    .map((character) => {
      if (LATIN_1.test(character)) return character;
      if (MARK.test(character)) return '';
      return toPlainSms(character).trim() || '?';
    })
    .join('');
}
