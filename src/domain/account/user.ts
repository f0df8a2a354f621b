import type { Limits, PinMarker, UserData, VirtualAccount } from '../../../core/contract';
import type { Locale } from '../../../core/i18n/locales';
import { DEFAULT_TENANT } from '../../../core/limits';

/** The session's user: the server's user fields plus the derived `initial`. */
export interface SessionUser {
  tenant: string;
  name: string;
  email: string;
  phone: string;
  accounts: VirtualAccount[];
  /** Naira; '' once logged out (logout writes empty strings). */
  wallet_balance: number | '';
  /** Whether a transaction pin is set ('set' or ''); the pin itself never reaches the app's state. */
  pin: PinMarker;
  nin: string;
  bvn: string;
  avatar: string;
  token: string;
  initial: string;
  /** null: not verified; '' once logged out. */
  email_verified_at: string | null;
  /** The KYC tier's limits and today's spending; null until the server has answered them (never stored). */
  limits: Limits | null;
  /** Cashback earned so far (naira); null until the server has answered it (never stored). */
  cashback_total: number | null;
  /** Whether the phone is verified (texts go to it); null until the server has answered it (never stored). */
  phone_verified: boolean | null;
  /** The account's language (its e-mails and texts); null until the server has answered it (never stored). */
  language: Locale | null;
}

/** Every field persisted under its own `user_<field>` key. */
export const USER_FIELDS = [
  'tenant',
  'name',
  'email',
  'phone',
  'accounts',
  'wallet_balance',
  'pin',
  'nin',
  'bvn',
  'avatar',
  'token',
  'initial',
  'email_verified_at',
] as const satisfies readonly (keyof SessionUser)[];

/**
 * Fields the server answers with the user that are figures of the moment, not stored
 * keys: merged into the session's user, never persisted (the next get-user refreshes them).
 */
export const LIVE_FIELDS = [
  'limits',
  'cashback_total',
  'phone_verified',
  'language',
] as const satisfies readonly (keyof SessionUser)[];

/** What logout writes over every stored field: tenant "0", accounts empty, the rest empty strings. */
export const emptyUser: SessionUser = {
  tenant: DEFAULT_TENANT,
  name: '',
  email: '',
  phone: '',
  accounts: [],
  wallet_balance: '',
  pin: '',
  nin: '',
  bvn: '',
  avatar: '',
  token: '',
  initial: '',
  email_verified_at: '',
  limits: null,
  cashback_total: null,
  phone_verified: null,
  language: null,
};

/** First letters of the first two words, or the first two letters of a single word; uppercased. */
export function deriveInitial(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

/**
 * Any value of the `pin` field as the marker: '' (or nothing) stays '', anything else means a pin
 * is set. An older build stored the pin itself under `user_pin`, and an older server answered it:
 * either way what is kept is only the marker.
 */
export const pinMarker = (value: unknown): PinMarker =>
  value === '' || value === null || value === undefined ? '' : 'set';

/** A balance as a number, from the server's number or its stored digits; '' when there is none (logged out). */
function balanceOf(value: unknown): number | '' {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : '';
}

/** Merges user data (the server's, or what storage kept) over the current user, recomputing `initial`. */
export function toSessionUser(data: Partial<UserData> | SessionUser, current: SessionUser = emptyUser): SessionUser {
  const merged: SessionUser = { ...current };
  for (const field of USER_FIELDS) {
    if (field === 'initial') continue;
    const value = (data as Record<string, unknown>)[field];
    if (value !== undefined)
      (merged as unknown as Record<string, unknown>)[field] = value ?? (field === 'email_verified_at' ? null : '');
  }
  for (const field of LIVE_FIELDS) {
    const value = (data as Partial<SessionUser>)[field];
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[field] = value;
  }
  merged.tenant = merged.tenant === '' || merged.tenant == null ? DEFAULT_TENANT : String(merged.tenant);
  merged.accounts = Array.isArray(merged.accounts) ? merged.accounts : [];
  merged.pin = pinMarker(merged.pin);
  merged.wallet_balance = balanceOf(merged.wallet_balance);
  merged.initial = deriveInitial(merged.name);
  return merged;
}

/** A user is signed in when the session holds an e-mail: without one, a protected route logs out and opens /login. */
export const isSignedIn = (user: SessionUser) => user.email !== '';

/** Where a login lands: verify-email, then set-pin, then dashboard, the first step not yet done. */
export function landingRouteFor(
  user: Pick<SessionUser, 'email_verified_at' | 'pin'>,
): '/verify-email' | '/set-pin' | '/dashboard' {
  if (!user.email_verified_at) return '/verify-email';
  if (!user.pin) return '/set-pin';
  return '/dashboard';
}

/** The first word of the name, for greetings ("Hi, Ada"). */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
