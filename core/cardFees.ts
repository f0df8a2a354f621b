/**
 * What a card top-up costs, shown before paying and charged by the server alike. Paystack's
 * local card fee: 1.5 % of the amount charged plus ₦100, the ₦100 waived under ₦2,500, the
 * whole capped at ₦2,000 (paystack.com pricing). Who bears it is one server setting
 * (CARD_FEE_BEARER): the customer (the charge is grossed up so the wallet receives the amount
 * asked for) or the business (the charge is the amount; the fee is ours).
 */

export type FeeBearer = 'customer' | 'business';

/** ₦100 to ₦500,000 a card top-up (within what the tier lets the wallet hold). */
export const CARD_TOPUP_MIN_KOBO = 10_000n;
export const CARD_TOPUP_MAX_KOBO = 50_000_000n;

const FLAT_FEE_KOBO = 10_000n;
const FLAT_FEE_FROM_KOBO = 250_000n;
const FEE_CAP_KOBO = 200_000n;

/** Paystack's fee on a local card charge of `chargedKobo`, rounded up to the kobo. */
export function cardFeeKobo(chargedKobo: bigint): bigint {
  const percent = (chargedKobo * 15n + 999n) / 1000n;
  const fee = percent + (chargedKobo >= FLAT_FEE_FROM_KOBO ? FLAT_FEE_KOBO : 0n);
  return fee > FEE_CAP_KOBO ? FEE_CAP_KOBO : fee;
}

export interface CardQuote {
  /** What reaches the wallet. */
  amountKobo: bigint;
  /** Paystack's fee on the charge. */
  feeKobo: bigint;
  /** What the card is charged. */
  chargedKobo: bigint;
  bearer: FeeBearer;
}

/**
 * The charge for topping up `amountKobo`. With the customer bearing the fee, the smallest charge
 * whose fee leaves at least the amount: Paystack's own formula, (price + flat) / (1 − 1.5 %),
 * capped at price + ₦2,000, checked against the fee it would really take.
 */
export function cardQuote(amountKobo: bigint, bearer: FeeBearer): CardQuote {
  if (amountKobo <= 0n) throw new RangeError('a card top-up must be more than zero');
  if (bearer === 'business') return { amountKobo, feeKobo: cardFeeKobo(amountKobo), chargedKobo: amountKobo, bearer };
  const leaves = (charged: bigint) => charged - cardFeeKobo(charged) >= amountKobo;
  // The formula's result, or a kobo or two above it where rounding the fee up takes them back.
  const settled = (flat: bigint) => {
    const formula = ((amountKobo + flat) * 1000n + 984n) / 985n;
    return [formula, formula + 1n, formula + 2n].find(leaves);
  };
  const candidates = [settled(0n), settled(FLAT_FEE_KOBO), amountKobo + FEE_CAP_KOBO].filter(
    (charged): charged is bigint => charged !== undefined && leaves(charged),
  );
  const chargedKobo = candidates.reduce((least, charged) => (charged < least ? charged : least));
  return { amountKobo, feeKobo: chargedKobo - amountKobo, chargedKobo, bearer };
}
