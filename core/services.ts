import type { Words } from './i18n/words';
import { normalisePhone } from './phone';

/**
 * The service table: every service the product sells, described once for both halves.
 *
 * The app derives from it its routes, the dashboard's service grid, the screens (one generic
 * ServiceScreen), the purchase flow's configuration and the category names of the activity
 * list. The server derives from it the purchase endpoints (POST /api/<category>), their
 * validation, merchant verification, the categories of fetch-providers and the service's name on
 * receipts. Adding a service is one entry here (and its providers in a
 * catalogue migration); see docs/development.md, "Adding a service".
 */

/** Fields of the merchant verification answer shown beside the holder's name. */
export type MerchantField = 'address' | 'username';

/** The picture on a service's tile and activity rows; the app maps each name to a drawing. */
export type ServiceIcon = 'phone' | 'wifi' | 'bolt' | 'ball' | 'tv' | 'cap';

/**
 * Who a purchase is for: how a typed value is normalised, and how the activity list names it. The
 * field's label is the screens' (src/ui/purchases/serviceWords.ts), the refusal of a number the
 * rule cannot read the server's (server/services/purchases/wording.ts).
 */
export interface BeneficiaryRule {
  /** The value stored and sent to the biller, or null when the text is not a valid beneficiary. */
  normalise(value: string): string | null;
  /** How the activity list names the beneficiary before there is a receipt ('Phone', 'Meter', ...). */
  displayName: string;
  /**
   * What the field lets through as it is typed, pasted or autofilled (beneficiary
   * inputs are numeric): a phone number (an international +234 number becomes its local form),
   * or digits, at most as many as the longest valid number.
   */
  input: 'phone' | { maxDigits: number };
}

export type Pricing =
  /** The user types the amount, within these limits (kobo). */
  | { kind: 'amount'; minKobo: bigint; maxKobo: bigint }
  /**
   * A plan is chosen; its price is the amount, read-only (package_id is sent). `planLabel` names
   * the field ("Service" on /education, "Plan" elsewhere).
   */
  | { kind: 'plan'; planLabel: string };

export interface ServiceDefinition {
  /** The app's name for the service (the route without its slash). */
  key: string;
  /**
   * The category of fetch-providers, transactions and recent beneficiaries; the purchase call is
   * POST /api/<category>.
   */
  category: string;
  route: `/${string}`;
  /** The category's name in the activity list, the service grid, receipts and the cashback rates. */
  categoryLabel: Words;
  icon: ServiceIcon;
  /** Mobile services pick a network, the others a provider. */
  providerLabel: 'Network' | 'Provider';
  pricing: Pricing;
  beneficiary: BeneficiaryRule;
  /**
   * Merchant verification and what it shows beside the name; `beforePaying` makes
   * the screen verify before Continue. The server verifies any service that has an entry.
   */
  verification: { fields: MerchantField[]; beforePaying: boolean } | null;
  /** Electricity: Prepaid offered and selected, Postpaid shown disabled (not sold here). */
  meterTypes: boolean;
  /** Airtime and data: the network is suggested from the phone number's prefix. */
  suggestsNetwork: boolean;
  /**
   * Whether a schedule may repeat it: its price is known when the schedule is made (an amount, a
   * plan, or a renewal the biller verifies). Betting top-ups are not repeated automatically.
   */
  schedulable: boolean;
  /** Cable TV: the biller tells the due date and the renewal's price, so a schedule can renew it before it is due. */
  renewable: boolean;
  /**
   * Cashback on a completed bill, in basis points of its amount (100 = 1 %); 0 for none. The
   * server credits it (server/services/purchases/cashback.ts) and the landing page states it: one home.
   */
  cashbackBasisPoints: number;
}

const phone: BeneficiaryRule = {
  normalise: normalisePhone,
  displayName: 'Phone',
  input: 'phone',
};

/** Digits only, between `min` and `max` of them; spaces and dashes typed between groups are ignored. */
function digits(min: number, max: number) {
  const pattern = new RegExp(`^\\d{${min},${max}}$`);
  return (value: string) => {
    const compact = value.replace(/[\s-]/g, '');
    return pattern.test(compact) ? compact : null;
  };
}

/** A JAMB profile code (10 letters or digits, upper-cased) or the candidate's phone number the pin is sent to. */
function examCandidate(value: string): string | null {
  const asPhone = normalisePhone(value);
  if (asPhone) return asPhone;
  const code = value.trim().toUpperCase();
  return /^[A-Z0-9]{10}$/.test(code) ? code : null;
}

/** Limits from docs/domain.md, "What the billers sell", in kobo. */
const naira = (amount: number) => BigInt(amount) * 100n;

export const SERVICES = [
  {
    key: 'airtime',
    category: 'airtime',
    route: '/airtime',
    categoryLabel: /*i18n*/ { id: 'site.rates.airtime', message: 'Airtime' },
    icon: 'phone',
    providerLabel: 'Network',
    pricing: { kind: 'amount', minKobo: naira(50), maxKobo: naira(50_000) },
    beneficiary: phone,
    verification: null,
    meterTypes: false,
    suggestsNetwork: true,
    schedulable: true,
    renewable: false,
    cashbackBasisPoints: 200,
  },
  {
    key: 'internet',
    category: 'data',
    route: '/internet',
    categoryLabel: /*i18n*/ { id: 'site.rates.internet', message: 'Data' },
    icon: 'wifi',
    providerLabel: 'Network',
    pricing: { kind: 'plan', planLabel: 'Plan' },
    beneficiary: phone,
    verification: null,
    meterTypes: false,
    suggestsNetwork: true,
    schedulable: true,
    renewable: false,
    cashbackBasisPoints: 150,
  },
  {
    key: 'electricity',
    category: 'electricity-bill',
    route: '/electricity',
    categoryLabel: /*i18n*/ { id: 'site.rates.electricity', message: 'Electricity' },
    icon: 'bolt',
    providerLabel: 'Provider',
    pricing: { kind: 'amount', minKobo: naira(500), maxKobo: naira(500_000) },
    beneficiary: {
      normalise: digits(11, 13),
      displayName: 'Meter',
      input: { maxDigits: 13 },
    },
    verification: { fields: ['address'], beforePaying: true },
    meterTypes: true,
    suggestsNetwork: false,
    schedulable: true,
    renewable: false,
    cashbackBasisPoints: 50,
  },
  {
    key: 'betting',
    category: 'betting',
    route: '/betting',
    categoryLabel: /*i18n*/ { id: 'site.rates.betting', message: 'Betting' },
    icon: 'ball',
    providerLabel: 'Provider',
    pricing: { kind: 'amount', minKobo: naira(100), maxKobo: naira(500_000) },
    beneficiary: {
      normalise: digits(4, 20),
      displayName: 'Account',
      input: { maxDigits: 20 },
    },
    verification: { fields: ['username'], beforePaying: true },
    meterTypes: false,
    suggestsNetwork: false,
    schedulable: false,
    renewable: false,
    cashbackBasisPoints: 0,
  },
  {
    key: 'cable',
    category: 'tv-subscription',
    route: '/cable',
    categoryLabel: /*i18n*/ { id: 'site.rates.cable', message: 'Cable TV' },
    icon: 'tv',
    providerLabel: 'Provider',
    pricing: { kind: 'plan', planLabel: 'Plan' },
    beneficiary: {
      normalise: digits(10, 11),
      displayName: 'Smartcard',
      input: { maxDigits: 11 },
    },
    verification: { fields: [], beforePaying: true },
    meterTypes: false,
    suggestsNetwork: false,
    schedulable: true,
    renewable: true,
    cashbackBasisPoints: 50,
  },
  {
    key: 'education',
    category: 'education',
    route: '/education',
    categoryLabel: /*i18n*/ { id: 'site.rates.education', message: 'Jamb/Waec Pins' },
    icon: 'cap',
    providerLabel: 'Provider',
    // The screen asks for "provider, service, ID number", in that order.
    pricing: { kind: 'plan', planLabel: 'Service' },
    beneficiary: {
      normalise: examCandidate,
      displayName: 'ID',
      // Numeric like every beneficiary input: a JAMB profile code (10 digits) or the candidate's phone number.
      input: { maxDigits: 11 },
    },
    // JAMB profile codes can be looked up; the education screen has no Verify button, so it does not ask.
    verification: { fields: [], beforePaying: false },
    meterTypes: false,
    suggestsNetwork: false,
    schedulable: true,
    renewable: false,
    cashbackBasisPoints: 0,
  },
] as const satisfies readonly ServiceDefinition[];

export type Service = (typeof SERVICES)[number];
export type ServiceKey = Service['key'];
/** The purchase categories, derived from the table: 'airtime' | 'data' | 'electricity-bill' | ... */
export type ServiceCategory = Service['category'];

export const SERVICE_CATEGORIES: readonly ServiceCategory[] = SERVICES.map((service) => service.category);

/** A row of the table as its readers hold it: a definition whose key and category are the table's own. */
export type ServiceEntry = ServiceDefinition & { key: ServiceKey; category: ServiceCategory };

export function serviceByKey(key: ServiceKey): ServiceEntry {
  return SERVICES.find((service) => service.key === key)!;
}

/** The service of a purchase category, or undefined for anything else (wallet funding, an unknown text). */
export function serviceOfCategory(category: string): ServiceEntry | undefined {
  return SERVICES.find((service) => service.category === category);
}

export function isServiceCategory(category: unknown): category is ServiceCategory {
  return typeof category === 'string' && (SERVICE_CATEGORIES as readonly string[]).includes(category);
}

/** The cashback a completed bill of this amount earns, in kobo (rounded down; 0 for none). */
export function cashbackKobo(service: Pick<ServiceDefinition, 'cashbackBasisPoints'>, amountKobo: bigint): bigint {
  return (amountKobo * BigInt(service.cashbackBasisPoints)) / 10_000n;
}

/** A rate as people read it: 200 → '2%', 150 → '1.5%'. */
export function cashbackPercent(service: Pick<ServiceDefinition, 'cashbackBasisPoints'>): string {
  return `${service.cashbackBasisPoints / 100}%`;
}

/** How many recent beneficiaries a screen offers and the server keeps. */
export const RECENT_BENEFICIARIES = 5;
