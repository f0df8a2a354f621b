import type { Words } from '../../../core/i18n/words';
import * as labels from '../../../core/labels';
import type { ServiceKey } from '../../../core/services';

// What only the screens say of a service, keyed by the service table's keys (core/services.ts):
// the table itself carries none of it, so that every page that only lists the services (the
// dashboard's grid, the activity list) does not download the service screens' words.

/** Each service screen's heading, as the product named it (typos included), and the line under it. */
export const serviceTitles: Record<ServiceKey, { title: Words; subtitle: Words }> = {
  airtime: {
    title: /*i18n*/ { id: 'buy.airtime.title', message: 'Airtime' },
    subtitle: /*i18n*/ { id: 'buy.airtime.sub', message: 'Top up any Nigerian phone number from your wallet.' },
  },
  internet: {
    title: /*i18n*/ { id: 'buy.internet.title', message: 'Internet' },
    subtitle: /*i18n*/ { id: 'buy.internet.sub', message: 'Buy a data plan for any Nigerian phone number.' },
  },
  electricity: {
    title: /*i18n*/ { id: 'buy.electricity.title', message: 'Electricity' },
    subtitle: /*i18n*/ {
      id: 'buy.electricity.sub',
      message: 'Pay for prepaid electricity and get your token at once.',
    },
  },
  betting: {
    title: labels.bettingTitle,
    subtitle: /*i18n*/ { id: 'buy.betting.sub', message: 'Fund your betting account from your wallet.' },
  },
  cable: {
    title: /*i18n*/ { id: 'buy.cable.title', message: 'Cable TV' },
    subtitle: /*i18n*/ { id: 'buy.cable.sub', message: 'Renew your TV subscription from your wallet.' },
  },
  education: {
    title: labels.educationTitle,
    subtitle: /*i18n*/ { id: 'buy.education.sub', message: 'Buy WAEC and JAMB pins from your wallet.' },
  },
};

/** Who a purchase is for: the field's label, and the short name the merchant details give it. */
export const beneficiaryWords: Record<ServiceKey, { label: Words; name: Words }> = {
  airtime: {
    label: /*i18n*/ { id: 'buy.phone.label', message: 'Phone number' },
    name: /*i18n*/ { id: 'buy.phone.name', message: 'Phone' },
  },
  internet: {
    label: /*i18n*/ { id: 'buy.phone.label', message: 'Phone number' },
    name: /*i18n*/ { id: 'buy.phone.name', message: 'Phone' },
  },
  electricity: {
    label: /*i18n*/ { id: 'buy.meter.label', message: 'Meter number' },
    name: /*i18n*/ { id: 'buy.meter.name', message: 'Meter' },
  },
  betting: {
    label: /*i18n*/ { id: 'buy.account.label', message: 'Account number' },
    name: /*i18n*/ { id: 'buy.account.name', message: 'Account' },
  },
  cable: {
    label: /*i18n*/ { id: 'buy.card.label', message: 'Smartcard number' },
    name: /*i18n*/ { id: 'buy.card.name', message: 'Smartcard' },
  },
  education: {
    label: /*i18n*/ { id: 'buy.idNo.label', message: 'ID number' },
    name: /*i18n*/ { id: 'buy.idNo.name', message: 'ID' },
  },
};

/** What a service calls its providers, and what its provider list says before one is chosen. */
export const providerWords: Record<
  'Network' | 'Provider',
  { label: Words; choose: Words; loading: Words; first: Words }
> = {
  Network: {
    label: /*i18n*/ { id: 'buy.network', message: 'Network' },
    choose: /*i18n*/ { id: 'buy.network.choose', message: 'Select a network' },
    loading: /*i18n*/ { id: 'buy.network.loading', message: 'Loading networks…' },
    first: /*i18n*/ { id: 'buy.network.first', message: 'Select a network first' },
  },
  Provider: {
    label: /*i18n*/ { id: 'buy.provider', message: 'Provider' },
    choose: /*i18n*/ { id: 'buy.provider.choose', message: 'Select a provider' },
    loading: /*i18n*/ { id: 'buy.provider.loading', message: 'Loading providers…' },
    first: /*i18n*/ { id: 'buy.provider.first', message: 'Select a provider first' },
  },
};

/** What a plan-priced service calls its plans ("Service" on /education), and its list's first line. */
export const planWords: Record<string, { label: Words; choose: Words } | undefined> = {
  Plan: {
    label: /*i18n*/ { id: 'buy.plan', message: 'Plan' },
    choose: /*i18n*/ { id: 'buy.plan.choose', message: 'Select a plan' },
  },
  Service: {
    label: /*i18n*/ { id: 'buy.service', message: 'Service' },
    choose: /*i18n*/ { id: 'buy.service.choose', message: 'Select a service' },
  },
};
