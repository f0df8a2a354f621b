import { describe, expect, it } from 'vitest';
import { cashbackKobo, cashbackPercent, SERVICES, serviceByKey } from '../../../core/services';
import { cashbackRatesText, noCashbackText } from '../../../src/domain/purchases/cashbackRates';

describe('cashback rates (the service table)', () => {
  it('airtime and data earn 1–2 %, the others at most 1 %', () => {
    for (const service of SERVICES) {
      const max = service.key === 'airtime' || service.key === 'internet' ? 200 : 100;
      expect(service.cashbackBasisPoints, service.key).toBeGreaterThanOrEqual(0);
      expect(service.cashbackBasisPoints, service.key).toBeLessThanOrEqual(max);
    }
    expect(serviceByKey('airtime').cashbackBasisPoints).toBeGreaterThanOrEqual(100);
    expect(serviceByKey('internet').cashbackBasisPoints).toBeGreaterThanOrEqual(100);
  });

  it('are paid in whole kobo, rounded down', () => {
    expect(cashbackKobo({ cashbackBasisPoints: 200 }, 50_000n)).toBe(1_000n);
    expect(cashbackKobo({ cashbackBasisPoints: 200 }, 9_999n)).toBe(199n);
    expect(cashbackKobo({ cashbackBasisPoints: 0 }, 9_999n)).toBe(0n);
    expect(cashbackPercent({ cashbackBasisPoints: 150 })).toBe('1.5%');
  });

  it('are stated in words as the table has them, for the landing page and the terms', () => {
    expect(cashbackRatesText()).toBe('2% on Airtime, 1.5% on Data and 0.5% on Electricity and Cable TV');
    expect(noCashbackText()).toBe('Betting and Jamb/Waec Pins');
  });
});
