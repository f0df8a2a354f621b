import { createHash } from 'node:crypto';
import type { MerchantDetails } from '../../core/contract';
import { koboToNaira } from '../../core/money';
import { serviceOfCategory } from '../../core/services';
import { lagosDay, startOfLagosDay } from '../../core/days';
import { nextRunAfter } from '../../core/scheduleCalendar';
import { must } from '../errors';
import type { Bill, Biller, BillOutcome, CustomerLookup, Receipt } from './biller';

/**
 * The default biller: behaves like an aggregator's sandbox (docs/domain.md, "How an aggregator
 * behaves"), with deterministic switches chosen by the LAST FOUR CHARACTERS of the beneficiary
 * (phone number, meter, betting account, smartcard or exam profile code), so tests, demos and the
 * browser journeys can reach every status:
 *
 *   ends in | pay answers                                | requery answers
 *   --------|--------------------------------------------|------------------
 *   0001    | failed, definitive (not charged → refund)  | failed
 *   0002    | pending                                    | delivered
 *   0003    | pending                                    | failed (→ refund)
 *   0004    | no answer: times out (→ pending)           | delivered
 *   0005    | pending                                    | pending (stays processing)
 *   0006    | failed, ambiguous (→ pending, no refund)   | failed (→ refund)
 *   0007    | failed, ambiguous (→ pending, no refund)   | delivered
 *   other   | delivered                                  | delivered
 *
 * Every requery's "failed" is definitive: a status query that finds the bill failed is the
 * confirmation a refund waits for.
 *
 * Merchant verification (verify-merchant) finds every customer except numbers ending in 9999
 * (404 'we could not find a customer with that number'); names, addresses and usernames are
 * fake but realistic, derived from the number, so one number always answers the same. A DStv or
 * GOtv smartcard also answers, as VTpass's does, its current bouquet, what renewing it costs and
 * the day it is due (simulatedDueDate): the next day of the month (Lagos, today included) that
 * the two digits before its last four name — 7012**05**5678 is due on the next 5th (the month's
 * last day when it is shorter); 00 or above 31, today.
 *
 * Receipts are derived from the request id, so a pay and a later requery of one bill answer
 * the same token or pin: electricity a 20-digit token in groups of four and units at
 * ₦209.50/kWh; exam pins a serial and a 12-digit pin.
 */
export class SimulatedBiller implements Biller {
  readonly name = 'simulated';
  readonly #latencyMs: number;
  readonly #now: () => Date;

  /** `latencyMs` delays every answer, to make a demo feel like a network; `now` is the clock due dates count from. */
  constructor(options: { latencyMs?: number; now?: () => Date } = {}) {
    this.#latencyMs = options.latencyMs ?? 0;
    this.#now = options.now ?? (() => new Date());
  }

  async pay(bill: Bill): Promise<BillOutcome> {
    await this.#wait();
    switch (switchOf(bill.beneficiary)) {
      case '0001':
        return { status: 'failed', reason: 'the biller declined the request', definitive: true };
      case '0006':
      case '0007':
        // Like an aggregator's "system error": the bill may or may not have gone through.
        return { status: 'failed', reason: 'the biller answered with an unexplained error', definitive: false };
      case '0002':
      case '0003':
      case '0005':
        return { status: 'pending' };
      case '0004':
        throw new BillerTimeoutError();
      default:
        return { status: 'delivered', receipt: receiptOf(bill) };
    }
  }

  async requery(bill: Bill): Promise<BillOutcome> {
    await this.#wait();
    switch (switchOf(bill.beneficiary)) {
      case '0001':
      case '0003':
      case '0006':
        return { status: 'failed', reason: 'the biller reports the request as failed', definitive: true };
      case '0005':
        return { status: 'pending' };
      default:
        return { status: 'delivered', receipt: receiptOf(bill) };
    }
  }

  async verify({ category, providerCode, beneficiary }: CustomerLookup): Promise<MerchantDetails | null> {
    await this.#wait();
    if (switchOf(beneficiary) === '9999') return null;
    const digest = digestOf(`${providerCode}|${beneficiary}`);
    const first = FIRST_NAMES[digest[0] % FIRST_NAMES.length];
    const last = SURNAMES[digest[1] % SURNAMES.length];
    const name = `${first} ${last}`;
    // The details the service's verification shows (the service table) are the ones found.
    const fields = serviceOfCategory(category)?.verification?.fields ?? [];
    if (fields.includes('address')) {
      const [street, area] = ADDRESSES[providerCode]?.[digest[2] % 3] ?? ['Broad Street', 'Lagos Island, Lagos'];
      return { name: name.toUpperCase(), address: `${(digest[3] % 120) + 1} ${street}, ${area}` };
    }
    if (fields.includes('username'))
      return { name, username: `${first.toLowerCase()}${last.slice(0, 3).toLowerCase()}${digest[4] % 100}` };
    const bouquets = BOUQUETS[providerCode];
    if (!bouquets) return { name: name.toUpperCase() };
    const [plan, kobo] = bouquets[digest[5] % bouquets.length];
    return {
      name: name.toUpperCase(),
      current_plan: plan,
      renewal_amount: koboToNaira(kobo),
      due_date: simulatedDueDate(beneficiary, this.#now()),
    };
  }

  async #wait() {
    if (this.#latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#latencyMs));
  }
}

/**
 * The day a simulated smartcard's subscription is due, seen at `now`: the next day of the month its
 * digits name (class comment).
 */
export function simulatedDueDate(smartcard: string, now: Date): string {
  const today = lagosDay(now);
  const day = Number(smartcard.slice(-6, -4));
  if (!(day >= 1 && day <= 31)) return today;
  const beforeToday = new Date(startOfLagosDay(now).getTime() - 1);
  const next = nextRunAfter({ cadence: { kind: 'monthly', day }, time: 0 }, beforeToday);
  return lagosDay(must(next, 'a monthly rule always has a next run'));
}

/** The biller did not answer in time; the caller must treat the bill as pending. */
export class BillerTimeoutError extends Error {
  constructor() {
    super('the biller did not answer in time');
    this.name = 'BillerTimeoutError';
  }
}

const switchOf = (beneficiary: string) => beneficiary.slice(-4);
const digestOf = (text: string) => createHash('sha256').update(text).digest();

/** ₦209.50 per kWh (Band A), in kobo. */
const TARIFF_KOBO_PER_KWH = 20_950n;

function receiptOf(bill: Bill): Receipt {
  const digest = digestOf(bill.requestId);
  const digits = (count: number, offset: number) =>
    Array.from({ length: count }, (_, i) => String(digest[(offset + i) % digest.length] % 10)).join('');
  // Prepaid meters are bought for a token.
  if (serviceOfCategory(bill.category)?.meterTypes) {
    const tenthsOfKwh = (bill.amountKobo * 10n) / TARIFF_KOBO_PER_KWH;
    return {
      token: digits(20, 0).replace(/(\d{4})(?=\d)/g, '$1-'),
      units: `${tenthsOfKwh / 10n}.${tenthsOfKwh % 10n} kWh`,
    };
  }
  const serialPrefix = EXAM_SERIAL_PREFIXES[bill.providerCode];
  if (serialPrefix) return { serial: `${serialPrefix}${digits(9, 20)}`, pin: digits(12, 7) };
  return {};
}

/**
 * The bouquets a DStv or GOtv smartcard may be on, and what renewing each costs (kobo): those whose
 * verification tells a due date.
 */
const BOUQUETS: Record<string, [string, bigint][]> = {
  dstv: [
    ['DStv Padi', 440_000n],
    ['DStv Yanga', 600_000n],
    ['DStv Confam', 1_100_000n],
    ['DStv Compact', 1_900_000n],
  ],
  gotv: [
    ['GOtv Smallie', 190_000n],
    ['GOtv Jinja', 390_000n],
    ['GOtv Jolli', 580_000n],
    ['GOtv Max', 850_000n],
  ],
};

/** The exam bodies whose pins are sold, by catalogue code, and how their card serials begin. */
const EXAM_SERIAL_PREFIXES: Record<string, string> = { waec: 'WRN', jamb: 'JMB' };

const FIRST_NAMES = [
  'Adebayo',
  'Chinedu',
  'Ngozi',
  'Aisha',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Chiamaka',
  'Olumide',
  'Zainab',
  'Tunde',
  'Amaka',
  'Musa',
  'Yetunde',
  'Obinna',
  'Halima',
];
const SURNAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Okonkwo',
  'Yusuf',
  'Adeleke',
  'Obi',
  'Danjuma',
  'Ibekwe',
  'Lawal',
  'Akpan',
];

/** Three streets per distribution company's area: [street, area]. */
const ADDRESSES: Record<string, [string, string][]> = {
  'ikeja-electric': [
    ['Allen Avenue', 'Ikeja, Lagos'],
    ['Opebi Road', 'Ikeja, Lagos'],
    ['Agege Motor Road', 'Oshodi, Lagos'],
  ],
  'eko-electric': [
    ['Adeola Odeku Street', 'Victoria Island, Lagos'],
    ['Broad Street', 'Lagos Island, Lagos'],
    ['Akerele Street', 'Surulere, Lagos'],
  ],
  'abuja-electric': [
    ['Aminu Kano Crescent', 'Wuse II, Abuja'],
    ['Ahmadu Bello Way', 'Garki, Abuja'],
    ['Gimbiya Street', 'Area 11, Abuja'],
  ],
  'kano-electric': [
    ['Zoo Road', 'Kano'],
    ['Murtala Mohammed Way', 'Kano'],
    ['Bompai Road', 'Nassarawa, Kano'],
  ],
  'portharcourt-electric': [
    ['Aba Road', 'Port Harcourt, Rivers'],
    ['Trans-Amadi Road', 'Port Harcourt, Rivers'],
    ['Ikwerre Road', 'Mile 3, Port Harcourt'],
  ],
  'ibadan-electric': [
    ['Ring Road', 'Ibadan, Oyo'],
    ['Bodija Road', 'Bodija, Ibadan'],
    ['Iwo Road', 'Ibadan, Oyo'],
  ],
  'enugu-electric': [
    ['Ogui Road', 'Enugu'],
    ['Chime Avenue', 'New Haven, Enugu'],
    ['Zik Avenue', 'Uwani, Enugu'],
  ],
  'jos-electric': [
    ['Ahmadu Bello Way', 'Jos, Plateau'],
    ['Rayfield Road', 'Rayfield, Jos'],
    ['Murtala Mohammed Way', 'Jos, Plateau'],
  ],
  'kaduna-electric': [
    ['Ali Akilu Road', 'Kaduna'],
    ['Independence Way', 'Kaduna'],
    ['Constitution Road', 'Kaduna'],
  ],
  'benin-electric': [
    ['Sapele Road', 'Benin City, Edo'],
    ['Akpakpava Road', 'Benin City, Edo'],
    ['Airport Road', 'Benin City, Edo'],
  ],
  'aba-electric': [
    ['Azikiwe Road', 'Aba, Abia'],
    ['Faulks Road', 'Aba, Abia'],
    ['Ehi Road', 'Aba, Abia'],
  ],
  'yola-electric': [
    ['Galadima Aminu Way', 'Jimeta, Yola'],
    ['Mubi Road', 'Yola, Adamawa'],
    ['Atiku Abubakar Road', 'Yola, Adamawa'],
  ],
};
