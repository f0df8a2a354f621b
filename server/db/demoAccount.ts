import type { BankPartner } from '../gateways/bankPartner';
import { createAccount, markEmailVerified } from '../services/account/accounts';
import { inTransaction, type AppContext } from '../services/context';
import { enrolmentsOf, enrolWithPartners } from '../services/identity/enrolment';
import { creditIncomingTransfer } from '../services/funding/funding';
import { recordIdentities, verifiedIdentityOf } from '../services/identity/identity';
import { hashPassword } from '../services/account/passwords';
import { storePin } from '../services/account/pins';
import { listVirtualAccounts } from '../services/funding/virtualAccounts';

/** The account a newcomer can try every screen with (README); development only. */
export const DEMO_ACCOUNT = {
  name: 'Ada Obi',
  email: 'demo@nairawallet.test',
  phone: '08031234567',
  password: 'Demo-pass-2026',
  pin: '2580',
} as const;

/**
 * The demo account's identity: public numbers that exist only in development (the simulated
 * identity provider and our fake partners take them), so that the account is verified — tier 2 —
 * and the demo's accounts can be opened with the partners at any time, also by the job that
 * finishes a demo account a partner could not serve at first start.
 */
export const DEMO_IDENTITY = {
  bvn: '22212345678',
  nin: '70012345678',
  bankAccount: { bankCode: '058', accountNumber: '0123456789' },
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * ₦25,000.00 in three transfers, oldest first: (how long ago, naira in kobo, sender, sender's bank,
 * which dedicated account).
 */
export const DEMO_FUNDING = [
  { ago: 3 * DAY - 20 * MINUTE, kobo: 1_500_000n, sender: 'Ngozi Obi', bank: 'Guaranty Trust Bank', account: 0 },
  { ago: DAY + 5 * HOUR, kobo: 750_000n, sender: 'Ada Obi', bank: 'Access Bank', account: 1 },
  { ago: 2 * HOUR, kobo: 250_000n, sender: 'Tunde Bakare', bank: 'OPay', account: 0 },
] as const;

const at = (ctx: AppContext, now: number, ms: number): AppContext => ({
  ...ctx,
  clock: { now: () => new Date(now - ms) },
});

/**
 * Creates the demo account when the database has no user at all (its first start): verified
 * (e-mail, BVN and NIN), with its pin. Its accounts and its funding come from the partners
 * (completeDemoAccount), which may refuse or be down: the account exists either way. Never
 * recreated once anybody has signed up. Answers whether it seeded.
 */
export async function seedDemoAccountIfEmpty(ctx: AppContext): Promise<boolean> {
  const anyone = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return false;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  const opened = at(ctx, ctx.clock.now().getTime(), 3 * DAY);
  await inTransaction(opened, async (tx) => {
    const id = await createAccount(tx, DEMO_ACCOUNT, passwordHash);
    await markEmailVerified(tx, id);
    await storePin(tx, id, DEMO_ACCOUNT.pin);
    await recordIdentities(tx, id, [
      verifiedIdentityOf(tx, 'bvn', DEMO_IDENTITY.bvn),
      verifiedIdentityOf(tx, 'nin', DEMO_IDENTITY.nin),
    ]);
  });
  return true;
}

/**
 * Brings the demo account to what docs/development.md, "The demo account" promises: accounts
 * with every live partner (its public identity handed over again where one is missing) and
 * ₦25,000.00 funded by three transfers, dated over the last three days and credited through the
 * service a bank webhook uses, once (fixed references). Answers whether it is complete: the demo
 * job calls it again until then (a partner refusing or down at first start). Nothing to do
 * without a demo account.
 */
export async function completeDemoAccount(ctx: AppContext, banks: readonly BankPartner[]): Promise<boolean> {
  const demo = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.email).executeTakeFirst();
  if (!demo) return true;
  const settled = (status: string | undefined) => status === 'ready' || status === 'skipped';
  const before = await enrolmentsOf(ctx, demo.id);
  const missing = banks.filter((bank) => !settled(before.find((row) => row.provider === bank.provider)?.status));
  if (missing.length > 0) await enrolWithPartners(ctx, missing, demo.id, DEMO_IDENTITY);
  await fundDemoWallet(ctx, banks, demo.id);
  const after = await enrolmentsOf(ctx, demo.id);
  const funded = await ctx.db
    .selectFrom('transactions')
    .select('id')
    .where('user_id', '=', demo.id)
    .where('category', '=', 'funding')
    .limit(1)
    .executeTakeFirst();
  return (
    funded !== undefined && banks.every((bank) => settled(after.find((row) => row.provider === bank.provider)?.status))
  );
}

/** The three demo transfers, into the first partner's accounts that exist; each reference is credited once. */
async function fundDemoWallet(ctx: AppContext, banks: readonly BankPartner[], userId: bigint): Promise<void> {
  const rows = await ctx.db
    .selectFrom('virtual_accounts')
    .select(['provider', 'account_number'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const bank = banks.find((candidate) => rows.some((row) => row.provider === candidate.provider));
  if (!bank || (await listVirtualAccounts(ctx, userId)).length === 0) return;
  const accounts = rows.filter((row) => row.provider === bank.provider);
  const now = ctx.clock.now().getTime();
  for (const [index, funding] of DEMO_FUNDING.entries()) {
    const when = at(ctx, now, funding.ago);
    await creditIncomingTransfer(when, bank.provider, {
      reference: `DEMO-FUNDING-${index + 1}`,
      amountKobo: funding.kobo,
      accountNumber: accounts[funding.account % accounts.length].account_number,
      senderName: funding.sender,
      senderBank: funding.bank,
      paidAt: when.clock.now(),
    });
  }
}
