import type { BillCategory } from '../gateways/biller';

/**
 * Who a purchase is for, per service (reference/domain.md), and how much it may be.
 *
 *   airtime, data     a Nigerian mobile number: 0XXXXXXXXXX, +234XXXXXXXXXX or 234XXXXXXXXXX
 *                     (spaces and dashes ignored), stored as 0XXXXXXXXXX
 *   electricity-bill  a meter number: 11 to 13 digits
 *   betting           a betting account id: 4 to 20 digits
 *   tv-subscription   a smartcard / IUC number: 10 or 11 digits (DStv and GOtv 10, StarTimes 11)
 *   education         a JAMB profile code (10 letters or digits, upper-cased) or the candidate's
 *                     phone number the pin is sent to (as for airtime)
 */

const PHONE = /^(?:\+?2340?|0)([789][01]\d{8})$/;

export function normalisePhone(value: string): string | null {
  const match = PHONE.exec(value.replace(/[\s-]/g, ''));
  return match ? `0${match[1]}` : null;
}

interface BeneficiaryRule {
  normalise(value: string): string | null;
  invalid: string;
}

const phoneRule: BeneficiaryRule = {
  normalise: normalisePhone,
  invalid: 'please enter a valid Nigerian phone number: 11 digits starting with 0',
};

const digits = (min: number, max: number) => (value: string) => {
  const compact = value.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${min},${max}}$`).test(compact) ? compact : null;
};

export const BENEFICIARY_RULES: Record<BillCategory, BeneficiaryRule> = {
  airtime: phoneRule,
  data: phoneRule,
  'electricity-bill': { normalise: digits(11, 13), invalid: 'meter number must be 11 to 13 digits' },
  betting: { normalise: digits(4, 20), invalid: 'betting account id must be 4 to 20 digits' },
  'tv-subscription': { normalise: digits(10, 11), invalid: 'smartcard number must be 10 or 11 digits' },
  education: {
    normalise: (value) => {
      const phone = normalisePhone(value);
      if (phone) return phone;
      const code = value.trim().toUpperCase();
      return /^[A-Z0-9]{10}$/.test(code) ? code : null;
    },
    invalid: 'please enter the JAMB profile code (10 letters or digits) or an 11-digit phone number',
  },
};

/** Amount-based services and their limits in kobo (reference/domain.md). */
export const AMOUNT_LIMITS: Partial<Record<BillCategory, { minKobo: bigint; maxKobo: bigint }>> = {
  airtime: { minKobo: 5_000n, maxKobo: 5_000_000n }, // ₦50 – ₦50,000
  'electricity-bill': { minKobo: 50_000n, maxKobo: 50_000_000n }, // ₦500 – ₦500,000
  betting: { minKobo: 10_000n, maxKobo: 50_000_000n }, // ₦100 – ₦500,000
};
