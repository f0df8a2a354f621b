import { createAccount, markEmailVerified } from '../services/accounts';
import { inTransaction, type AppContext } from '../services/context';
import { hashPassword } from '../services/passwords';
import { storePin } from '../services/pins';

/** The account a newcomer can try every screen with (README); development only. */
export const DEMO_ACCOUNT = {
  name: 'Ada Obi',
  email: 'demo@nairawallet.test',
  phone: '08031234567',
  password: 'Demo-pass-2026',
  pin: '2580',
} as const;

/**
 * Creates the demo account, verified and with its pin, when the database has no user at all
 * (its first start). Never recreated once anybody has signed up. Answers whether it seeded.
 */
export async function seedDemoAccountIfEmpty(ctx: AppContext): Promise<boolean> {
  const anyone = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return false;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  await inTransaction(ctx, async (tx) => {
    const userId = await createAccount(tx, DEMO_ACCOUNT, passwordHash);
    await markEmailVerified(tx, userId);
    await storePin(tx, userId, DEMO_ACCOUNT.pin);
  });
  return true;
}
