import type { RecentBeneficiary } from '../../core/contract';
import { labels } from '../../core/messages';
import type { ServiceCategory } from '../../core/services';

/**
 * The six service screens of SPEC.md §2, one configuration each. The purchase flow, the form
 * and the screens are generic; everything that differs between services is said here.
 */
export type ServiceKey = 'airtime' | 'internet' | 'electricity' | 'betting' | 'cable' | 'education';

/** Fields of the merchant verification answer (SPEC.md §3) shown beside the name. */
export type MerchantField = 'address' | 'username';

export interface ServiceConfig {
  key: ServiceKey;
  route: string;
  /** The screen's heading, exactly as SPEC.md §2 spells it. */
  title: string;
  /** The provider category of fetch-providers (and of recent-beneficiaries). */
  category: string;
  /** The purchase call, POST /api/<endpoint>. */
  endpoint: ServiceCategory;
  /** Label of the provider select: mobile services pick a network. */
  providerLabel: 'Network' | 'Provider';
  beneficiaryLabel: string;
  /**
   * 'plan': a plan is chosen and the amount is the plan's, read-only (package_id is sent);
   * 'amount': the user types the amount (amount is sent).
   */
  pricing: 'plan' | 'amount';
  /** Merchant verification before Continue (SPEC.md §4), and what it shows beside the name; null when not verified. */
  verification: { fields: MerchantField[] } | null;
  /** Electricity: Prepaid offered and selected, Postpaid shown disabled (SPEC.md §9). */
  meterTypes: boolean;
  /** Airtime and data: the network is suggested from the phone number's prefix. */
  suggestsNetwork: boolean;
}

export const services: Record<ServiceKey, ServiceConfig> = {
  airtime: {
    key: 'airtime',
    route: '/airtime',
    title: 'Airtime',
    category: 'airtime',
    endpoint: 'airtime',
    providerLabel: 'Network',
    beneficiaryLabel: 'Phone number',
    pricing: 'amount',
    verification: null,
    meterTypes: false,
    suggestsNetwork: true,
  },
  internet: {
    key: 'internet',
    route: '/internet',
    title: 'Internet',
    category: 'data',
    endpoint: 'data',
    providerLabel: 'Network',
    beneficiaryLabel: 'Phone number',
    pricing: 'plan',
    verification: null,
    meterTypes: false,
    suggestsNetwork: true,
  },
  electricity: {
    key: 'electricity',
    route: '/electricity',
    title: 'Electricity',
    category: 'electricity-bill',
    endpoint: 'electricity-bill',
    providerLabel: 'Provider',
    beneficiaryLabel: 'Meter number',
    pricing: 'amount',
    verification: { fields: ['address'] },
    meterTypes: true,
    suggestsNetwork: false,
  },
  betting: {
    key: 'betting',
    route: '/betting',
    title: labels.bettingTitle,
    category: 'betting',
    endpoint: 'betting',
    providerLabel: 'Provider',
    beneficiaryLabel: 'Account number',
    pricing: 'amount',
    verification: { fields: ['username'] },
    meterTypes: false,
    suggestsNetwork: false,
  },
  cable: {
    key: 'cable',
    route: '/cable',
    title: 'Cable TV',
    category: 'tv-subscription',
    endpoint: 'tv-subscription',
    providerLabel: 'Provider',
    beneficiaryLabel: 'Smartcard number',
    pricing: 'plan',
    verification: { fields: [] },
    meterTypes: false,
    suggestsNetwork: false,
  },
  education: {
    key: 'education',
    route: '/education',
    title: labels.educationTitle,
    category: 'education',
    endpoint: 'education',
    providerLabel: 'Provider',
    beneficiaryLabel: 'ID number',
    pricing: 'plan',
    verification: null,
    meterTypes: false,
    suggestsNetwork: false,
  },
};

export const SERVICE_LIST: readonly ServiceConfig[] = Object.values(services);

/** How many recent beneficiaries a screen offers (the server keeps the same number). */
export const RECENT_BENEFICIARIES = 5;

/** The recent list after a purchase: its beneficiary moves to the front with the provider just used, once, five at most. */
export function rememberBeneficiary(recent: readonly RecentBeneficiary[], paid: RecentBeneficiary): RecentBeneficiary[] {
  const beneficiary = paid.beneficiary.trim();
  if (!beneficiary) return [...recent];
  return [{ ...paid, beneficiary }, ...recent.filter((item) => item.beneficiary !== beneficiary)].slice(0, RECENT_BENEFICIARIES);
}
