import { formatNaira } from '../../core/money';
import { AppError } from '../errors';
import type { IncomingTransfer } from '../gateways/bankPartner';
import { inTransaction, type AppContext } from './context';
import { credit, post } from './ledger';
import { koboToNaira } from '../../core/money';
import { addNotification } from './notifications';
import { fundingReceipt } from './receipts';
import { holdInSuspense } from './suspense';
import { noticeBalanceCap } from './tiers';
import { TRANSACTION_COLUMNS, type StoredTransaction } from './transactions';

/** ₦10,000,000: above any KYC tier's daily limit; a bigger credit is refused (422) and left to reconciliation. */
export const MAX_INCOMING_TRANSFER_KOBO = 1_000_000_000n;

export const FUNDING_CATEGORY = 'funding';
export const FUNDING_DESCRIPTION = 'Wallet funding by bank transfer';
export const WALLET_FUNDED = 'Wallet funded';

export type CreditOutcome =
  | { status: 'credited'; transactionId: bigint }
  /** No user has this dedicated account: held in suspense (services/suspense.ts), credited to no one. */
  | { status: 'unmatched' }
  /**
   * This partner's reference was recorded before (a replay, a retry, a concurrent delivery):
   * credited, or held in suspense (`unmatched`).
   */
  | { status: 'duplicate'; unmatched: boolean };

/**
 * Credits an incoming transfer to the wallet behind its dedicated account, exactly once per
 * (partner, reference): the reference is claimed with INSERT … ON CONFLICT DO NOTHING inside
 * the crediting transaction, so of any number of concurrent or repeated deliveries one claim
 * succeeds and every other finds it taken (after waiting for the winner to commit or roll back).
 * The same transaction records the user's `funding` transaction, the notification, and the
 * ledger movement settlement → wallet; a balance beyond the tier's cap is still credited, and
 * the user is told how to raise it (services/tiers.ts). Once that has committed, the receipt is
 * e-mailed. A transfer to a number nobody has is claimed the same way and held in suspense
 * instead; `payload` (the partner's body) is kept with it.
 */
export async function creditIncomingTransfer(ctx: AppContext, provider: string, transfer: IncomingTransfer, payload?: unknown): Promise<CreditOutcome> {
  const { outcome, credited } = await claimAndCredit(ctx, provider, transfer, payload);
  if (credited) ctx.deliverMail(await fundingReceipt(ctx, credited));
  return outcome;
}

async function claimAndCredit(
  ctx: AppContext,
  provider: string,
  transfer: IncomingTransfer,
  payload: unknown,
): Promise<{ outcome: CreditOutcome; credited?: StoredTransaction }> {
  if (transfer.amountKobo <= 0n || transfer.amountKobo > MAX_INCOMING_TRANSFER_KOBO) {
    throw new AppError(422, `amount must be between ₦0.01 and ${formatNaira(koboToNaira(MAX_INCOMING_TRANSFER_KOBO))}`);
  }
  const account = await ctx.db
    .selectFrom('virtual_accounts')
    .innerJoin('wallets', 'wallets.user_id', 'virtual_accounts.user_id')
    .select(['virtual_accounts.id', 'virtual_accounts.user_id', 'virtual_accounts.bank_name', 'virtual_accounts.account_number', 'wallets.id as wallet_id'])
    .where('virtual_accounts.account_number', '=', transfer.accountNumber)
    .where('virtual_accounts.provider', '=', provider)
    .executeTakeFirst();

  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const claim = await tx.db
      .insertInto('incoming_transfers')
      .values({
        provider,
        reference: transfer.reference,
        virtual_account_id: account?.id ?? null,
        amount_kobo: transfer.amountKobo,
        sender_name: transfer.senderName,
        sender_bank: transfer.senderBank,
        paid_at: transfer.paidAt,
        received_at: now,
      })
      .onConflict((conflict) => conflict.columns(['provider', 'reference']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claim) {
      const previous = await tx.db
        .selectFrom('incoming_transfers')
        .select('virtual_account_id')
        .where('provider', '=', provider)
        .where('reference', '=', transfer.reference)
        .executeTakeFirstOrThrow();
      return { outcome: { status: 'duplicate', unmatched: previous.virtual_account_id === null } };
    }
    if (!account) {
      await holdInSuspense(tx, provider, claim.id, transfer, payload);
      return { outcome: { status: 'unmatched' } };
    }

    const userId = account.user_id;
    const transaction = await tx.db
      .insertInto('transactions')
      .values({
        user_id: userId,
        category: FUNDING_CATEGORY,
        amount_kobo: transfer.amountKobo,
        status: 'completed',
        reference: transfer.reference,
        from_label: `${transfer.senderName}, ${transfer.senderBank}`,
        to_label: `${account.bank_name} ${account.account_number}`,
        description: FUNDING_DESCRIPTION,
        created_at: now,
        updated_at: now,
      })
      .returning(TRANSACTION_COLUMNS)
      .executeTakeFirstOrThrow();
    await tx.db.updateTable('incoming_transfers').set({ transaction_id: transaction.id }).where('id', '=', claim.id).execute();
    await addNotification(tx, userId, {
      title: WALLET_FUNDED,
      content: `${formatNaira(koboToNaira(transfer.amountKobo))} from ${transfer.senderName} (${transfer.senderBank}) has been added to your wallet through your ${account.bank_name} account ${account.account_number}.`,
    });
    const { balances } = await post(
      tx,
      await credit(tx, { walletId: account.wallet_id, amountKobo: transfer.amountKobo, transactionId: transaction.id, source: { from: 'partner', provider, reference: transfer.reference } }),
    );
    await noticeBalanceCap(tx, userId, balances.get(account.wallet_id)!);
    return { outcome: { status: 'credited', transactionId: transaction.id }, credited: transaction };
  });
}
