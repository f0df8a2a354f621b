import { formatNaira, koboToNaira } from '../../../core/money';
import { AppError } from '../../errors';
import type { AppContext } from '../../services/context';
import { FUNDING_CATEGORY, FUNDING_DESCRIPTION, walletFunded } from '../../services/funding/funding';
import { CORRECTION_DEBIT, GOODWILL_CREDIT, YOUR_WALLET_LABEL } from '../../services/records/descriptions';
import {
  AlreadyPostedError,
  balanceAfter,
  credit,
  debit,
  InsufficientFundsError,
  moveBetweenSystemAccounts,
  post,
  walletOf,
  type Movement,
} from '../../services/ledger/ledger';
import { addNotification } from '../../services/notifications/notifications';
import { noticeBalanceCap } from '../../services/identity/tiers';
import { ownerOf } from '../../services/records/receipts';
import { inLocale, t } from '../../i18n';
import { TRANSACTION_COLUMNS, type StoredTransaction } from '../../services/records/transactions';

/**
 * The money an approved staff request moves: the one place in the console that asks the ledger
 * for a movement. Each function runs in the approval's transaction and names the movement by
 * what it is; the ledger picks the accounts, and the database refuses a second one of each
 * (once per held transfer, once per request), whatever the status changes before it let through.
 *
 *   match to a customer   the partner's suspense → the customer's wallet (a funding the customer sees)
 *   return to the sender  the partner's suspense → what the partner holds for us (the partner sent it back)
 *   goodwill credit       the goodwill account → the customer's wallet
 *   goodwill debit        the customer's wallet → the goodwill account (never below zero)
 */

export const ADJUSTMENT_CATEGORY = 'adjustment';

export interface Moved {
  movementId: bigint;
  /** The customer's transaction, when the money reached or left a wallet. */
  transaction: StoredTransaction | null;
}

/** The once-key of a goodwill movement: the request that moved it. */
const goodwillAction = (requestId: bigint) => `money-request:${requestId}`;

/**
 * Posts a movement of an approval. A second "once" (the database's guard: this transfer left
 * suspense, or this request moved money, already) answers 409 and the approval rolls back.
 */
async function postOnce(tx: AppContext, movement: Movement) {
  return post(tx, movement).catch((error: unknown) => {
    if (error instanceof AlreadyPostedError) throw new AppError(409, 'this money was already moved: nothing was done');
    if (error instanceof InsufficientFundsError)
      throw new AppError(409, "the customer's balance does not cover this debit: nothing was moved");
    throw error;
  });
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
  return tx.db
    .selectFrom('incoming_transfers')
    .select(['provider', 'reference', 'amount_kobo', 'sender_name', 'sender_bank'])
    .where('id', '=', incomingTransferId)
    .executeTakeFirstOrThrow();
}

async function customerTransaction(
  tx: AppContext,
  customerId: bigint,
  values: { category: string; amountKobo: bigint; reference: string; from: string; to: string; description: string },
) {
  const now = tx.clock.now();
  return tx.db
    .insertInto('transactions')
    .values({
      user_id: customerId,
      category: values.category,
      amount_kobo: values.amountKobo,
      status: 'completed',
      reference: values.reference,
      from_label: values.from,
      to_label: values.to,
      description: values.description,
      created_at: now,
      updated_at: now,
    })
    .returning(TRANSACTION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Credits a suspended transfer to the customer it was meant for: a funding in their activity,
 * notified like any other.
 */
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
  await tx.db
    .updateTable('incoming_transfers')
    .set({ transaction_id: transaction.id })
    .where('id', '=', incomingTransferId)
    .execute();
  const wallet = await walletOf(tx, customerId);
  const source = { from: 'suspense', provider: transfer.provider, reference: transfer.reference } as const;
  const posted = await postOnce(
    tx,
    await credit(tx, { walletId: wallet, amountKobo: transfer.amount_kobo, transactionId: transaction.id, source }),
  );
  // The customer's notification, not the operator's: in the customer's language.
  const { language } = await ownerOf(tx, customerId);
  await addNotification(
    tx,
    customerId,
    inLocale(language, () => ({
      title: walletFunded(),
      content: t(
        /*i18n*/ {
          id: 'notice.funded.matched',
          message: '{amount} from {sender} ({bank}) has been added to your wallet (reference {reference}).',
        },
        {
          amount: formatNaira(koboToNaira(transfer.amount_kobo)),
          sender: transfer.sender_name,
          bank: transfer.sender_bank,
          reference: transfer.reference,
        },
      ),
    })),
  );
  await noticeBalanceCap(tx, customerId, balanceAfter(posted, wallet));
  return { movementId: posted.movementIds[0], transaction };
}

/**
 * Records that the partner sent a suspended transfer back to its sender: it leaves suspense for
 * what the partner holds for us.
 */
export async function returnToSender(tx: AppContext, incomingTransferId: bigint): Promise<Moved> {
  const transfer = await leaveSuspense(tx, incomingTransferId, 'returned');
  const { movementIds } = await postOnce(
    tx,
    await moveBetweenSystemAccounts(tx, {
      move: 'return-to-sender',
      provider: transfer.provider,
      reference: transfer.reference,
      amountKobo: transfer.amount_kobo,
    }),
  );
  return { movementId: movementIds[0], transaction: null };
}

export interface Goodwill {
  customerId: bigint;
  amountKobo: bigint;
  /** The approved request: the movement's once-key, and the customer's reference (NW-ADJ-<id>). */
  requestId: bigint;
  /** A credit to the wallet, or a correction (debit) from it. */
  credit: boolean;
}

/**
 * A goodwill credit to, or a correction from, a customer's wallet, once per request; a debit never
 * takes the wallet below zero.
 */
export async function goodwill(
  tx: AppContext,
  { customerId, amountKobo, requestId, credit: toWallet }: Goodwill,
): Promise<Moved> {
  const reference = `NW-ADJ-${requestId}`;
  const transaction = await customerTransaction(tx, customerId, {
    category: ADJUSTMENT_CATEGORY,
    amountKobo,
    reference,
    from: toWallet ? 'Naira Wallet' : YOUR_WALLET_LABEL.message,
    to: toWallet ? YOUR_WALLET_LABEL.message : 'Naira Wallet',
    description: (toWallet ? GOODWILL_CREDIT : CORRECTION_DEBIT).message,
  });
  const wallet = await walletOf(tx, customerId);
  const action = goodwillAction(requestId);
  const movement = toWallet
    ? await credit(tx, {
        walletId: wallet,
        amountKobo,
        transactionId: transaction.id,
        source: { from: 'goodwill', action },
      })
    : await debit(tx, { walletId: wallet, amountKobo, transactionId: transaction.id, action });
  const posted = await postOnce(tx, movement);
  await addNotification(tx, customerId, {
    title: toWallet ? 'Goodwill credit' : 'Wallet correction',
    content:
      `${formatNaira(koboToNaira(amountKobo))} was ${toWallet ? 'added to' : 'taken from'} your wallet by ` +
      `Naira Wallet (reference ${reference}). Contact support if you have a question about it.`,
  });
  if (toWallet) await noticeBalanceCap(tx, customerId, balanceAfter(posted, wallet));
  return { movementId: posted.movementIds[0], transaction };
}
