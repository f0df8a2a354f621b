import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../../core/services';
import {
  amountInput,
  beneficiaryInput,
  digitsInput,
  idNumberInput,
  phoneInput,
} from '../../../src/domain/kit/numericInput';

describe('numeric inputs', () => {
  it('NIN and BVN keep digits, at most 11', () => {
    expect(idNumberInput('1234a')).toBe('1234');
    expect(idNumberInput(' 123-456 789 01 ')).toBe('12345678901');
    expect(idNumberInput('123456789012345')).toBe('12345678901');
    expect(idNumberInput('abc')).toBe('');
  });

  it('a phone number keeps its local digits, whether typed, pasted or autofilled in the international form', () => {
    expect(phoneInput('0803')).toBe('0803');
    expect(phoneInput('0803x')).toBe('0803');
    expect(phoneInput('+234 803 123 4567')).toBe('08031234567');
    expect(phoneInput('+234 (0) 803 123 4567')).toBe('08031234567');
    expect(phoneInput('2348031234567')).toBe('08031234567');
    expect(phoneInput('0803-123-4567')).toBe('08031234567');
    expect(phoneInput('080312345678999')).toBe('08031234567');
    // A number still being typed is left as it is.
    expect(phoneInput('234')).toBe('234');
  });

  it('each service lets through its number and nothing else', () => {
    for (const service of SERVICES) {
      const max = service.beneficiary.input === 'phone' ? 11 : service.beneficiary.input.maxDigits;
      expect(beneficiaryInput(service.beneficiary, 'A1b2c3')).toBe('123');
      expect(beneficiaryInput(service.beneficiary, '9'.repeat(40))).toHaveLength(max);
    }
  });

  it('an amount keeps digits and one decimal point, with two decimals at most', () => {
    expect(amountInput('1500')).toBe('1500');
    expect(amountInput('1,500.50')).toBe('1500.50');
    expect(amountInput('₦1500.755')).toBe('1500.75');
    expect(amountInput('1.2.3')).toBe('1.23');
    expect(amountInput('1.')).toBe('1.');
    expect(amountInput('.5')).toBe('0.5');
    expect(amountInput('5e3')).toBe('53');
    expect(amountInput('abc')).toBe('');
  });

  it('whatever is typed, what is kept is a number in the making', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(digitsInput(text)).toMatch(/^\d*$/);
        expect(idNumberInput(text)).toMatch(/^\d{0,11}$/);
        expect(phoneInput(text)).toMatch(/^\d{0,11}$/);
        expect(amountInput(text)).toMatch(/^\d*(\.\d{0,2})?$/);
        // Applying a rule again changes nothing: what the field shows is what the flow holds.
        expect(amountInput(amountInput(text))).toBe(amountInput(text));
        expect(phoneInput(phoneInput(text))).toBe(phoneInput(text));
      }),
    );
  });
});
