import type { PinMarker, UserData } from '../../core/contract';
import type { AppContext } from './context';
import { koboToNaira } from '../../core/money';
import { listVirtualAccounts } from './virtualAccounts';

/** The user field `pin` of a user who has a transaction pin: a marker, not a secret. */
const PIN_IS_SET: PinMarker = 'set';

/** User fields kept sealed at rest (secretBox.ts), each bound to its owner and column. */
export type SealedField = 'pin' | 'nin' | 'bvn';

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
 * is set, and the wrong-pin counter and lock come with it. NIN and BVN are sent because the
 * profile form shows them to their owner. Never log what this returns. `token` is the bearer
 * the client should keep using.
 */
export async function loadUserData(ctx: AppContext, userId: bigint, token: string): Promise<UserData> {
  const user = await ctx.db
    .selectFrom('users')
    .leftJoin('wallets', 'wallets.user_id', 'users.id')
    .select(['users.id', 'tenant', 'name', 'email', 'phone', 'pin_sealed', 'pin_attempts', 'pin_locked_at', 'nin_sealed', 'bvn_sealed', 'avatar', 'email_verified_at', 'wallets.balance_kobo'])
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
    nin: openUserField(ctx, user.id, 'nin', user.nin_sealed),
    bvn: openUserField(ctx, user.id, 'bvn', user.bvn_sealed),
    avatar: user.avatar,
    token,
    email_verified_at: user.email_verified_at?.toISOString() ?? null,
  };
}
