import { AppError } from '../errors';
import { lockAccount } from './accounts';
import { inTransaction, type AppContext } from './context';
import { sealUserField } from './userData';

/**
 * Refused at set (and later change) time: the 20 most frequent pins of DataGenetics' study of
 * 3.4 million four-digit pins — which include every repeated digit — and every run of four
 * consecutive digits. 2580 (a keypad column, the demo account's pin) ranks just below and is allowed.
 */
const GUESSABLE_PINS: ReadonlySet<string> = new Set([
  ...['1234', '1111', '0000', '1212', '7777', '1004', '2000', '4444', '2222', '6969'],
  ...['9999', '3333', '5555', '6666', '1122', '1313', '8888', '4321', '2001', '1010'],
  ...['0123', '2345', '3456', '4567', '5678', '6789'],
  ...['9876', '8765', '7654', '6543', '5432', '3210'],
]);

const GUESSABLE_PIN = 'this pin is too easy to guess, please choose a different one';

/** Seals and stores the transaction pin, whatever was there before. */
export async function storePin(ctx: AppContext, userId: bigint, pin: string): Promise<void> {
  if (GUESSABLE_PINS.has(pin)) throw new AppError(422, GUESSABLE_PIN);
  await ctx.db.updateTable('users').set({ pin_sealed: sealUserField(ctx, userId, 'pin', pin) }).where('id', '=', userId).execute();
}

/** A signed-in user's first pin; replacing one needs the old pin (change-pin) or a reset link. */
export async function setFirstPin(ctx: AppContext, userId: bigint, pin: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user.email_verified_at) throw new AppError(403, 'please verify your email before setting a pin');
    if (user.pin_sealed !== null) throw new AppError(409, 'pin already set, use change pin');
    await storePin(tx, userId, pin);
  });
}
