import type { Words } from '../../../core/i18n/words';
import { SERVICES } from '../../../core/services';

/** The purchase categories as the reader's words, and money coming in. */
const CATEGORY_WORDS: ReadonlyMap<string, Words> = new Map([
  ['funding', /*i18n*/ { id: 'records.category.funding', message: 'Wallet funding' }],
  ['cashback', /*i18n*/ { id: 'records.category.cashback', message: 'Cashback' }],
  ...SERVICES.map((service): [string, Words] => [service.category, service.categoryLabel]),
]);

/** The purchase categories under the names the service table gives them, and money coming in (English). */
const CATEGORY_NAMES: ReadonlyMap<string, string> = new Map([
  ['funding', 'Wallet funding'],
  ['cashback', 'Cashback'],
  ...SERVICES.map((service): [string, string] => [service.category, service.categoryLabel.message]),
]);

/** A category no name is known for, made readable ('wallet-funding' → 'Wallet funding'). */
function readable(category: string): string {
  const words = category.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Transaction';
}

/**
 * A transaction's category as a name, in English: a known service's, or the key made readable
 * (the console's screens, which speak English).
 */
export function categoryLabel(category: string): string {
  return CATEGORY_NAMES.get(category) ?? readable(category);
}

/**
 * A transaction's category as the customer reads it: words for a known one (the view says them in
 * the reader's language), or the key made readable.
 */
export function categoryWording(category: string): Words | string {
  return CATEGORY_WORDS.get(category) ?? categoryLabel(category);
}
