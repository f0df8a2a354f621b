import { sql, type RawBuilder } from 'kysely';
import type { VirtualAccount } from '../../../core/contract';
import { GatewayError } from '../../errors';
import type { AssignedAccount, BankPartner } from '../../gateways/bankPartner';
import type { AppContext } from '../context';
import { isValidNuban } from './nuban';
import { t } from '../../i18n';

/**
 * The user's dedicated accounts at the live partners, oldest first (the order the funding screen
 * lists them), as a JSON array: an expression, so that get-user reads them in its one statement.
 * Listed only to a user with a verified BVN or NIN: the CBN links every funded wallet to one,
 * and accounts opened before that rule wait, kept, until their owner verifies. The accounts of a
 * partner switched off (removed from BANK_PARTNERS) are kept, not listed: nobody should be told
 * to pay into an account whose payments no one confirms.
 */
export function accountsOf(ctx: AppContext, userId: bigint | RawBuilder<bigint>): RawBuilder<VirtualAccount[]> {
  if (ctx.liveBankPartners.length === 0) return sql<VirtualAccount[]>`'[]'::json`;
  return sql<VirtualAccount[]>`(
    SELECT coalesce(json_agg(json_build_object('bank_name', va.bank_name, 'account_number', va.account_number,
                                               'account_name', va.account_name) ORDER BY va.id), '[]'::json)
    FROM virtual_accounts va JOIN users owner ON owner.id = va.user_id
    WHERE va.user_id = ${userId}::bigint AND va.provider IN (${sql.join([...ctx.liveBankPartners])})
      AND (owner.bvn_verified_at IS NOT NULL OR owner.nin_verified_at IS NOT NULL))`;
}

export async function listVirtualAccounts(ctx: AppContext, userId: bigint): Promise<VirtualAccount[]> {
  const { rows } = await sql<{ accounts: VirtualAccount[] }>`SELECT ${accountsOf(ctx, userId)} AS accounts`.execute(
    ctx.db,
  );
  return rows[0].accounts;
}

/** The partner that gave out an account number, if any did (live or not). */
export async function providerOfAccount(ctx: AppContext, accountNumber: string): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('virtual_accounts')
    .select('provider')
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
  return row?.provider;
}

/**
 * Our stable reference for a user at every partner (Monnify's accountReference): asking again
 * answers the same accounts.
 */
export const customerReference = (userId: bigint) => `user-${userId}`;

/** A partner's account number that is no NUBAN (`{partner}`: the partner's name). */
const INVALID_ACCOUNT = /*i18n*/ {
  id: 'funding.refused.invalidAccount',
  message: '{partner} answered an invalid account number, please try again later',
};

/**
 * Stores what a partner assigned; answers whether every account is now the user's (false when
 * a number it gave is already someone else's: the simulated partner draws at random). Any
 * unique key may hold: this user's account at that bank (stored already: it keeps its number,
 * and gets the partner's name for it if it had none), or the number (someone else's). A number
 * that is not a valid NUBAN is refused whole.
 */
export async function storeAccounts(
  ctx: AppContext,
  bank: BankPartner,
  userId: bigint,
  assigned: AssignedAccount[],
): Promise<boolean> {
  if (assigned.some((account) => !isValidNuban(account.bankCode, account.accountNumber))) {
    throw new GatewayError(t(INVALID_ACCOUNT, { partner: bank.displayName }));
  }
  if (assigned.length === 0) return true;
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('virtual_accounts')
    .values(
      assigned.map((account) => ({
        user_id: userId,
        provider: bank.provider,
        bank_name: account.bankName,
        bank_code: account.bankCode,
        account_number: account.accountNumber,
        account_name: account.accountName,
        created_at: now,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  for (const account of assigned.filter((candidate) => candidate.accountName !== null)) {
    await ctx.db
      .updateTable('virtual_accounts')
      .set({ account_name: account.accountName })
      .where('user_id', '=', userId)
      .where('provider', '=', bank.provider)
      .where('account_number', '=', account.accountNumber)
      .where('account_name', 'is', null)
      .execute();
  }
  const stored = await ctx.db
    .selectFrom('virtual_accounts')
    .select('bank_code')
    .where('user_id', '=', userId)
    .where('provider', '=', bank.provider)
    .execute();
  const have = new Set(stored.map((row) => row.bank_code));
  return assigned.every((account) => have.has(account.bankCode));
}

/**
 * How long a claim to call the partner about a user stays its caller's: longer than any partner
 * call takes. A claim older than this belonged to a process that died mid-call and may be taken
 * over.
 */
const CLAIM_LEASE_MS = 2 * 60_000;
/** How long a caller waits for the one calling the partner before answering "try again later". */
const WAIT_LIMIT_MS = 30_000;
const WAIT_POLL_MS = 25;

const NOT_NOW = /*i18n*/ {
  id: 'funding.refused.notNow',
  message: 'we could not create your funding accounts right now, please try again later',
};

/**
 * Runs `work` (a call to the partner about this user and what is stored of its answer) as the
 * only such call for (user, partner), however many requests, jobs and webhooks race: a caller
 * claims (user, partner) in virtual_account_claims with INSERT … ON CONFLICT; the others wait
 * until it is released, then take their turn. No transaction is held open across the partner
 * call, and no connection while waiting. Throws GatewayError(NOT_NOW) after WAIT_LIMIT_MS.
 */
export async function oneCallAtATime<T>(
  ctx: AppContext,
  bank: BankPartner,
  userId: bigint,
  work: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const claimedAt = await claim(ctx, bank, userId);
    if (claimedAt) {
      try {
        return await work();
      } finally {
        await ctx.db
          .deleteFrom('virtual_account_claims')
          .where('user_id', '=', userId)
          .where('provider', '=', bank.provider)
          .where('claimed_at', '=', claimedAt)
          .execute();
      }
    }
    if (Date.now() >= deadline) throw new GatewayError(t(NOT_NOW), { retryAfterS: WAIT_LIMIT_MS / 1000 });
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

/**
 * The claim's time when this caller holds it (new, or taken over from a caller that died),
 * undefined when another caller holds it.
 */
async function claim(ctx: AppContext, bank: BankPartner, userId: bigint): Promise<Date | undefined> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - CLAIM_LEASE_MS);
  const claimed = await ctx.db
    .insertInto('virtual_account_claims')
    .values({ user_id: userId, provider: bank.provider, claimed_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'provider'])
        .doUpdateSet({ claimed_at: now })
        .where('virtual_account_claims.claimed_at', '<', staleBefore),
    )
    .returning('claimed_at')
    .executeTakeFirst();
  return claimed?.claimed_at;
}
