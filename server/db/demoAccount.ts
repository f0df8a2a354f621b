import type { BankPartner } from '../gateways/bankPartner';
import { simulatedTransferReference } from '../gateways/simulatedBank';
import { createAccount, markEmailVerified } from '../services/accounts';
import { inTransaction, type AppContext } from '../services/context';
import { creditIncomingTransfer } from '../services/funding';
import { hashPassword } from '../services/passwords';
import { storePin } from '../services/pins';
import { ensureVirtualAccounts } from '../services/virtualAccounts';

/** The account a newcomer can try every screen with (README); development only. */
export const DEMO_ACCOUNT = {
  name: 'Ada Obi',
  email: 'demo@nairawallet.test',
  phone: '08031234567',
  password: 'Demo-pass-2026',
  pin: '2580',
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** ₦25,000.00 in three transfers, oldest first: (how long ago, naira in kobo, sender, sender's bank, which dedicated account). */
export const DEMO_FUNDING = [
  { ago: 3 * DAY - 20 * MINUTE, kobo: 1_500_000n, sender: 'Ngozi Obi', bank: 'Guaranty Trust Bank', account: 0 },
  { ago: DAY + 5 * HOUR, kobo: 750_000n, sender: 'Ada Obi', bank: 'Access Bank', account: 1 },
  { ago: 2 * HOUR, kobo: 250_000n, sender: 'Tunde Bakare', bank: 'OPay', account: 0 },
] as const;

/**
 * Creates the demo account when the database has no user at all (its first start): verified,
 * with its pin, its dedicated accounts and a funded wallet — three transfers credited through
 * the same service a bank webhook uses, dated over the last three days so the activity list
 * and the notifications look lived in. Never recreated once anybody has signed up. Answers
 * whether it seeded.
 */
export async function seedDemoAccountIfEmpty(ctx: AppContext, bank: BankPartner): Promise<boolean> {
  const anyone = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return false;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  const now = ctx.clock.now().getTime();
  const ago = (ms: number): AppContext => ({ ...ctx, clock: { now: () => new Date(now - ms) } });

  const opened = ago(3 * DAY);
  const userId = await inTransaction(opened, async (tx) => {
    const id = await createAccount(tx, DEMO_ACCOUNT, passwordHash);
    await markEmailVerified(tx, id);
    await storePin(tx, id, DEMO_ACCOUNT.pin);
    return id;
  });
  const accounts = await ensureVirtualAccounts(opened, [bank], userId);
  for (const funding of DEMO_FUNDING) {
    const when = ago(funding.ago);
    await creditIncomingTransfer(when, bank.provider, {
      reference: simulatedTransferReference(when.clock.now()),
      amountKobo: funding.kobo,
      accountNumber: accounts[funding.account % accounts.length].account_number,
      senderName: funding.sender,
      senderBank: funding.bank,
      paidAt: when.clock.now(),
    });
  }
  return true;
}
