import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, nairaToKobo } from '../../../core/money';

describe('naira amounts', () => {
  it.each([
    [5000, 500_000n],
    ['5000', 500_000n],
    [1.15, 115n],
    ['1.15', 115n],
    [0.1, 10n],
    ['0.10', 10n],
    [' 25000.5 ', 2_500_050n],
    [2 ** 60, null], // more than 15 naira digits
    ['123456789012345.67', 12_345_678_901_234_567n],
  ])('reads %j as %s kobo', (naira, kobo) => {
    expect(nairaToKobo(naira)).toBe(kobo);
  });

  it.each([
    [0.1 + 0.2],
    ['1.234'],
    [-5],
    ['-5'],
    ['1e3'],
    [1e21],
    [Number.NaN],
    [Infinity],
    [''],
    ['.5'],
    ['5.'],
    ['1,000'],
    ['0x10'],
    [null],
    [true],
    [[5]],
    [{}],
  ])('refuses %j', (value) => {
    expect(nairaToKobo(value)).toBeNull();
  });

  it('round-trips every two-decimal amount exactly, through a JSON number and through text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (kobo) => {
        const naira = koboToNaira(kobo);
        expect(nairaToKobo(naira)).toBe(kobo);
        expect(nairaToKobo(JSON.parse(JSON.stringify(naira)))).toBe(kobo);
        expect(nairaToKobo(`${kobo / 100n}.${String(kobo % 100n).padStart(2, '0')}`)).toBe(kobo);
      }),
    );
  });
});

describe('formatNaira', () => {
  const intl = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it.each([
    [1234.5, '₦1,234.50'],
    [0, '₦0.00'],
    [1.005, '₦1.01'],
    [2.675, '₦2.68'],
    [-2.675, '₦-2.68'],
    [999.995, '₦1,000.00'],
    [0.0000001, '₦0.00'],
    ['25000', '₦25,000.00'],
    ['', '₦0.00'],
    [Number.NaN, '₦0.00'],
  ])('writes %j as %s', (amount, written) => {
    expect(formatNaira(amount)).toBe(written);
  });

  it('writes every number as Intl.NumberFormat("en-NG") does, rounding included', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e22, max: 1e22, noNaN: true }),
          fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
        ),
        (amount) => {
          expect(formatNaira(amount)).toBe(`₦${intl.format(amount)}`);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
