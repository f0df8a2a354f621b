import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIMULATED_BANKS, SimulatedBank } from '../../../server/gateways/simulatedBank';
import { isValidNuban, nuban, nubanCheckDigit } from '../../../server/services/funding/nuban';

describe('NUBAN check digit', () => {
  it("gives the CBN's own examples", () => {
    // First Bank (011): serial 000001457 → 0000014579; serial 000000022 → 0000000220 (check digit 10 → 0).
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(nuban('011', '000001457')).toBe('0000014579');
    expect(nuban('011', '000000022')).toBe('0000000220');
    expect(isValidNuban('011', '0000014579')).toBe(true);
  });

  it('treats a 3-digit code as the 6-digit "000" + code of the 2020 revision', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^\d{9}$/), (code, serial) => {
        expect(nubanCheckDigit(code, serial)).toBe(nubanCheckDigit(`000${code}`, serial));
      }),
    );
  });

  it('detects every single-digit error', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('035', '232', '058', '090267'),
        fc.stringMatching(/^\d{9}$/),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (code, serial, position, delta) => {
          const valid = nuban(code, serial);
          const digits = [...valid];
          digits[position] = String((Number(digits[position]) + delta) % 10);
          expect(isValidNuban(code, valid)).toBe(true);
          expect(isValidNuban(code, digits.join(''))).toBe(false);
        },
      ),
    );
  });

  it('refuses malformed input', () => {
    expect(isValidNuban('035', '123456789')).toBe(false);
    expect(isValidNuban('035', '12345678901')).toBe(false);
    expect(isValidNuban('35', '0000014579')).toBe(false);
    expect(isValidNuban('035', '00000a4579')).toBe(false);
    expect(() => nubanCheckDigit('0351', '000001457')).toThrow(RangeError);
    expect(() => nubanCheckDigit('035', '00001457')).toThrow(RangeError);
  });

  it('the simulated partner assigns a valid NUBAN at Wema Bank (035) and Sterling Bank (232), once given a BVN or NIN', async () => {
    const bank = new SimulatedBank({ webhookSecret: 'x'.repeat(32) });
    const customer = { reference: 'user-1', name: 'Ada Obi', email: 'ada@example.com', phone: '08031234567' };
    expect(await bank.enrol(customer, {})).toMatchObject({ status: 'refused' });
    const step = await bank.enrol(customer, { nin: '70012345678' });
    if (step.status !== 'ready') throw new Error(`not ready: ${step.status}`);
    const accounts = step.accounts;
    expect(accounts.map((a) => [a.bankName, a.bankCode])).toEqual(SIMULATED_BANKS.map((b) => [b.bankName, b.bankCode]));
    for (const account of accounts)
      expect(isValidNuban(account.bankCode, account.accountNumber), account.accountNumber).toBe(true);
  });
});
