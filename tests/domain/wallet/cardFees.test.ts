import { describe, expect, it } from 'vitest';
import { cardFeeKobo, cardQuote } from '../../../core/cardFees';

/** Paystack's local card fee (1.5 % + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000) and who bears it. */
describe('card top-up fees', () => {
  it('takes 1.5 %, plus ₦100 from ₦2,500, capped at ₦2,000', () => {
    expect(cardFeeKobo(200_000n)).toBe(3_000n);
    expect(cardFeeKobo(250_000n)).toBe(3_750n + 10_000n);
    expect(cardFeeKobo(500_000n)).toBe(7_500n + 10_000n);
    expect(cardFeeKobo(20_000_000n)).toBe(200_000n);
  });

  it('with the customer bearing it, charges the least that leaves the whole amount to the wallet', () => {
    for (const amount of [10_000n, 123_456n, 240_000n, 246_000n, 500_000n, 5_000_000n, 12_000_000n, 50_000_000n]) {
      const quote = cardQuote(amount, 'customer');
      expect(quote.chargedKobo - cardFeeKobo(quote.chargedKobo), `₦${amount / 100n}`).toBeGreaterThanOrEqual(amount);
      expect(
        quote.chargedKobo - 1n - cardFeeKobo(quote.chargedKobo - 1n),
        `₦${amount / 100n}: a kobo less would not do`,
      ).toBeLessThan(amount);
      expect(quote.feeKobo).toBe(quote.chargedKobo - amount);
    }
    expect(cardQuote(500_000n, 'customer')).toEqual({
      amountKobo: 500_000n,
      feeKobo: 17_767n,
      chargedKobo: 517_767n,
      bearer: 'customer',
    });
    // Past the cap the fee is the cap.
    expect(cardQuote(50_000_000n, 'customer')).toMatchObject({ feeKobo: 200_000n, chargedKobo: 50_200_000n });
  });

  it('with the business bearing it, charges the amount and shows the fee it pays', () => {
    expect(cardQuote(500_000n, 'business')).toEqual({
      amountKobo: 500_000n,
      feeKobo: 17_500n,
      chargedKobo: 500_000n,
      bearer: 'business',
    });
  });
});
