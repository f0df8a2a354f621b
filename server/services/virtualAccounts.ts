import { sql, type RawBuilder } from 'kysely';
import type { VirtualAccount } from '../../core/contract';
import { GatewayError } from '../errors';
import type { BankPartner } from '../gateways/bankPartner';
import type { AppContext } from './context';
import { isValidNuban } from './nuban';

/** Rounds of asking the partner when a number it gave is already someone else's (the simulated partner draws at random). */
const ASSIGN_ROUNDS = 3;

/**
 * The user's dedicated accounts at the live partners, oldest first (the order the funding screen
 * lists them), as a JSON array: an expression, so that get-user reads them in its one statement.
 * The accounts of a partner switched off (removed from BANK_PARTNERS) are kept, not listed:
 * nobody should be told to pay into an account whose payments no one confirms.
 */
export function accountsOf(ctx: AppContext, userId: bigint | RawBuilder<bigint>): RawBuilder<VirtualAccount[]> {
  if (ctx.liveBankPartners.length === 0) return sql<VirtualAccount[]>`'[]'::json`;
  return sql<VirtualAccount[]>`(
    SELECT coalesce(json_agg(json_build_object('bank_name', va.bank_name, 'account_number', va.account_number) ORDER BY va.id), '[]'::json)
    FROM virtual_accounts va WHERE va.user_id = ${userId}::bigint AND va.provider IN (${sql.join([...ctx.liveBankPartners])}))`;
}

export async function listVirtualAccounts(ctx: AppContext, userId: bigint): Promise<VirtualAccount[]> {
  const { rows } = await sql<{ accounts: VirtualAccount[] }>`SELECT ${accountsOf(ctx, userId)} AS accounts`.execute(ctx.db);
  return rows[0].accounts;
}

/** The partner that gave out an account number, if any did (live or not). */
export async function providerOfAccount(ctx: AppContext, accountNumber: string): Promise<string | undefined> {
  const row = await ctx.db.selectFrom('virtual_accounts').select('provider').where('account_number', '=', accountNumber).executeTakeFirst();
  return row?.provider;
}

/** Our stable reference for a user at every partner (Monnify's accountReference): asking again answers the same accounts. */
export const customerReference = (userId: bigint) => `user-${userId}`;

/**
 * How long a claim to ask the partner stays its caller's: longer than any partner call takes.
 * A claim older than this belonged to a process that died mid-call and may be taken over.
 */
const CLAIM_LEASE_MS = 2 * 60_000;
/** How long a caller waits for the one asking the partner before answering "try again later". */
const WAIT_LIMIT_MS = 30_000;
const WAIT_POLL_MS = 25;

const NOT_NOW = 'we could not create your funding accounts right now, please try again later';

/**
 * The user's dedicated accounts at every live partner, asking each partner for them the first
 * time — once per partner, however many calls race (a double tap, two tabs, a retrying client):
 * a caller claims (user, partner) in virtual_account_claims with INSERT … ON CONFLICT before
 * calling the partner; the others find the claim taken, wait until it is released and answer
 * the accounts it stored (or, should the partner have failed, the same "try again later"). No
 * transaction is held open across the partner call, and no connection while waiting. Each
 * (user, partner, bank) and each account number is also unique in virtual_accounts, so whatever
 * happens the first stored account is the account.
 *
 * The partners are asked side by side; one that fails (down, its breaker open) does not keep
 * the user from the accounts of the others. Only when no live partner has an account for the
 * user is the call refused, with the failing partner's own message.
 */
export async function ensureVirtualAccounts(ctx: AppContext, banks: readonly BankPartner[], userId: bigint): Promise<VirtualAccount[]> {
  const asked = await Promise.allSettled(banks.map((bank) => ensurePartnerAccounts(ctx, bank, userId)));
  const accounts = await listVirtualAccounts(ctx, userId);
  if (accounts.length > 0) return accounts;
  const failure = asked.find((result) => result.status === 'rejected');
  // The caller that asked failed with the partner's message; the callers that waited say "later".
  throw failure ? (failure.reason as Error) : new GatewayError(NOT_NOW);
}

/** This partner's accounts for the user, asked for once (see ensureVirtualAccounts). */
async function ensurePartnerAccounts(ctx: AppContext, bank: BankPartner, userId: bigint): Promise<void> {
  if (await hasAccounts(ctx, bank, userId)) return;
  const claimedAt = await claimAssignment(ctx, bank, userId);
  if (!claimedAt) {
    await claimReleased(ctx, bank, userId);
    // The caller that asked failed: this one would most likely fail too, so it does not ask again.
    if (!(await hasAccounts(ctx, bank, userId))) throw new GatewayError(NOT_NOW);
    return;
  }
  try {
    // A caller that held the claim may have stored the accounts and released it since this one looked.
    if (!(await hasAccounts(ctx, bank, userId))) await assignAccounts(ctx, bank, userId);
  } finally {
    await ctx.db.deleteFrom('virtual_account_claims').where('user_id', '=', userId).where('provider', '=', bank.provider).where('claimed_at', '=', claimedAt).execute();
  }
}

/** Waits while another caller asks the partner (its claim exists), at most WAIT_LIMIT_MS. */
async function claimReleased(ctx: AppContext, bank: BankPartner, userId: bigint): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const claim = await ctx.db.selectFrom('virtual_account_claims').select('user_id').where('user_id', '=', userId).where('provider', '=', bank.provider).executeTakeFirst();
    if (!claim) return;
    if (Date.now() >= deadline) throw new GatewayError(NOT_NOW);
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

async function hasAccounts(ctx: AppContext, bank: BankPartner, userId: bigint): Promise<boolean> {
  const row = await ctx.db.selectFrom('virtual_accounts').select('id').where('user_id', '=', userId).where('provider', '=', bank.provider).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the right to ask the partner for this user's accounts: answers the claim's time when
 * this caller holds it (new, or taken over from a caller that died), undefined when another
 * caller is asking.
 */
async function claimAssignment(ctx: AppContext, bank: BankPartner, userId: bigint): Promise<Date | undefined> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - CLAIM_LEASE_MS);
  const claim = await ctx.db
    .insertInto('virtual_account_claims')
    .values({ user_id: userId, provider: bank.provider, claimed_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'provider']).doUpdateSet({ claimed_at: now }).where('virtual_account_claims.claimed_at', '<', staleBefore))
    .returning('claimed_at')
    .executeTakeFirst();
  return claim?.claimed_at;
}

/** Asks the partner (again only when a number it gave is someone else's) and stores what it assigned. */
async function assignAccounts(ctx: AppContext, bank: BankPartner, userId: bigint): Promise<void> {
  const stored = () =>
    ctx.db.selectFrom('virtual_accounts').select(['bank_code']).where('user_id', '=', userId).where('provider', '=', bank.provider).execute();
  // No BVN or NIN goes with it: the numbers are verified and never kept (services/identity.ts).
  const user = await ctx.db.selectFrom('users').select(['name', 'email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
  const customer = { reference: customerReference(userId), name: user.name, email: user.email, phone: user.phone };
  for (let round = 0; round < ASSIGN_ROUNDS; round++) {
    const assigned = await bank.assignAccounts(customer);
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
        // Any unique key: this user's account at that bank (stored already), or the number (someone else's).
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    const have = new Set((await stored()).map((row) => row.bank_code));
    if (valid.every((account) => have.has(account.bankCode)) && have.size > 0) return;
  }
}
