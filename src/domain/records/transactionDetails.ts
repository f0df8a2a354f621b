import type { Transaction } from '../../../core/contract';
import type { Say, Words } from '../../../core/i18n/words';
import { formatNaira } from '../../../core/money';
import { serviceOfCategory } from '../../../core/services';
import { formatDateTime } from '../kit/dateTime';
import { inEnglish as english } from '../kit/english';
import { categoryWording } from '../kit/transactionCategory';

export const FACT_WORDS = {
  date: /*i18n*/ { id: 'records.fact.date', message: 'Date' },
  reference: /*i18n*/ { id: 'records.fact.reference', message: 'Reference' },
  type: /*i18n*/ { id: 'records.fact.type', message: 'Type' },
  from: /*i18n*/ { id: 'records.fact.from', message: 'From' },
  to: /*i18n*/ { id: 'records.fact.to', message: 'To' },
  customer: /*i18n*/ { id: 'records.fact.customer', message: 'Customer' },
  description: /*i18n*/ { id: 'records.fact.description', message: 'Description' },
  cashback: /*i18n*/ { id: 'records.fact.cashback', message: 'Cashback' },
} satisfies Record<string, Words>;

/**
 * The holder of each kind of number billed (the services' `beneficiary.displayName`), whole: a
 * language may not build "Meter holder" from "Meter".
 */
const HOLDERS: Readonly<Record<string, Words>> = {
  Meter: /*i18n*/ { id: 'records.fact.meterHolder', message: 'Meter holder' },
  Account: /*i18n*/ { id: 'records.fact.accountHolder', message: 'Account holder' },
  Smartcard: /*i18n*/ { id: 'records.fact.smartcardHolder', message: 'Smartcard holder' },
  Phone: /*i18n*/ { id: 'records.fact.phoneHolder', message: 'Phone holder' },
  ID: /*i18n*/ { id: 'records.fact.idHolder', message: 'ID holder' },
};

/** A category's name in the reader's language, or as the key made readable. */
const sayCategory = (wording: Words | string, say: Say): string =>
  typeof wording === 'string' ? wording : say(wording);

/** Who the server found under the number billed: "Meter holder", "Account holder", "Smartcard holder". */
function holderLabel(category: string, say: Say): string {
  const service = serviceOfCategory(category);
  if (!service) return say(FACT_WORDS.customer);
  const name = service.beneficiary.displayName;
  const holder = HOLDERS[name];
  return holder ? say(holder) : say(/*i18n*/ { id: 'records.fact.holder', message: '{name} holder' }, { name });
}

/**
 * The named facts of a transaction, in the order the details dialog and the receipt show them;
 * an empty one is left out. The holder's name is the one the server verified for the number it
 * billed, so a receipt never names someone else's meter. `say` names them in the reader's language.
 */
export function transactionFacts(transaction: Transaction, say: Say = english): [name: string, value: string][] {
  const facts: [string, string][] = [
    [say(FACT_WORDS.date), formatDateTime(transaction.created_at)],
    [say(FACT_WORDS.reference), transaction.reference],
    [say(FACT_WORDS.type), sayCategory(categoryWording(transaction.category), say)],
    [say(FACT_WORDS.from), transaction.from],
    [say(FACT_WORDS.to), transaction.to],
    [holderLabel(transaction.category, say), transaction.customer_name ?? ''],
    [say(FACT_WORDS.description), transaction.description],
    // What a completed purchase earned; credited as a Cashback row of its own.
    [say(FACT_WORDS.cashback), transaction.cashback ? formatNaira(transaction.cashback) : ''],
  ];
  return facts.filter(([, value]) => value);
}
