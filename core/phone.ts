import type { Words } from './i18n/words';

/**
 * Nigerian mobile numbers (docs/domain.md, "Phone numbers and networks"): one normaliser for both
 * halves. A number is written 0XXXXXXXXXX, +234XXXXXXXXXX or 234XXXXXXXXXX (a 0 kept after 234
 * is tolerated), with spaces, dashes, brackets or dots anywhere; it is stored and sent as
 * 0XXXXXXXXXX.
 */
export type Network = 'MTN' | 'Airtel' | 'Glo' | '9mobile';

/** What a number must be once compacted: 0, then 7, 8 or 9, then 0 or 1, then eight digits. */
const MOBILE = /^0[789][01]\d{8}$/;

export const PHONE_INVALID: Words = /*i18n*/ {
  id: 'field.phone',
  message: 'please enter a valid Nigerian phone number: 11 digits starting with 0',
};

/** A number as typed so far, in its local form: separators go, +234 / 234 (and a 0 kept after it) become 0. */
export function toLocalPhone(phone: string): string {
  const digits = phone.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  if (digits.startsWith('234') && digits.length > 3) return `0${digits.slice(3).replace(/^0/, '')}`;
  return digits;
}

/** The complete local form of a Nigerian mobile number, or null when it is not one. */
export function normalisePhone(phone: string): string | null {
  const local = toLocalPhone(phone);
  return MOBILE.test(local) ? local : null;
}

/**
 * Numbers can be ported between networks, so the network found from a prefix is only a suggestion
 * the user can override.
 */
export const NETWORK_PREFIXES: Record<Network, readonly string[]> = {
  MTN: [
    '0703',
    '0704',
    '0706',
    '0707',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
    '07025',
    '07026',
  ],
  Airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  Glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  '9mobile': ['0809', '0817', '0818', '0908', '0909'],
};

/** Longest prefixes first, so 07025 (MTN) is found before any four-digit one. */
const TABLE: [string, Network][] = (Object.entries(NETWORK_PREFIXES) as [Network, readonly string[]][])
  .flatMap(([network, prefixes]) => prefixes.map((prefix): [string, Network] => [prefix, network]))
  .sort((a, b) => b[0].length - a[0].length);

/**
 * The network a number most likely belongs to, from its prefix; null until enough digits are typed
 * or when no prefix fits.
 */
export function suggestNetwork(phone: string): Network | null {
  const local = toLocalPhone(phone);
  if (!/^0\d{3,}$/.test(local)) return null;
  return TABLE.find(([prefix]) => local.startsWith(prefix))?.[1] ?? null;
}

/** The provider that sells for a network: its name starts with the network's ('MTN', 'MTN Data'). */
export function providerForNetwork<P extends { name: string }>(
  providers: readonly P[],
  network: Network | null,
): P | undefined {
  if (!network) return undefined;
  const name = network.toLowerCase();
  return providers.find((provider) => {
    const candidate = provider.name.trim().toLowerCase();
    return candidate === name || candidate.startsWith(`${name} `) || candidate.startsWith(`${name}-`);
  });
}
