import { labels } from '../../core/messages';

/** The purchase categories of SPEC.md §3 under the names the service screens use, and money coming in. */
const CATEGORY_NAMES: Record<string, string> = {
  funding: 'Wallet funding',
  airtime: 'Airtime',
  data: 'Data',
  'electricity-bill': 'Electricity',
  betting: 'Betting',
  'tv-subscription': 'Cable TV',
  education: labels.educationTitle,
};

/** A transaction's category as a name: a known service's, or the key made readable ('wallet-funding' → 'Wallet funding'). */
export function categoryLabel(category: string): string {
  const known = CATEGORY_NAMES[category];
  if (known) return known;
  const words = category.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Transaction';
}
