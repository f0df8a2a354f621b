import type { Values, Words } from '../../../core/i18n/words';
import { formatNaira, koboToNaira } from '../../../core/money';
import { isPlainSms, SMS_SEGMENT, toPlainSms, type Sms } from '../../gateways/sms';
import { t } from '../../i18n';
import { whatWithoutAmount } from '../records/descriptions';
import type { StoredTransaction } from '../records/transactions';
import type { RefundCause } from '../purchases/wording';

/**
 * The texts of a transaction's outcome, to the owner's verified phone: a purchase delivered
 * (with the electricity token, or the exam pin and its serial: what the customer bought and must
 * keep), a purchase failed and refunded (at once, or later by a requery or at the deadline: the
 * same text), one refunded at its deadline and delivered after all, and each funding of the
 * wallet. Each fits one page of plain text (160 characters, gateways/sms.ts): the description or
 * the payer's name is shortened to make room, never the amount, the token, the pin or, when it
 * fits, the reference. Nothing else secret goes in a text. Each is in the language of the work
 * that makes it: the owner's (its callers see to it), its accents dropped.
 */

/** How a shortened part ends. */
const CUT = '...';

/** ₦1,000.00 as a text writes it: N1,000.00 (the naira sign is no plain character). */
const naira = (kobo: bigint) => toPlainSms(formatNaira(koboToNaira(kobo)));

/**
 * `before` + `shortened` + `after` (+ `optional` when the page has room for it), `shortened` cut to
 * what room is left: the whole fits one page whenever `before` and `after` do.
 */
export function fitPage(before: string, shortened: string, after: string, optional = ''): string {
  const fixed = before.length + after.length;
  const tail =
    optional !== '' && fixed + Math.min(shortened.length, 20) + optional.length <= SMS_SEGMENT ? optional : '';
  const room = SMS_SEGMENT - fixed - tail.length;
  const label =
    shortened.length <= room ? shortened : `${shortened.slice(0, Math.max(0, room - CUT.length)).trimEnd()}${CUT}`;
  return `${before}${label}${after}${tail}`;
}

/** Stands, while a text is said, where the part that may be shortened goes: no message holds it. */
const GAP = '\u0000';

/**
 * A text in the current language (server/i18n.ts), its `{gap}` the part that gives way: the words
 * around it are made plain (a language's accents dropped, as toPlainSms drops a name's) and the
 * part cut to fit the page, wherever the language puts it in the sentence.
 */
function saidToFit(words: Words, values: Values, shortened: string, optional: string): string {
  const [before, after = ''] = t(words, { ...values, gap: GAP }).split(GAP);
  return fitPage(toPlainSms(before), shortened, toPlainSms(after), optional);
}

/** The reference as the customer quotes it to support; left out when a text could not carry it unchanged. */
const referenceOf = (row: StoredTransaction) =>
  isPlainSms(row.reference)
    ? ` ${toPlainSms(t(/*i18n*/ { id: 'sms.reference', message: 'Ref {reference}' }, { reference: row.reference }))}`
    : '';

/**
 * What was bought without its amount, which the text says already: from the bill's parts, or
 * from a description stored without them ("₦500.00 MTN airtime for …", its amount cut off).
 */
function whatWasBought(row: StoredTransaction): string {
  const amount = formatNaira(koboToNaira(row.amount_kobo));
  const described =
    whatWithoutAmount(row) ??
    (row.description.startsWith(`${amount} `) ? row.description.slice(amount.length + 1) : row.description);
  return toPlainSms(described);
}

/** What the customer must keep of a delivered bill: its token, or its pin and serial. */
function whatToKeep(row: StoredTransaction): string {
  if (row.display_name === 'Token')
    return ` ${t(/*i18n*/ { id: 'sms.token', message: 'Token: {token}.' }, { token: toPlainSms(row.display_value) })}`;
  if (row.display_name === 'PIN') return ` ${toPlainSms(row.display_value)}.`;
  return '';
}

/**
 * The text of a purchase in its final state: completed, or canceled and refunded to the wallet,
 * because it failed or because the biller did not confirm it within 24 hours (`refund`).
 */
export function purchaseText(to: string, row: StoredTransaction, refund: RefundCause | null = null): Sms {
  const amount = naira(row.amount_kobo);
  const bought = whatWasBought(row);
  const reference = referenceOf(row);
  let text: string;
  if (row.status === 'completed')
    text = saidToFit(
      /*i18n*/ { id: 'sms.paid', message: 'Naira Wallet: {amount} paid for {gap}.{keep}' },
      { amount, keep: whatToKeep(row) },
      bought,
      reference,
    );
  else if (refund === 'deadline')
    text = saidToFit(
      /*i18n*/ {
        id: 'sms.refundedAtDeadline',
        message: 'Naira Wallet: {gap} not confirmed in 24h: {amount} refunded to your wallet.',
      },
      { amount },
      bought,
      reference,
    );
  else
    text = saidToFit(
      /*i18n*/ {
        id: 'sms.failed',
        message: 'Naira Wallet: your {amount} payment for {gap} failed. {amount} is back in your wallet.',
      },
      { amount },
      bought,
      reference,
    );
  return { to, text };
}

/**
 * The text of a bill refunded at its deadline that the biller delivered after all: at no charge,
 * the refund kept, with the token or pin to keep.
 */
export function lateDeliveryText(to: string, row: StoredTransaction): Sms {
  const text = saidToFit(
    /*i18n*/ {
      id: 'sms.lateDelivery',
      message: 'Naira Wallet: {gap} delivered late, at no charge: your {amount} refund stays.{keep}',
    },
    { amount: naira(row.amount_kobo), keep: whatToKeep(row) },
    whatWasBought(row),
    referenceOf(row),
  );
  return { to, text };
}

/** The text of a funding of the wallet: how much, and from whom. */
export function fundingText(to: string, row: StoredTransaction): Sms {
  const text = saidToFit(
    /*i18n*/ { id: 'sms.funded', message: 'Naira Wallet: {amount} added to your wallet from {gap}.' },
    { amount: naira(row.amount_kobo) },
    toPlainSms(row.from_label),
    referenceOf(row),
  );
  return { to, text };
}
