import type { VirtualAccount } from '../../core/contract';
import { GatewayError } from '../errors';
import type { BankPartner } from '../gateways/bankPartner';
import type { AppContext } from './context';
import { isValidNuban } from './nuban';

/** Rounds of asking the partner when a number it gave is already someone else's (the simulated partner draws at random). */
const ASSIGN_ROUNDS = 3;

/** The user's dedicated accounts, oldest first (the order the funding screen lists them). */
export async function listVirtualAccounts(ctx: AppContext, userId: bigint): Promise<VirtualAccount[]> {
  return ctx.db
    .selectFrom('virtual_accounts')
    .select(['bank_name', 'account_number'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * The user's dedicated accounts at the current partner, asking the partner for them the first
 * time. Idempotent, and safe when two calls race: each (user, partner, bank) and each account
 * number is unique in the table, so whichever insert lands first is the account, and every
 * caller answers what the table holds.
 */
export async function ensureVirtualAccounts(ctx: AppContext, bank: BankPartner, userId: bigint): Promise<VirtualAccount[]> {
  const stored = () =>
    ctx.db.selectFrom('virtual_accounts').select(['bank_code']).where('user_id', '=', userId).where('provider', '=', bank.provider).execute();
  if ((await stored()).length > 0) return listVirtualAccounts(ctx, userId);

  const user = await ctx.db.selectFrom('users').select(['name', 'email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
  for (let round = 0; round < ASSIGN_ROUNDS; round++) {
    const assigned = await bank.assignAccounts({ reference: `user-${userId}`, ...user });
    const valid = assigned.filter((account) => isValidNuban(account.bankCode, account.accountNumber));
    if (valid.length < assigned.length) throw new GatewayError('the bank partner answered an invalid account number, please try again later');
    if (valid.length > 0) {
      const now = ctx.clock.now();
      await ctx.db
        .insertInto('virtual_accounts')
        .values(
          valid.map((account) => ({
            user_id: userId,
            provider: bank.provider,
            bank_name: account.bankName,
            bank_code: account.bankCode,
            account_number: account.accountNumber,
            created_at: now,
          })),
        )
        // Any unique key: this user's account at that bank (a racing call stored it), or the number (someone else's).
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    const have = new Set((await stored()).map((row) => row.bank_code));
    if (valid.every((account) => have.has(account.bankCode)) && have.size > 0) break;
  }
  const accounts = await listVirtualAccounts(ctx, userId);
  if (accounts.length === 0) throw new GatewayError('we could not create your funding accounts right now, please try again later');
  return accounts;
}
