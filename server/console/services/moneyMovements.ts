import { formatNaira, koboToNaira } from '../../../core/money';
import { AppError } from '../../errors';
import type { AppContext } from '../../services/context';
import { FUNDING_CATEGORY, FUNDING_DESCRIPTION, WALLET_FUNDED } from '../../services/funding';
import { InsufficientFundsError, post, settlementAccountCode, suspenseAccountCode, systemAccount, walletOf } from '../../services/ledger';
import { addNotification } from '../../services/notifications';
import { noticeBalanceCap } from '../../services/tiers';
import type { StoredTransaction } from '../../services/transactions';

/**
 * The money an approved staff request moves: the one place in the console that calls the
 * ledger. Each function runs in the approval's transaction and moves money only through the
 * ledger's own posting; a suspended transfer leaves suspense once, by a guarded status change.
 *
 *   match to a customer   suspense:<partner> → the customer's wallet (a funding the customer sees)
 *   return to the sender  suspense:<partner> → settlement:<partner> (the partner sent it back)
 *   goodwill credit       adjustments:goodwill → the customer's wallet
 *   goodwill debit        the customer's wallet → adjustments:goodwill (never below zero)
 */

/** What staff goodwill is paid from and corrections go back to: negative by the goodwill given. */
export const GOODWILL_ACCOUNT = 'adjustments:goodwill';
export const ADJUSTMENT_CATEGORY = 'adjustment';

export interface Moved {
  movementId: bigint;
  /** The customer's transaction, when the money reached or left a wallet. */
  transaction: StoredTransaction | null;
}

/** Takes a transfer out of suspense (status unmatched → `to`), once: a second attempt finds it taken. */
async function leaveSuspense(tx: AppContext, incomingTransferId: bigint, to: 'matched' | 'returned') {
  const taken = await tx.db
    .updateTable('unmatched_transfers')
    .set({ status: to, resolved_at: tx.clock.now() })
    .where('incoming_transfer_id', '=', incomingTransferId)
    .where('status', '=', 'unmatched')
    .returning('incoming_transfer_id')
    .executeTakeFirst();
  if (!taken) throw new AppError(409, 'this transfer is no longer in suspense');
  return tx.db.selectFrom('incoming_transfers').selectAll().where('id', '=', incomingTransferId).executeTakeFirstOrThrow();
}

async function customerTransaction(tx: AppContext, customerId: bigint, values: { category: string; amountKobo: bigint; reference: string; from: string; to: string; description: string }) {
  const now = tx.clock.now();
  return tx.db
    .insertInto('transactions')
    .values({ user_id: customerId, category: values.category, amount_kobo: values.amountKobo, status: 'completed', reference: values.reference, from_label: values.from, to_label: values.to, description: values.description, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Credits a suspended transfer to the customer it was meant for: a funding in their activity, notified like any other. */
export async function matchToCustomer(tx: AppContext, incomingTransferId: bigint, customerId: bigint): Promise<Moved> {
  const transfer = await leaveSuspense(tx, incomingTransferId, 'matched');
  const transaction = await customerTransaction(tx, customerId, {
    category: FUNDING_CATEGORY,
    amountKobo: transfer.amount_kobo,
    reference: transfer.reference,
    from: `${transfer.sender_name}, ${transfer.sender_bank}`,
    to: 'Naira Wallet',
    description: FUNDING_DESCRIPTION,
  });
  await tx.db.updateTable('incoming_transfers').set({ transaction_id: transaction.id }).where('id', '=', incomingTransferId).execute();
  const wallet = await walletOf(tx, customerId);
  const { movementIds, balances } = await post(tx, {
    kind: 'transfer-matched',
    transactionId: transaction.id,
    entries: [
      { walletId: await systemAccount(tx, suspenseAccountCode(transfer.provider)), amountKobo: -transfer.amount_kobo },
      { walletId: wallet, amountKobo: transfer.amount_kobo },
    ],
  });
  await addNotification(tx, customerId, {
    title: WALLET_FUNDED,
    content: `${formatNaira(koboToNaira(transfer.amount_kobo))} from ${transfer.sender_name} (${transfer.sender_bank}) has been added to your wallet (reference ${transfer.reference}).`,
  });
  await noticeBalanceCap(tx, customerId, balances.get(wallet)!);
  return { movementId: movementIds[0], transaction };
}

/** Records that the partner sent a suspended transfer back to its sender: it leaves suspense for the partner's settlement account. */
export async function returnToSender(tx: AppContext, incomingTransferId: bigint): Promise<Moved> {
  const transfer = await leaveSuspense(tx, incomingTransferId, 'returned');
  const { movementIds } = await post(tx, {
    kind: 'transfer-returned',
    entries: [
      { walletId: await systemAccount(tx, suspenseAccountCode(transfer.provider)), amountKobo: -transfer.amount_kobo },
      { walletId: await systemAccount(tx, settlementAccountCode(transfer.provider)), amountKobo: transfer.amount_kobo },
    ],
  });
  return { movementId: movementIds[0], transaction: null };
}

/** A goodwill credit to (positive) or a correction from (negative) a customer's wallet; a debit never takes the wallet below zero. */
export async function goodwill(tx: AppContext, customerId: bigint, amountKobo: bigint, reference: string, credit: boolean): Promise<Moved> {
  const transaction = await customerTransaction(tx, customerId, {
    category: ADJUSTMENT_CATEGORY,
    amountKobo,
    reference,
    from: credit ? 'Naira Wallet' : 'Your wallet',
    to: credit ? 'Your wallet' : 'Naira Wallet',
    description: credit ? 'Goodwill credit from Naira Wallet' : 'Correction debited by Naira Wallet',
  });
  const wallet = await walletOf(tx, customerId);
  const signed = credit ? amountKobo : -amountKobo;
  const posted = await post(tx, {
    kind: credit ? 'goodwill-credit' : 'goodwill-debit',
    transactionId: transaction.id,
    entries: [
      { walletId: await systemAccount(tx, GOODWILL_ACCOUNT), amountKobo: -signed },
      { walletId: wallet, amountKobo: signed },
    ],
  }).catch((error: unknown) => {
    if (error instanceof InsufficientFundsError) throw new AppError(409, "the customer's balance does not cover this debit: nothing was moved");
    throw error;
  });
  await addNotification(tx, customerId, {
    title: credit ? 'Goodwill credit' : 'Wallet correction',
    content: `${formatNaira(koboToNaira(amountKobo))} was ${credit ? 'added to' : 'taken from'} your wallet by Naira Wallet (reference ${reference}). Contact support if you have a question about it.`,
  });
  if (credit) await noticeBalanceCap(tx, customerId, posted.balances.get(wallet)!);
  return { movementId: posted.movementIds[0], transaction };
}
