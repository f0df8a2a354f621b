import { isDay } from '../../core/days';
import { systemTimeouts, type Timeouts } from '../clock';
import { GatewayError, PARTNER_RETRY_AFTER_S } from '../errors';
import { IDENTITY_UNAVAILABLE, type IdentityGateway, type IdentityHolder, type IdentityQuery } from './identity';
import { t } from '../i18n';

/** How long a lookup may take before the customer is told to try again later. */
export const DOJAH_TIMEOUT_MS = 15_000;

/**
 * Dojah's lookup of each kind (docs.dojah.io, KYC: "Lookup BVN", "Lookup NIN"), and the fields of
 * its entity that hold the record's phones: a BVN's primary and secondary numbers, a NIN's one.
 */
const LOOKUP: Record<IdentityQuery['kind'], { path: string; parameter: string; phones: readonly string[] }> = {
  bvn: { path: '/api/v1/kyc/bvn/full', parameter: 'bvn', phones: ['phone_number1', 'phone_number2'] },
  nin: { path: '/api/v1/kyc/nin', parameter: 'nin', phones: ['phone_number'] },
};

const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const NAMED_MONTH = /^(\d{1,2})-([a-z]+)-(\d{4})$/;

/**
 * The entity's `date_of_birth` as YYYY-MM-DD, or '' when it is no date. Dojah's lookup pages
 * document it so ("1997-05-16"); the example of the same BVN lookup in its API description writes
 * "28-Jun-2000", and its BVN-with-selfie page "01-January-1907": those forms are read too.
 */
export function dateOfBirthOf(value: string): string {
  if (isDay(value)) return value;
  const match = NAMED_MONTH.exec(value.toLowerCase());
  const month = match ? MONTHS.findIndex((name) => name === match[2] || name.slice(0, 3) === match[2]) : -1;
  if (!match || month < 0) return '';
  const day = `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return isDay(day) ? day : '';
}

export interface DojahOptions {
  appId: string;
  secretKey: string;
  /** https://api.dojah.io, or https://sandbox.dojah.io with sandbox keys. */
  baseUrl: string;
  /** What times a lookup out; default the system's timers (a test's clock fires them when moved). */
  timeouts?: Timeouts;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Dojah: GET with the `AppId` header and the secret key as `Authorization` (no "Bearer"); the
 * answer is `{ entity: { first_name, middle_name, last_name, date_of_birth, ... } }` with the
 * phones in `phone_number1` and `phone_number2` (BVN) or `phone_number` (NIN). A number Dojah does
 * not know answers 400 or 404 with `{ error }`. The entity also holds a photo, the gender and more:
 * only the names, the date of birth and the phones are read, and nothing of it is kept or logged.
 */
export class DojahIdentity implements IdentityGateway {
  readonly name = 'dojah';
  readonly #options: DojahOptions;
  readonly #timeouts: Timeouts;

  constructor(options: DojahOptions) {
    this.#options = options;
    this.#timeouts = options.timeouts ?? systemTimeouts;
  }

  async lookUp({ kind, number }: IdentityQuery): Promise<IdentityHolder | null> {
    const lookup = LOOKUP[kind];
    const url = new URL(lookup.path, this.#options.baseUrl);
    url.searchParams.set(lookup.parameter, number);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, {
        headers: { AppId: this.#options.appId, Authorization: this.#options.secretKey, Accept: 'application/json' },
        signal: this.#timeouts.timeout(DOJAH_TIMEOUT_MS),
      });
      body = await response.json().catch(() => null);
    } catch (cause) {
      // The cause names the URL, which holds the number: it is not passed on.
      throw new GatewayError(t(IDENTITY_UNAVAILABLE), {
        cause: new Error(`dojah ${kind} lookup failed: ${(cause as Error).name}`),
        retryAfterS: PARTNER_RETRY_AFTER_S,
      });
    }
    if (response.status === 400 || response.status === 404) return null;
    if (!response.ok)
      throw new GatewayError(t(IDENTITY_UNAVAILABLE), {
        cause: new Error(`dojah ${kind} lookup answered HTTP ${response.status}`),
        // A 5xx is the service down; any other status is an answer we cannot use.
        retryAfterS: response.status >= 500 ? PARTNER_RETRY_AFTER_S : undefined,
      });
    const entity = (body as { entity?: Record<string, unknown> } | null)?.entity;
    if (!entity || typeof entity !== 'object')
      throw new GatewayError(t(IDENTITY_UNAVAILABLE), {
        cause: new Error(`dojah ${kind} lookup answered without an entity`),
      });
    const holder = {
      firstName: text(entity.first_name),
      middleName: text(entity.middle_name),
      lastName: text(entity.last_name),
      dateOfBirth: dateOfBirthOf(text(entity.date_of_birth)),
      phones: lookup.phones.map((field) => text(entity[field])).filter(Boolean),
    };
    return holder.firstName || holder.lastName ? holder : null;
  }
}
