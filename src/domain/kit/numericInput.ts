import { ID_NUMBER_MAX_LENGTH } from '../../../core/limits';
import { toLocalPhone } from '../../../core/phone';
import type { BeneficiaryRule } from '../../../core/services';

/**
 * Phone, NIN, BVN, beneficiary and amount inputs are numeric. `inputMode` only
 * picks the keyboard; these rules decide what a field holds, whether the text was typed, pasted
 * or autofilled. A flow applies them to each change, so a refused character never reaches its
 * state and the field, which shows that state, never shows it either.
 */

/** The digits of `value`, at most `maxLength` of them: NIN, BVN, meter, account and smartcard numbers. */
export function digitsInput(value: string, maxLength = Infinity): string {
  return value.replace(/\D/g, '').slice(0, maxLength);
}

/**
 * A Nigerian phone number's digits in its local form, at most 11: an autofilled or pasted
 * "+234 803 123 4567" becomes 08031234567 rather than losing its last digits to the length.
 */
export function phoneInput(value: string): string {
  return digitsInput(toLocalPhone(digitsInput(value)), ID_NUMBER_MAX_LENGTH);
}

/** NIN and BVN: digits, at most 11 (both are 11 digits long). */
export const idNumberInput = (value: string): string => digitsInput(value, ID_NUMBER_MAX_LENGTH);

/** A beneficiary as its service's rule lets it be typed (the service table). */
export function beneficiaryInput(rule: Pick<BeneficiaryRule, 'input'>, value: string): string {
  return rule.input === 'phone' ? phoneInput(value) : digitsInput(value, rule.input.maxDigits);
}

/**
 * Naira as typed: digits and one decimal point, at most two decimals ("1,500.755" → "1500.75").
 * A second point and whatever is not a digit are dropped; a leading point reads as "0.".
 */
export function amountInput(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  if (point < 0) return kept;
  const whole = kept.slice(0, point);
  const decimals = kept
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole || '0'}.${decimals}`;
}
