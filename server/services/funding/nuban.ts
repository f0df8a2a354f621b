/**
 * NUBAN, the CBN's 10-digit Nigeria Uniform Bank Account Number: a 9-digit serial and a check
 * digit computed over the bank's code and the serial. Deposit money banks have 3-digit codes
 * (Wema 035, Sterling 232); other institutions (microfinance banks, mobile money operators)
 * have 6-digit codes since the 2020 revision, where a 3-digit code counts as "000" + code.
 *
 * Check digit: weigh the 15 digits of (6-digit code ‖ serial) with 3, 7, 3, 3, 7, 3, … ; the
 * check digit is (10 − sum mod 10) mod 10. With a 3-digit code this is exactly the original
 * 2010 rule over its 12 digits, since the three leading zeros add nothing. CBN's own example:
 * First Bank (011), serial 000001457 → 0000014579.
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
const BANK_CODE = /^(\d{3}|\d{6})$/;
const SERIAL = /^\d{9}$/;
const ACCOUNT_NUMBER = /^\d{10}$/;

export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!BANK_CODE.test(bankCode)) throw new RangeError('a bank code is 3 or 6 digits');
  if (!SERIAL.test(serial)) throw new RangeError('a NUBAN serial is 9 digits');
  const digits = bankCode.padStart(6, '0') + serial;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * WEIGHTS[i];
  return (10 - (sum % 10)) % 10;
}

/** The 10-digit account number of a serial at a bank. */
export function nuban(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

/** Whether `accountNumber` is a well-formed NUBAN of the bank with `bankCode`. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!BANK_CODE.test(bankCode) || !ACCOUNT_NUMBER.test(accountNumber)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
