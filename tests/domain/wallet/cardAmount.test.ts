import { describe, expect, it } from 'vitest';
import { validateCardAmount as validateCardAmountRule } from '../../../src/domain/wallet/cardAmount';
import { ruleInEnglish } from '../../support/inEnglish';

const validateCardAmount = ruleInEnglish(validateCardAmountRule);

describe('validateCardAmount', () => {
  const limits = { min: 100, max: 300_000 };
  it('passes naira within what the server allows now', () => {
    expect(validateCardAmount('5000', limits)).toBeNull();
    expect(validateCardAmount('100', limits)).toBeNull();
    expect(validateCardAmount('300000', limits)).toBeNull();
  });

  it.each(['', '99.99', '300000.01', 'abc', '1.234'])('refuses %j with the range', (amount) => {
    expect(validateCardAmount(amount, limits)).toBe('enter an amount between ₦100.00 and ₦300,000.00');
  });
});
