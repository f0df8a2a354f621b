import { z } from 'zod';
import type { Words } from '../../../core/i18n/words';
import { formatNaira, koboToNaira } from '../../../core/money';
import { SERVICES, type ServiceKey } from '../../../core/services';
import { DEFAULT_LOCALE } from '../../../core/i18n/locales';
import { inLocale, t } from '../../i18n';

/**
 * A transaction's description in the reader's language, said when it is shown (the activity list,
 * a purchase's answer, its notification, receipt and text, a statement) from what it is made of.
 * The English description stored with the transaction stays the record the operator console
 * reads; a transaction without parts (written before they were stored) is shown as stored.
 */

/** What a bill's description is made of, stored with its transaction (and with its cashback's). */
export interface BillParts {
  service: ServiceKey;
  /** The bill's amount: a cashback's description names the purchase's, not its own. */
  amount_kobo: number;
  provider: string;
  /** The plan's name (a data plan, a bouquet, an exam pin); null for an amount. */
  plan: string | null;
  beneficiary: string;
  /** What the biller added once delivered (": 32.5 kWh"), in no language: its own figures. */
  suffix: string;
}

const serviceKeys = SERVICES.map((service) => service.key) as [ServiceKey, ...ServiceKey[]];
const storedParts = z.object({
  service: z.enum(serviceKeys),
  amount_kobo: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  provider: z.string().max(200),
  plan: z.string().max(200).nullable(),
  beneficiary: z.string().max(32),
  suffix: z.string().max(200),
});

/** A bill's parts as the column holds them (JSON text), for an insert or an update. */
export function storedBillParts(parts: BillParts | null): string | null {
  return parts === null ? null : JSON.stringify(parts);
}

/** The parts read back, or null: none stored, or a shape this release does not know. */
export function billPartsOf(stored: unknown): BillParts | null {
  if (stored === null || stored === undefined) return null;
  const parsed = storedParts.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : null;
}

/** The parts of a new bill; its amount in kobo fits a number (a purchase is capped far below 2^53). */
export function billParts(
  service: ServiceKey,
  product: { amountKobo: bigint; providerName: string; packageName: string | null },
  beneficiary: string,
): BillParts {
  const amount = Number(product.amountKobo);
  if (!Number.isSafeInteger(amount)) throw new Error(`a bill of ${product.amountKobo} kobo cannot be described`);
  return {
    service,
    amount_kobo: amount,
    provider: product.providerName,
    plan: product.packageName,
    beneficiary,
    suffix: '',
  };
}

/** What was bought, without its amount: the part a text quotes after saying the amount itself. */
const WHAT: Record<ServiceKey, (parts: BillParts) => string> = {
  airtime: ({ provider, beneficiary }) =>
    t(/*i18n*/ { id: 'bill.airtime', message: '{provider} airtime for {beneficiary}' }, { provider, beneficiary }),
  internet: ({ plan, beneficiary }) =>
    t(/*i18n*/ { id: 'bill.data', message: '{plan} data for {beneficiary}' }, { plan: plan ?? '', beneficiary }),
  electricity: ({ provider, beneficiary }) =>
    t(
      /*i18n*/ { id: 'bill.electricity', message: '{provider} prepaid electricity for meter {beneficiary}' },
      {
        provider,
        beneficiary,
      },
    ),
  betting: ({ provider, beneficiary }) =>
    t(
      /*i18n*/ { id: 'bill.betting', message: '{provider} account top-up for {beneficiary}' },
      {
        provider,
        beneficiary,
      },
    ),
  // No plan: a renewal of the smartcard's current bouquet, for the amount the biller verified.
  cable: ({ plan, provider, beneficiary }) =>
    plan === null
      ? t(
          /*i18n*/ { id: 'bill.cableRenewal', message: '{provider} renewal for smartcard {beneficiary}' },
          {
            provider,
            beneficiary,
          },
        )
      : t(/*i18n*/ { id: 'bill.cable', message: '{plan} for smartcard {beneficiary}' }, { plan, beneficiary }),
  education: ({ plan, beneficiary }) =>
    t(/*i18n*/ { id: 'bill.education', message: '{plan} for {beneficiary}' }, { plan: plan ?? '', beneficiary }),
};

/** The services whose description starts from the amount: the others' plan names their price. */
const PRICED: ReadonlySet<ServiceKey> = new Set(['airtime', 'electricity', 'betting']);

const naira = (kobo: bigint | number) => formatNaira(koboToNaira(BigInt(kobo)));

/** A bill as its description says it, in the current language (server/i18n.ts). */
export function describeBill(parts: BillParts): string {
  const what = WHAT[parts.service](parts);
  const said = PRICED.has(parts.service)
    ? t(/*i18n*/ { id: 'bill.priced', message: '{amount} {what}' }, { amount: naira(parts.amount_kobo), what })
    : what;
  return `${said}${parts.suffix}`;
}

/** What a bill bought without its amount, in the current language; null for a row without parts. */
export function whatWithoutAmount(row: { bill_parts: unknown }): string | null {
  const parts = billPartsOf(row.bill_parts);
  return parts === null ? null : `${WHAT[parts.service](parts)}${parts.suffix}`;
}

export const CASHBACK_CATEGORY = 'cashback';

/**
 * The fixed descriptions (fundings, an operator's adjustments) and from/to labels: stored in
 * English, the record, and said in the reader's language. Any other text (a bank's name, a
 * sender's, a number) is shown as stored.
 */
export const FUNDING_BY_TRANSFER = /*i18n*/ { id: 'funding.byTransfer', message: 'Wallet funding by bank transfer' };
export const FUNDING_BY_CARD = /*i18n*/ { id: 'funding.byCard', message: 'Wallet funding by card' };
export const GOODWILL_CREDIT = /*i18n*/ { id: 'adjustment.credit', message: 'Goodwill credit from Naira Wallet' };
export const CORRECTION_DEBIT = /*i18n*/ { id: 'adjustment.debit', message: 'Correction debited by Naira Wallet' };
export const WALLET_LABEL = /*i18n*/ { id: 'txn.wallet', message: 'Wallet' };
export const YOUR_WALLET_LABEL = /*i18n*/ { id: 'txn.yourWallet', message: 'Your wallet' };
export const CARD_PAYMENT_LABEL = /*i18n*/ { id: 'txn.cardPayment', message: 'Card payment' };
export const REWARDS_LABEL = /*i18n*/ { id: 'txn.rewards', message: 'Naira Wallet rewards' };
const FIXED: ReadonlyMap<string, Words> = new Map(
  [
    FUNDING_BY_TRANSFER,
    FUNDING_BY_CARD,
    GOODWILL_CREDIT,
    CORRECTION_DEBIT,
    WALLET_LABEL,
    YOUR_WALLET_LABEL,
    CARD_PAYMENT_LABEL,
    REWARDS_LABEL,
  ].map((words) => [words.message, words]),
);

/** A from/to label in the current language when it is one of ours, else as stored. */
export function sayLabel(stored: string): string {
  const fixed = FIXED.get(stored);
  return fixed ? t(fixed) : stored;
}

/** What `describe` reads of a transaction. */
export interface Describable {
  category: string;
  amount_kobo: bigint;
  description: string;
  bill_parts: unknown;
}

/** The transaction's description in the current language, or as stored when it has no parts. */
export function describe(row: Describable): string {
  const parts = billPartsOf(row.bill_parts);
  if (parts === null) return sayLabel(row.description);
  const bill = describeBill(parts);
  return row.category === CASHBACK_CATEGORY ? cashbackOn(row.amount_kobo, bill) : bill;
}

const cashbackOn = (amountKobo: bigint, bill: string) =>
  t(/*i18n*/ { id: 'bill.cashbackOn', message: '{amount} cashback on {bill}' }, { amount: naira(amountKobo), bill });

/** The description stored with a new bill: the record, in the product's English. */
export const recordedBill = (parts: BillParts): string => inLocale(DEFAULT_LOCALE, () => describeBill(parts));

/** The description stored with a cashback, on the purchase it rewards (with parts or without). */
export const recordedCashback = (amountKobo: bigint, purchase: Describable): string =>
  inLocale(DEFAULT_LOCALE, () => cashbackOn(amountKobo, describe(purchase)));
