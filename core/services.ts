import type { Words } from './i18n/words';
import * as labels from './labels';
import { normalisePhone, PHONE_INVALID } from './phone';

/**
 * The service table: every service the product sells, described once for both halves.
 *
 * The app derives from it its routes, the dashboard's service grid, the screens (one generic
 * ServiceScreen), the purchase flow's configuration and the category names of the activity
 * list. The server derives from it the purchase endpoints (POST /api/<category>), their
 * validation, merchant verification, the categories of fetch-providers and the wording of
 * descriptions and receipts. Adding a service is one entry here (and its providers in a
 * catalogue migration); see docs/development.md, "Adding a service".
 */

/** Fields of the merchant verification answer shown beside the holder's name. */
export type MerchantField = 'address' | 'username';

/** The picture on a service's tile and activity rows; the app maps each name to a drawing. */
export type ServiceIcon = 'phone' | 'wifi' | 'bolt' | 'ball' | 'tv' | 'cap';

/**
 * Who a purchase is for: how the field is labelled, how a typed value is normalised, and what is
 * said when it cannot be.
 */
export interface BeneficiaryRule {
  label: string;
  /** The value stored and sent to the biller, or null when the text is not a valid beneficiary. */
  normalise(value: string): string | null;
  /** The server's refusal of a number its rule cannot read, in the request's language. */
  invalid: Words;
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

/** What a description is made of: the amount as text (₦1,000.00), the provider's and the plan's names. */
export interface DescriptionParts {
  amount: string;
  provider: string;
  plan: string | null;
  beneficiary: string;
}

export interface ServiceDefinition {
  /** The app's name for the service (the route without its slash). */
  key: string;
  /**
   * The category of fetch-providers, transactions and recent beneficiaries; the purchase call is
   * POST /api/<category>.
   */
  category: string;
  route: `/${string}`;
  /** The screen's heading, exactly as the product was specified with it, typos included. */
  title: string;
  subtitle: string;
  /** The category's name in the activity list and the service grid. */
  categoryLabel: string;
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
  /** The transaction's description, as the activity list, notifications and receipts show it. */
  describe(parts: DescriptionParts): string;
  /**
   * Cashback on a completed bill, in basis points of its amount (100 = 1 %); 0 for none. The
   * server credits it (server/services/purchases/cashback.ts) and the landing page states it: one home.
   */
  cashbackBasisPoints: number;
}

const phone: BeneficiaryRule = {
  label: 'Phone number',
  normalise: normalisePhone,
  invalid: PHONE_INVALID,
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
    title: 'Airtime',
    subtitle: 'Top up any Nigerian phone number from your wallet.',
    categoryLabel: 'Airtime',
    icon: 'phone',
    providerLabel: 'Network',
    pricing: { kind: 'amount', minKobo: naira(50), maxKobo: naira(50_000) },
    beneficiary: phone,
    verification: null,
    meterTypes: false,
    suggestsNetwork: true,
    schedulable: true,
    renewable: false,
    describe: ({ amount, provider, beneficiary }) => `${amount} ${provider} airtime for ${beneficiary}`,
    cashbackBasisPoints: 200,
  },
  {
    key: 'internet',
    category: 'data',
    route: '/internet',
    title: 'Internet',
    subtitle: 'Buy a data plan for any Nigerian phone number.',
    categoryLabel: 'Data',
    icon: 'wifi',
    providerLabel: 'Network',
    pricing: { kind: 'plan', planLabel: 'Plan' },
    beneficiary: phone,
    verification: null,
    meterTypes: false,
    suggestsNetwork: true,
    schedulable: true,
    renewable: false,
    describe: ({ plan, beneficiary }) => `${plan} data for ${beneficiary}`,
    cashbackBasisPoints: 150,
  },
  {
    key: 'electricity',
    category: 'electricity-bill',
    route: '/electricity',
    title: 'Electricity',
    subtitle: 'Pay for prepaid electricity and get your token at once.',
    categoryLabel: 'Electricity',
    icon: 'bolt',
    providerLabel: 'Provider',
    pricing: { kind: 'amount', minKobo: naira(500), maxKobo: naira(500_000) },
    beneficiary: {
      label: 'Meter number',
      normalise: digits(11, 13),
      invalid: /*i18n*/ { id: 'buy.meter.invalid', message: 'meter number must be 11 to 13 digits' },
      displayName: 'Meter',
      input: { maxDigits: 13 },
    },
    verification: { fields: ['address'], beforePaying: true },
    meterTypes: true,
    suggestsNetwork: false,
    schedulable: true,
    renewable: false,
    describe: ({ amount, provider, beneficiary }) =>
      `${amount} ${provider} prepaid electricity for meter ${beneficiary}`,
    cashbackBasisPoints: 50,
  },
  {
    key: 'betting',
    category: 'betting',
    route: '/betting',
    title: labels.bettingTitle,
    subtitle: 'Fund your betting account from your wallet.',
    categoryLabel: 'Betting',
    icon: 'ball',
    providerLabel: 'Provider',
    pricing: { kind: 'amount', minKobo: naira(100), maxKobo: naira(500_000) },
    beneficiary: {
      label: 'Account number',
      normalise: digits(4, 20),
      invalid: /*i18n*/ { id: 'buy.account.invalid', message: 'betting account id must be 4 to 20 digits' },
      displayName: 'Account',
      input: { maxDigits: 20 },
    },
    verification: { fields: ['username'], beforePaying: true },
    meterTypes: false,
    suggestsNetwork: false,
    schedulable: false,
    renewable: false,
    describe: ({ amount, provider, beneficiary }) => `${amount} ${provider} account top-up for ${beneficiary}`,
    cashbackBasisPoints: 0,
  },
  {
    key: 'cable',
    category: 'tv-subscription',
    route: '/cable',
    title: 'Cable TV',
    subtitle: 'Renew your TV subscription from your wallet.',
    categoryLabel: 'Cable TV',
    icon: 'tv',
    providerLabel: 'Provider',
    pricing: { kind: 'plan', planLabel: 'Plan' },
    beneficiary: {
      label: 'Smartcard number',
      normalise: digits(10, 11),
      invalid: /*i18n*/ { id: 'buy.card.invalid', message: 'smartcard number must be 10 or 11 digits' },
      displayName: 'Smartcard',
      input: { maxDigits: 11 },
    },
    verification: { fields: [], beforePaying: true },
    meterTypes: false,
    suggestsNetwork: false,
    schedulable: true,
    renewable: true,
    // No plan: a renewal of the smartcard's current bouquet, for the amount the biller verified.
    describe: ({ plan, provider, beneficiary }) => `${plan ?? `${provider} renewal`} for smartcard ${beneficiary}`,
    cashbackBasisPoints: 50,
  },
  {
    key: 'education',
    category: 'education',
    route: '/education',
    title: labels.educationTitle,
    subtitle: 'Buy WAEC and JAMB pins from your wallet.',
    categoryLabel: labels.educationTitle,
    icon: 'cap',
    providerLabel: 'Provider',
    // The screen asks for "provider, service, ID number", in that order.
    pricing: { kind: 'plan', planLabel: 'Service' },
    beneficiary: {
      label: 'ID number',
      normalise: examCandidate,
      invalid: /*i18n*/ {
        id: 'buy.idNo.invalid',
        message: 'please enter the JAMB profile code (10 letters or digits) or an 11-digit phone number',
      },
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
    describe: ({ plan, beneficiary }) => `${plan} for ${beneficiary}`,
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
