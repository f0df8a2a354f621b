import { SERVICES } from '../../../core/services';

/** The purchase categories under the names the service table gives them, and money coming in. */
const CATEGORY_NAMES: ReadonlyMap<string, string> = new Map([
  ['funding', 'Wallet funding'],
  ['cashback', 'Cashback'],
  ...SERVICES.map((service): [string, string] => [service.category, service.categoryLabel]),
]);

/**
 * A transaction's category as a name: a known service's, or the key made readable ('wallet-funding'
 * → 'Wallet funding').
 */
export function categoryLabel(category: string): string {
  const known = CATEGORY_NAMES.get(category);
  if (known) return known;
  const words = category.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Transaction';
}
