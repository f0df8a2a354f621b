/**
 * ₦ with two decimals and thousands separators, the one way an amount is written: 1234.5 → "₦1,234.50".
 * Written out here as Intl.NumberFormat('en-NG') writes it (the same digits: both round the
 * number as it is written, 1.005 to 1.01, half away from zero), because the first Intl formatter
 * a page makes costs it about 15 ms while it starts (the locale's data is read then), and almost
 * every page shows money.
 */
export function formatNaira(amount: number | string | ''): string {
  const parsed = typeof amount === 'number' ? amount : Number(amount || 0);
  const value = Number.isFinite(parsed) ? parsed : 0;
  const kobo = koboOf(Math.abs(value).toString());
  const whole = (kobo / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `₦${sign}${whole}.${(kobo % 100n).toString().padStart(2, '0')}`;
}

/**
 * Whole kobo of a non-negative amount as JavaScript writes it ("1.005"), rounded half up. It
 * writes an exponent below a millionth (0 kobo) and from 10²¹ on ("1.5e+21": whole naira).
 */
function koboOf(written: string): bigint {
  const [digits, exponent] = written.split('e');
  const [whole, fraction = ''] = digits.split('.');
  if (exponent !== undefined)
    return Number(exponent) < 0 ? 0n : BigInt(whole + fraction.padEnd(Number(exponent), '0')) * 100n;
  const kobo = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  return fraction.length > 2 && fraction[2] >= '5' ? kobo + 1n : kobo;
}

/**
 * Naira for the API from kobo in the database. Dividing an exact integer by 100 yields the
 * double nearest the decimal value, which JSON prints as that decimal (12345n → 123.45).
 */
export function koboToNaira(kobo: bigint): number {
  if (kobo > BigInt(Number.MAX_SAFE_INTEGER) || kobo < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('amount too large to send as a JSON number');
  }
  return Number(kobo) / 100;
}

/** Digits, optionally a point and one or two more digits; no sign, exponent or spaces. */
const NAIRA_TEXT = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * Kobo from a naira amount of the API (the wire speaks naira, the ledger kobo): a JSON number or a
 * numeric string with at most two decimals, parsed as text — never `x * 100`, which turns 1.15 into
 * 114.99999999999999. A number is read through its shortest round-trip text (String(1.15) is
 * "1.15"), so a double that is not a two-decimal amount (0.1 + 0.2) is refused. Answers null for
 * anything else, including negative numbers, exponents and more than 15 integer digits.
 */
export function nairaToKobo(amount: unknown): bigint | null {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return null;
    text = String(amount);
  } else if (typeof amount === 'string') {
    text = amount.trim();
  } else {
    return null;
  }
  const match = NAIRA_TEXT.exec(text);
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}
