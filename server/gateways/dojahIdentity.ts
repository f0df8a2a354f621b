import { systemTimeouts, type Timeouts } from '../clock';
import { GatewayError } from '../errors';
import type { IdentityGateway, IdentityHolder, IdentityQuery } from './identity';

/** How long a lookup may take before the customer is told to try again later. */
export const DOJAH_TIMEOUT_MS = 15_000;
const UNAVAILABLE = 'the identity service is not available right now, please try again in a few minutes';

/** Dojah's lookup of each kind (docs.dojah.io, KYC: "Lookup BVN", "Lookup NIN"). */
const LOOKUP: Record<IdentityQuery['kind'], { path: string; parameter: string }> = {
  bvn: { path: '/api/v1/kyc/bvn/full', parameter: 'bvn' },
  nin: { path: '/api/v1/kyc/nin', parameter: 'nin' },
};

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
 * answer is `{ entity: { first_name, middle_name, last_name, ... } }`. A number Dojah does not
 * know answers 400 or 404 with `{ error }`. The entity also holds a photo, a date of birth and
 * phone numbers: only the names are read, and nothing of it is kept or logged.
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
      throw new GatewayError(UNAVAILABLE, { cause: new Error(`dojah ${kind} lookup failed: ${(cause as Error).name}`) });
    }
    if (response.status === 400 || response.status === 404) return null;
    if (!response.ok) throw new GatewayError(UNAVAILABLE, { cause: new Error(`dojah ${kind} lookup answered HTTP ${response.status}`) });
    const entity = (body as { entity?: Record<string, unknown> } | null)?.entity;
    if (!entity || typeof entity !== 'object') throw new GatewayError(UNAVAILABLE, { cause: new Error(`dojah ${kind} lookup answered without an entity`) });
    const holder = { firstName: text(entity.first_name), middleName: text(entity.middle_name), lastName: text(entity.last_name) };
    return holder.firstName || holder.lastName ? holder : null;
  }
}
