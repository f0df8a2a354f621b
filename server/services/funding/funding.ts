import { formatNaira, koboToNaira } from '../../../core/money';
import { AppError } from '../../errors';
import type { IncomingTransfer } from '../../gateways/bankPartner';
import { inTransaction, type AppContext } from '../context';
import { balanceAfter, credit, post, walletOf } from '../ledger/ledger';
import { addNotification } from '../notifications/notifications';
import { queueMail, queueSms } from '../notifications/outbox';
import { fundingText } from '../notifications/textMessages';
import { verifiedPhone } from '../account/phones';
import { fundingReceipt, ownerOf, type Owner } from '../records/receipts';
import { inLocale, t } from '../../i18n';
import { holdInSuspense } from './suspense';
import { noticeBalanceCap } from '../identity/tiers';
import { CARD_PAYMENT_LABEL, FUNDING_BY_CARD, FUNDING_BY_TRANSFER } from '../records/descriptions';
import { TRANSACTION_COLUMNS, type StoredTransaction } from '../records/transactions';

/** ₦10,000,000: above any KYC tier's daily limit; a bigger credit is refused (422) and left to reconciliation. */
export const MAX_INCOMING_TRANSFER_KOBO = 1_000_000_000n;

export const FUNDING_CATEGORY = 'funding';
export const FUNDING_DESCRIPTION = FUNDING_BY_TRANSFER.message;
const CARD_FUNDING_DESCRIPTION = FUNDING_BY_CARD.message;

/** The "Wallet funded" notification's title, said in the current work's language. */
export const walletFunded = () => t(/*i18n*/ { id: 'notice.funded.title', message: 'Wallet funded' });

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
 * the user is told how to raise it (services/tiers.ts), and the receipt is queued to be e-mailed
 * (services/notifications/outbox.ts). A transfer to a number nobody has is claimed the same way and held in suspense
 * instead; `payload` (the partner's body) is kept with it.
 */
export async function creditIncomingTransfer(
  ctx: AppContext,
  provider: string,
  transfer: IncomingTransfer,
  payload?: unknown,
): Promise<CreditOutcome> {
  assertCreditable(transfer.amountKobo);
  const account = await ctx.db
    .selectFrom('virtual_accounts')
    .innerJoin('wallets', 'wallets.user_id', 'virtual_accounts.user_id')
    .select([
      'virtual_accounts.id',
      'virtual_accounts.user_id',
      'virtual_accounts.bank_name',
      'virtual_accounts.account_number',
      'wallets.id as wallet_id',
    ])
    .where('virtual_accounts.account_number', '=', transfer.accountNumber)
    .where('virtual_accounts.provider', '=', provider)
    .executeTakeFirst();

  return inTransaction(ctx, async (tx) => {
    const claim = await claimReference(tx, provider, {
      ...transfer,
      virtualAccountId: account?.id ?? null,
      cardPaymentId: null,
    });
    if (!claim.id) return { status: 'duplicate', unmatched: claim.unmatched };
    if (!account) {
      await holdInSuspense(tx, provider, claim.id, transfer, payload);
      return { status: 'unmatched' };
    }
    return creditWallet(tx, provider, claim.id, {
      userId: account.user_id,
      walletId: account.wallet_id,
      amountKobo: transfer.amountKobo,
      reference: transfer.reference,
      from: `${transfer.senderName}, ${transfer.senderBank}`,
      to: `${account.bank_name} ${account.account_number}`,
      description: FUNDING_DESCRIPTION,
      notice: () =>
        t(
          /*i18n*/ {
            id: 'notice.funded.transfer',
            message:
              '{amount} from {sender} ({bank}) has been added to your wallet through your {partner} account {account}.',
          },
          {
            amount: formatNaira(koboToNaira(transfer.amountKobo)),
            sender: transfer.senderName,
            bank: transfer.senderBank,
            partner: account.bank_name,
            account: account.account_number,
          },
        ),
      feeKobo: 0n,
    });
  });
}

/** A card top-up the partner's verify call confirmed (services/cardTopUps.ts). */
export interface CardCredit {
  cardPaymentId: bigint;
  userId: bigint;
  reference: string;
  /** What reaches the wallet. */
  amountKobo: bigint;
  /** What the card was charged: the partner's record of the payment. */
  chargedKobo: bigint;
  partnerStatus: string;
  paidAt: Date | null;
}

/**
 * Credits a card top-up, exactly once per (partner, reference) like a transfer: the card
 * payment's reference is claimed in incoming_transfers in the crediting transaction, whichever
 * comes first (the partner's webhook, the customer's return to /funding, the job), and the card
 * payment is marked successful there. The partner holds the whole charge for us: the wallet gets
 * the amount, and a fee the customer paid on top goes to the partner's fee account, which its
 * settlement deducts.
 */
export async function creditCardPayment(ctx: AppContext, provider: string, card: CardCredit): Promise<CreditOutcome> {
  assertCreditable(card.amountKobo);
  const walletId = await walletOf(ctx, card.userId);
  return inTransaction(ctx, async (tx): Promise<CreditOutcome> => {
    const claim = await claimReference(tx, provider, {
      reference: card.reference,
      amountKobo: card.chargedKobo,
      senderName: CARD_PAYMENT_LABEL.message,
      senderBank: 'card',
      paidAt: card.paidAt,
      virtualAccountId: null,
      cardPaymentId: card.cardPaymentId,
    });
    if (!claim.id) return { status: 'duplicate', unmatched: false };
    const result = await creditWallet(tx, provider, claim.id, {
      userId: card.userId,
      walletId,
      amountKobo: card.amountKobo,
      reference: card.reference,
      from: CARD_PAYMENT_LABEL.message,
      to: 'Naira Wallet',
      description: CARD_FUNDING_DESCRIPTION,
      notice: () =>
        t(
          /*i18n*/ { id: 'notice.funded.card', message: '{amount} from your card has been added to your wallet.' },
          {
            amount: formatNaira(koboToNaira(card.amountKobo)),
          },
        ),
      feeKobo: card.chargedKobo - card.amountKobo,
    });
    await tx.db
      .updateTable('card_payments')
      .set({
        status: 'success',
        partner_status: card.partnerStatus.slice(0, 50),
        transaction_id: result.transactionId,
        updated_at: tx.clock.now(),
        checked_at: tx.clock.now(),
      })
      .where('id', '=', card.cardPaymentId)
      .execute();
    return result;
  });
}

function assertCreditable(amountKobo: bigint) {
  if (amountKobo <= 0n || amountKobo > MAX_INCOMING_TRANSFER_KOBO) {
    throw new AppError(422, `amount must be between ₦0.01 and ${formatNaira(koboToNaira(MAX_INCOMING_TRANSFER_KOBO))}`);
  }
}

interface Claim {
  reference: string;
  /** What the partner holds for us under the reference. */
  amountKobo: bigint;
  senderName: string;
  senderBank: string;
  paidAt: Date | null;
  virtualAccountId: bigint | null;
  cardPaymentId: bigint | null;
}

/**
 * Claims (partner, reference) in the caller's transaction: the claim's id, or none when it was
 * claimed before (after waiting for that claim's transaction), with whether that one went to
 * suspense (neither an account nor a card payment).
 */
async function claimReference(
  tx: AppContext,
  provider: string,
  claim: Claim,
): Promise<{ id?: bigint; unmatched: boolean }> {
  const claimed = await tx.db
    .insertInto('incoming_transfers')
    .values({
      provider,
      reference: claim.reference,
      virtual_account_id: claim.virtualAccountId,
      card_payment_id: claim.cardPaymentId,
      amount_kobo: claim.amountKobo,
      sender_name: claim.senderName,
      sender_bank: claim.senderBank,
      paid_at: claim.paidAt,
      received_at: tx.clock.now(),
    })
    .onConflict((conflict) => conflict.columns(['provider', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (claimed) return { id: claimed.id, unmatched: false };
  const previous = await tx.db
    .selectFrom('incoming_transfers')
    .select(['virtual_account_id', 'card_payment_id'])
    .where('provider', '=', provider)
    .where('reference', '=', claim.reference)
    .executeTakeFirstOrThrow();
  return { unmatched: previous.virtual_account_id === null && previous.card_payment_id === null };
}

interface WalletCredit {
  userId: bigint;
  walletId: bigint;
  amountKobo: bigint;
  reference: string;
  from: string;
  to: string;
  description: string;
  /** The "Wallet funded" notification's text, said in the owner's language. */
  notice: () => string;
  /**
   * What the customer paid the partner on top of the amount (a card top-up's fee), which the
   * partner keeps: 0 for none.
   */
  feeKobo: bigint;
}

/** The user's funding transaction, its notification, its ledger movement and its receipt, for a claim just made. */
async function creditWallet(
  tx: AppContext,
  provider: string,
  claimId: bigint,
  funding: WalletCredit,
): Promise<{ status: 'credited'; transactionId: bigint }> {
  const now = tx.clock.now();
  const transaction = await tx.db
    .insertInto('transactions')
    .values({
      user_id: funding.userId,
      category: FUNDING_CATEGORY,
      amount_kobo: funding.amountKobo,
      status: 'completed',
      reference: funding.reference,
      from_label: funding.from,
      to_label: funding.to,
      description: funding.description,
      created_at: now,
      updated_at: now,
    })
    .returning(TRANSACTION_COLUMNS)
    .executeTakeFirstOrThrow();
  await tx.db
    .updateTable('incoming_transfers')
    .set({ transaction_id: transaction.id })
    .where('id', '=', claimId)
    .execute();
  // A partner's webhook or the job credits it: the owner is told in their language.
  const owner = await ownerOf(tx, funding.userId);
  await addNotification(
    tx,
    funding.userId,
    inLocale(owner.language, () => ({ title: walletFunded(), content: funding.notice() })),
  );
  const { walletId, amountKobo, reference, feeKobo } = funding;
  const source = { from: 'partner', provider, reference, feeKobo } as const;
  const posted = await post(tx, await credit(tx, { walletId, amountKobo, transactionId: transaction.id, source }));
  await noticeBalanceCap(tx, funding.userId, balanceAfter(posted, walletId));
  await queueFundingReceipts(tx, transaction, owner);
  return { status: 'credited', transactionId: transaction.id };
}

/**
 * A funding's receipt by e-mail and, to the owner's verified phone, its text: queued in the
 * outbox in the transaction of the credit (a partner's, or staff matching a transfer held in
 * suspense), so every funding is told once, both ways.
 */
export async function queueFundingReceipts(
  tx: AppContext,
  transaction: StoredTransaction,
  known?: Owner,
): Promise<void> {
  // A partner's webhook or staff credit it: it is told in the owner's language.
  const owner = known ?? (await ownerOf(tx, transaction.user_id));
  const mail = inLocale(owner.language, () => fundingReceipt(owner.email, transaction));
  await queueMail(tx, { kind: 'receipt', event: transaction.id, mail });
  const phone = await verifiedPhone(tx, transaction.user_id);
  if (phone) {
    const sms = inLocale(owner.language, () => fundingText(phone, transaction));
    await queueSms(tx, { kind: 'receipt', event: transaction.id, sms });
  }
}
