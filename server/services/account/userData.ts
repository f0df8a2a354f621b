import { sql, type RawBuilder } from 'kysely';
import type { PinMarker, UserData, VirtualAccount } from '../../../core/contract';
import type { Locale } from '../../../core/i18n/locales';
import { koboToNaira } from '../../../core/money';
import { tierOf } from '../../../core/tiers';
import type { AppContext } from '../context';
import { maskedIdentity } from '../identity/identity';
import { limitsFrom, spentToday } from '../identity/tiers';
import { accountsOf } from '../funding/virtualAccounts';

/** The user field `pin` of a user who has a transaction pin: a marker, not a secret. */
const PIN_IS_SET: PinMarker = 'set';

/** User fields kept sealed at rest (secretBox.ts), each bound to its owner and column. */
export type SealedField = 'pin';

const sealingContext = (userId: bigint, field: SealedField) => `user:${userId}:${field}`;

export function sealUserField(ctx: AppContext, userId: bigint, field: SealedField, value: string): string {
  return ctx.secrets.seal(value, sealingContext(userId, field));
}

export function openUserField(ctx: AppContext, userId: bigint, field: SealedField, sealed: string | null): string {
  return sealed === null ? '' : ctx.secrets.open(sealed, sealingContext(userId, field));
}

/**
 * The user fields as the contract sends them, to their owner only. The pin is
 * never among them, in any form (a hash of four digits is the pin): `pin` only says whether one
 * is set, and the wrong-pin counter and lock come with it. NIN and BVN are never stored: a
 * verified one is sent as its last four digits behind a mask. The tier's limits and the
 * cashback earned come with the user. Never log what this returns. `token` is the
 * bearer the client should keep using.
 */
export async function loadUserData(ctx: AppContext, userId: bigint, token: string): Promise<UserData> {
  const { rows } = await userDataQuery(ctx, userId).execute(ctx.db);
  if (!rows[0]) throw new Error(`userData: no user ${userId}`);
  return userDataFrom(ctx, rows[0], token);
}

/** What userDataFrom reads, as one row. */
export interface UserDataRow {
  tenant: string;
  name: string;
  email: string;
  phone: string;
  phone_verified: boolean;
  pin_set: boolean;
  pin_attempts: number;
  pin_locked: boolean;
  nin_last4: string | null;
  bvn_last4: string | null;
  bvn: boolean;
  nin: boolean;
  address_verified: boolean;
  avatar: string;
  email_verified_at: Date | null;
  balance_kobo: bigint | null;
  cashback_total_kobo: bigint | null;
  accounts: VirtualAccount[];
  spent: bigint;
  language: Locale;
}

/**
 * The user's row, the wallet's figures, the dedicated accounts and what today's purchases took,
 * in one statement: get-user is polled every minute by every open app (routes/user.ts reads it
 * in the statement that checks the session, with the user as an expression).
 */
export function userDataQuery(ctx: AppContext, userId: bigint | RawBuilder<bigint>): RawBuilder<UserDataRow> {
  return sql<UserDataRow>`
    SELECT u.tenant, u.name, u.email, u.phone, u.phone_verified_at IS NOT NULL AS phone_verified,
           u.pin_sealed IS NOT NULL AS pin_set, u.pin_attempts,
           u.pin_locked_at IS NOT NULL AS pin_locked,
           u.nin_last4, u.bvn_last4, u.bvn_verified_at IS NOT NULL AS bvn, u.nin_verified_at IS NOT NULL AS nin,
           u.address_verified_at IS NOT NULL AS address_verified, u.avatar, u.email_verified_at,
           w.balance_kobo, w.cashback_total_kobo, ${accountsOf(ctx, userId)} AS accounts,
           ${spentToday(userId, ctx.clock.now())} AS spent, u.language
    FROM users u LEFT JOIN wallets w ON w.user_id = u.id
    WHERE u.id = ${userId}::bigint`;
}

/** The user fields (above) from userDataQuery's row. */
export function userDataFrom(ctx: AppContext, user: UserDataRow, token: string): UserData {
  return {
    tenant: user.tenant,
    name: user.name,
    email: user.email,
    phone: user.phone,
    phone_verified: user.phone_verified,
    accounts: user.accounts,
    wallet_balance: koboToNaira(user.balance_kobo ?? 0n),
    pin: user.pin_set ? PIN_IS_SET : '',
    pin_attempts: user.pin_attempts,
    max_attempts: ctx.pinMaxAttempts,
    pin_locked: user.pin_locked,
    nin: maskedIdentity(user.nin_last4),
    bvn: maskedIdentity(user.bvn_last4),
    avatar: user.avatar,
    token,
    email_verified_at: user.email_verified_at?.toISOString() ?? null,
    limits: limitsFrom(
      tierOf({ bvn: user.bvn, nin: user.nin, addressVerified: user.address_verified }),
      BigInt(user.spent),
    ),
    cashback_total: koboToNaira(user.cashback_total_kobo ?? 0n),
    session_idle_seconds: Math.floor(ctx.sessions.idleMs / 1000),
    session_lifetime_seconds: Math.floor(ctx.sessions.lifetimeMs / 1000),
    language: user.language,
  };
}
