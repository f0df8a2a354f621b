import type { Transaction } from '../../../core/contract';
import { formatNaira } from '../../../core/money';
import { serviceOfCategory } from '../../../core/services';
import { formatDateTime } from '../kit/dateTime';
import { categoryLabel } from '../kit/transactionCategory';

/** Who the server found under the number billed: "Meter holder", "Account holder", "Smartcard holder". */
function holderLabel(category: string): string {
  const service = serviceOfCategory(category);
  return service ? `${service.beneficiary.displayName} holder` : 'Customer';
}

/**
 * The named facts of a transaction, in the order the details dialog and the receipt show them;
 * an empty one is left out. The holder's name is the one the server verified for the number it
 * billed, so a receipt never names someone else's meter.
 */
export function transactionFacts(transaction: Transaction): [name: string, value: string][] {
  const facts: [string, string][] = [
    ['Date', formatDateTime(transaction.created_at)],
    ['Reference', transaction.reference],
    ['Type', categoryLabel(transaction.category)],
    ['From', transaction.from],
    ['To', transaction.to],
    [holderLabel(transaction.category), transaction.customer_name ?? ''],
    ['Description', transaction.description],
    // What a completed purchase earned; credited as a Cashback row of its own.
    ['Cashback', transaction.cashback ? formatNaira(transaction.cashback) : ''],
  ];
  return facts.filter(([, value]) => value);
}
