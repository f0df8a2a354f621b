import { lagosTimeInWords } from '../../../core/days';
import { formatNaira, koboToNaira } from '../../../core/money';
import { serviceOfCategory } from '../../../core/services';
import type { Mail } from '../../gateways/mailer';
import type { RefundCause } from '../purchases/wording';
import type { AppContext } from '../context';
import type { StoredTransaction } from './transactions';

/**
 * E-mailed receipts: a completed or refunded purchase and every funding, in text
 * and HTML, with the amount, reference, status and what the customer must keep (an electricity
 * token, an exam pin). Built here, sent by the caller once its transaction has committed
 * (ctx.deliverMail), so a rolled-back change never mails and a settle that lost the race to
 * another (settling.ts answers null) never mails twice.
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

const FOOTER =
  'Keep this e-mail as your receipt. For help, contact us from the Support page of the app and quote the ' +
  'reference above.';

async function emailOf(ctx: AppContext, userId: bigint): Promise<string> {
  return (await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
}

/**
 * The receipt of a purchase in its final state, to `to`: completed (with its token or pin, and
 * cashback) or canceled and refunded (`refund` 'deadline': refunded in full because the biller did
 * not confirm it within 24 hours, which it says).
 */
export function purchaseReceipt(to: string, row: StoredTransaction, refund: RefundCause | null = null): Mail {
  const completed = row.status === 'completed';
  const service = serviceOfCategory(row.category);
  const status = completed
    ? 'Successful'
    : refund === 'deadline'
      ? 'Refunded in full to your wallet: the biller did not confirm it within 24 hours'
      : 'Failed, refunded to your wallet';
  const lines: Line[] = [
    { label: 'Amount', value: naira(row.amount_kobo) },
    { label: 'Status', value: status },
    { label: 'Reference', value: row.reference },
    { label: 'Service', value: service?.categoryLabel ?? row.category },
    { label: 'Description', value: row.description },
    ...(row.customer_name ? [{ label: 'Customer', value: row.customer_name }] : []),
    // The token or pin the customer must keep (settling.ts displayOf), only once delivered.
    ...(completed ? whatToKeep(row) : []),
    ...(row.cashback_kobo ? [{ label: 'Cashback', value: naira(row.cashback_kobo) }] : []),
    { label: 'Date', value: lagosTimeInWords(row.updated_at) },
  ];
  const heading = completed
    ? `Receipt: ${naira(row.amount_kobo)} ${service?.categoryLabel ?? row.category} purchase`
    : `Refund: ${naira(row.amount_kobo)} returned to your wallet`;
  const subject = completed ? `Your receipt for ${row.description}` : `Refunded: ${row.description}`;
  return receiptMail(to, subject, heading, lines, FOOTER);
}

/** The line of the token or pin a delivered bill leaves the customer to keep, if it has one. */
const whatToKeep = (row: StoredTransaction): Line[] =>
  row.display_name === 'Token' || row.display_name === 'PIN'
    ? [{ label: row.display_name, value: row.display_value }]
    : [];

/**
 * The e-mail of a bill refunded at its deadline that the biller delivered after all: what arrived,
 * with the token or pin to keep, at no charge; the refund stays in the wallet.
 */
export function lateDeliveryMail(to: string, row: StoredTransaction): Mail {
  const service = serviceOfCategory(row.category);
  const lines: Line[] = [
    { label: 'Amount', value: naira(row.amount_kobo) },
    { label: 'Status', value: 'Delivered after its refund: yours at no charge, the refund stays in your wallet' },
    { label: 'Reference', value: row.reference },
    { label: 'Service', value: service?.categoryLabel ?? row.category },
    { label: 'Description', value: row.description },
    ...whatToKeep(row),
    { label: 'Date', value: lagosTimeInWords(row.updated_at) },
  ];
  const heading = `Delivered after all: ${naira(row.amount_kobo)} ${service?.categoryLabel ?? row.category} purchase`;
  return receiptMail(to, `Delivered after all: ${row.description}`, heading, lines, FOOTER);
}

/** The receipt of a wallet funding. */
export async function fundingReceipt(ctx: AppContext, row: StoredTransaction): Promise<Mail> {
  const lines: Line[] = [
    { label: 'Amount', value: naira(row.amount_kobo) },
    { label: 'Status', value: 'Successful' },
    { label: 'Reference', value: row.reference },
    { label: 'From', value: row.from_label },
    { label: 'To', value: row.to_label },
    { label: 'Date', value: lagosTimeInWords(row.created_at) },
  ];
  return receiptMail(
    await emailOf(ctx, row.user_id),
    `Wallet funded: ${naira(row.amount_kobo)}`,
    `${naira(row.amount_kobo)} added to your wallet`,
    lines,
    FOOTER,
  );
}
