import type { PinMarker, UserData } from '../../core/contract';
import type { AppContext } from './context';
import { koboToNaira } from '../../core/money';
import { maskedIdentity } from './identity';
import { limitsOf } from './tiers';
import { listVirtualAccounts } from './virtualAccounts';

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
 * The user fields of SPEC.md §3 as the contract sends them, to their owner only. The pin is
 * never among them, in any form (a hash of four digits is the pin): `pin` only says whether one
 * is set, and the wrong-pin counter and lock come with it. NIN and BVN are never stored: a
 * verified one is sent as its last four digits behind a mask. The tier's limits and the
 * cashback earned come with the user (issue 12). Never log what this returns. `token` is the
 * bearer the client should keep using.
 */
export async function loadUserData(ctx: AppContext, userId: bigint, token: string): Promise<UserData> {
  const user = await ctx.db
    .selectFrom('users')
    .leftJoin('wallets', 'wallets.user_id', 'users.id')
    .select(['users.id', 'tenant', 'name', 'email', 'phone', 'pin_sealed', 'pin_attempts', 'pin_locked_at', 'nin_last4', 'bvn_last4', 'avatar', 'email_verified_at', 'wallets.balance_kobo', 'wallets.cashback_total_kobo'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    tenant: user.tenant,
    name: user.name,
    email: user.email,
    phone: user.phone,
    accounts: await listVirtualAccounts(ctx, userId),
    wallet_balance: koboToNaira(user.balance_kobo ?? 0n),
    pin: user.pin_sealed === null ? '' : PIN_IS_SET,
    pin_attempts: user.pin_attempts,
    max_attempts: ctx.pinMaxAttempts,
    pin_locked: user.pin_locked_at !== null,
    nin: maskedIdentity(user.nin_last4),
    bvn: maskedIdentity(user.bvn_last4),
    avatar: user.avatar,
    token,
    email_verified_at: user.email_verified_at?.toISOString() ?? null,
    limits: await limitsOf(ctx, userId),
    cashback_total: koboToNaira(user.cashback_total_kobo ?? 0n),
  };
}
