import { lagosTimeInWords } from '../../../core/days';
import type { Locale } from '../../../core/i18n/locales';
import { formatNaira, koboToNaira } from '../../../core/money';
import { serviceOfCategory } from '../../../core/services';
import type { Mail } from '../../gateways/mailer';
import { t } from '../../i18n';
import type { RefundCause } from '../purchases/wording';
import { describe, sayLabel } from './descriptions';
import type { AppContext } from '../context';
import type { StoredTransaction } from './transactions';

/**
 * E-mailed receipts: a completed or refunded purchase and every funding, in text
 * and HTML, with the amount, reference, status and what the customer must keep (an electricity
 * token, an exam pin). Built here, sent by the caller once its transaction has committed
 * (ctx.deliverMail), so a rolled-back change never mails and a settle that lost the race to
 * another (settling.ts answers null) never mails twice. Written in the language of the work that
 * makes them: the owner's (the callers see to it).
 */

export interface Line {
  label: string;
  value: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

/**
 * A mail of labelled lines under a heading, in text and HTML (also the schedules' notices,
 * services/schedules/notices.ts).
 */
export function receiptMail(to: string, subject: string, heading: string, lines: Line[], footer: string): Mail {
  const text = [heading, '', ...lines.map((line) => `${line.label}: ${line.value}`), '', footer].join('\n');
  const rows = lines
    .map(
      (line) =>
        '<tr><th align="left" style="padding:6px 12px 6px ' +
        `0;color:#4a5752;font-weight:normal">${escapeHtml(line.label)}</th><td style="padding:6px ` +
        `0;color:#101816;font-weight:600;word-break:break-all">${escapeHtml(line.value)}</td></tr>`,
    )
    .join('');
  const html =
    '<!doctype html><html><body ' +
    'style="margin:0;padding:24px;background:#f5f7f6;font-family:system-ui,-apple-system,\'Segoe ' +
    'UI\',Roboto,Arial,sans-serif"><div style="max-width:480px;margin:0 ' +
    'auto;background:#ffffff;border-radius:12px;padding:24px"><p style="margin:0 0 ' +
    '4px;color:#008751;font-weight:700">Naira Wallet</p><h1 style="margin:0 0 ' +
    `16px;font-size:20px;color:#101816">${escapeHtml(heading)}</h1><table role="presentation" ` +
    `style="border-collapse:collapse;width:100%;font-size:14px">${rows}</table><p style="margin:16px 0 ` +
    `0;color:#4a5752;font-size:13px">${escapeHtml(footer)}</p></div></body></html>`;
  return { to, subject, text, html };
}

/** The labels of a receipt's lines. */
const label = {
  amount: () => t(/*i18n*/ { id: 'receipt.amount', message: 'Amount' }),
  status: () => t(/*i18n*/ { id: 'receipt.status', message: 'Status' }),
  reference: () => t(/*i18n*/ { id: 'receipt.reference', message: 'Reference' }),
  service: () => t(/*i18n*/ { id: 'receipt.service', message: 'Service' }),
  description: () => t(/*i18n*/ { id: 'receipt.description', message: 'Description' }),
  customer: () => t(/*i18n*/ { id: 'receipt.customer', message: 'Customer' }),
  cashback: () => t(/*i18n*/ { id: 'receipt.cashback', message: 'Cashback' }),
  date: () => t(/*i18n*/ { id: 'receipt.date', message: 'Date' }),
  from: () => t(/*i18n*/ { id: 'receipt.from', message: 'From' }),
  to: () => t(/*i18n*/ { id: 'receipt.to', message: 'To' }),
  token: () => t(/*i18n*/ { id: 'receipt.token', message: 'Token' }),
  pin: () => t(/*i18n*/ { id: 'receipt.pin', message: 'PIN' }),
};

const successful = () => t(/*i18n*/ { id: 'receipt.successful', message: 'Successful' });

const footer = () =>
  t(
    /*i18n*/ {
      id: 'receipt.footer',
      message:
        'Keep this e-mail as your receipt. For help, contact us from the Support page of the app and quote the ' +
        'reference above.',
    },
  );

export interface Owner {
  email: string;
  language: Locale;
}

/**
 * The owner's address and language: a receipt is written in the owner's, whoever makes it (a
 * partner's webhook, staff matching a transfer).
 */
export async function ownerOf(ctx: AppContext, userId: bigint): Promise<Owner> {
  return ctx.db.selectFrom('users').select(['email', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * The receipt of a purchase in its final state, to `to`: completed (with its token or pin, and
 * cashback) or canceled and refunded (`refund` 'deadline': refunded in full because the biller did
 * not confirm it within 24 hours, which it says).
 */
export function purchaseReceipt(to: string, row: StoredTransaction, refund: RefundCause | null = null): Mail {
  const completed = row.status === 'completed';
  const service = serviceOfCategory(row.category);
  const description = describe(row);
  const status = completed
    ? successful()
    : refund === 'deadline'
      ? t(
          /*i18n*/ {
            id: 'receipt.refundedAtDeadline',
            message: 'Refunded in full to your wallet: the biller did not confirm it within 24 hours',
          },
        )
      : t(/*i18n*/ { id: 'receipt.failed', message: 'Failed, refunded to your wallet' });
  const lines: Line[] = [
    { label: label.amount(), value: naira(row.amount_kobo) },
    { label: label.status(), value: status },
    { label: label.reference(), value: row.reference },
    { label: label.service(), value: service ? t(service.categoryLabel) : row.category },
    { label: label.description(), value: description },
    ...(row.customer_name ? [{ label: label.customer(), value: row.customer_name }] : []),
    // The token or pin the customer must keep (settling.ts displayOf), only once delivered.
    ...(completed ? whatToKeep(row) : []),
    ...(row.cashback_kobo ? [{ label: label.cashback(), value: naira(row.cashback_kobo) }] : []),
    { label: label.date(), value: lagosTimeInWords(row.updated_at) },
  ];
  const values = { amount: naira(row.amount_kobo), service: service ? t(service.categoryLabel) : row.category };
  const heading = completed
    ? t(/*i18n*/ { id: 'receipt.heading', message: 'Receipt: {amount} {service} purchase' }, values)
    : t(/*i18n*/ { id: 'receipt.refundHeading', message: 'Refund: {amount} returned to your wallet' }, values);
  const subject = completed
    ? t(/*i18n*/ { id: 'receipt.subject', message: 'Your receipt for {description}' }, { description })
    : t(/*i18n*/ { id: 'receipt.refundSubject', message: 'Refunded: {description}' }, { description });
  return receiptMail(to, subject, heading, lines, footer());
}

/** The line of the token or pin a delivered bill leaves the customer to keep, if it has one. */
const whatToKeep = (row: StoredTransaction): Line[] =>
  row.display_name === 'Token' || row.display_name === 'PIN'
    ? [{ label: row.display_name === 'Token' ? label.token() : label.pin(), value: row.display_value }]
    : [];

/**
 * The e-mail of a bill refunded at its deadline that the biller delivered after all: what arrived,
 * with the token or pin to keep, at no charge; the refund stays in the wallet.
 */
export function lateDeliveryMail(to: string, row: StoredTransaction): Mail {
  const service = serviceOfCategory(row.category);
  const status = t(
    /*i18n*/ {
      id: 'receipt.lateStatus',
      message: 'Delivered after its refund: yours at no charge, the refund stays in your wallet',
    },
  );
  const lines: Line[] = [
    { label: label.amount(), value: naira(row.amount_kobo) },
    { label: label.status(), value: status },
    { label: label.reference(), value: row.reference },
    { label: label.service(), value: service ? t(service.categoryLabel) : row.category },
    { label: label.description(), value: describe(row) },
    ...whatToKeep(row),
    { label: label.date(), value: lagosTimeInWords(row.updated_at) },
  ];
  const heading = t(
    /*i18n*/ { id: 'receipt.lateHeading', message: 'Delivered after all: {amount} {service} purchase' },
    {
      amount: naira(row.amount_kobo),
      service: service ? t(service.categoryLabel) : row.category,
    },
  );
  const subject = t(
    /*i18n*/ { id: 'receipt.lateSubject', message: 'Delivered after all: {description}' },
    { description: describe(row) },
  );
  return receiptMail(to, subject, heading, lines, footer());
}

/** The receipt of a wallet funding, to `to`. */
export function fundingReceipt(to: string, row: StoredTransaction): Mail {
  const amount = naira(row.amount_kobo);
  const lines: Line[] = [
    { label: label.amount(), value: amount },
    { label: label.status(), value: successful() },
    { label: label.reference(), value: row.reference },
    { label: label.from(), value: sayLabel(row.from_label) },
    { label: label.to(), value: sayLabel(row.to_label) },
    { label: label.date(), value: lagosTimeInWords(row.created_at) },
  ];
  return receiptMail(
    to,
    t(/*i18n*/ { id: 'receipt.fundedSubject', message: 'Wallet funded: {amount}' }, { amount }),
    t(/*i18n*/ { id: 'receipt.fundedHeading', message: '{amount} added to your wallet' }, { amount }),
    lines,
    footer(),
  );
}
