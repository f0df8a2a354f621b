import { fundingMessages } from '../../../core/words/identity';
import { formatNaira, nairaToKobo } from '../../../core/money';
import type { ValidationResult } from '../kit/validation';

/** A card top-up's amount: naira with at most two decimals, within what the server allows now. */
export function validateCardAmount(amount: string, limits: { min: number; max: number }): ValidationResult {
  const kobo = nairaToKobo(amount);
  const range = {
    words: fundingMessages.cardAmountRange,
    values: { min: formatNaira(limits.min), max: formatNaira(limits.max) },
  };
  if (kobo === null || kobo < BigInt(Math.round(limits.min * 100)) || kobo > BigInt(Math.round(limits.max * 100)))
    return range;
  return null;
}
