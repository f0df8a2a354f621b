import { formatNaira, koboToNaira } from '../../core/money';
import { cashbackKobo, serviceOfCategory } from '../../core/services';
import type { AppContext } from './context';
import { post } from './ledger';
import type { StoredTransaction } from './transactions';

/**
 * Cashback (issue 12): a completed bill earns its service's rate (the service table's
 * `cashbackBasisPoints`), paid from the rewards account to the wallet through the ledger, as a
 * transaction of its own ('cashback') that points at the purchase. Only settling.ts calls this,
 * inside the transaction that completes the bill behind its guarded status change: so never for
 * a processing or canceled bill, and once however many settles race (the UNIQUE
 * rewarded_transaction_id would refuse a second one anyway).
 */

export const CASHBACK_CATEGORY = 'cashback';
export const CASHBACK_FROM = 'Naira Wallet rewards';

/** The cashback a completed purchase earns, in kobo; 0 when its service pays none. */
export function cashbackFor(purchase: StoredTransaction): bigint {
  const service = serviceOfCategory(purchase.category);
  return service ? cashbackKobo(service, purchase.amount_kobo) : 0n;
}

/**
 * Credits `amountKobo` (> 0, from cashbackFor) for the completed purchase: the cashback
 * transaction, the amount kept on the purchase, and the movement rewards → wallet. The caller
 * has locked both accounts (ledger.lockAccounts). Answers the purchase as it now is.
 */
export async function creditCashback(
  tx: AppContext,
  purchase: StoredTransaction,
  amountKobo: bigint,
  accounts: { rewards: bigint; wallet: bigint },
): Promise<StoredTransaction> {
  const now = tx.clock.now();
  const credit = await tx.db
    .insertInto('transactions')
    .values({
      user_id: purchase.user_id,
      category: CASHBACK_CATEGORY,
      amount_kobo: amountKobo,
      status: 'completed',
      reference: `${purchase.reference}-CB`,
      from_label: CASHBACK_FROM,
      to_label: 'Wallet',
      description: `${formatNaira(koboToNaira(amountKobo))} cashback on ${purchase.description}`,
      rewarded_transaction_id: purchase.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rewarded = await tx.db
    .updateTable('transactions')
    .set({ cashback_kobo: amountKobo })
    .where('id', '=', purchase.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await post(tx, {
    kind: 'cashback',
    transactionId: credit.id,
    entries: [
      { walletId: accounts.rewards, amountKobo: -amountKobo },
      { walletId: accounts.wallet, amountKobo },
    ],
  });
  return rewarded;
}

/** Every cashback the user was credited, in kobo. */
export async function cashbackTotal(ctx: AppContext, userId: bigint): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount_kobo'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('category', '=', CASHBACK_CATEGORY)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}
