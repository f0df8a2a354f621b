import { formatNaira, koboToNaira } from '../../../core/money';
import { AppError, GatewayError } from '../../errors';
import type { BankPartner, IncomingTransfer, PartnerTransfer } from '../../gateways/bankPartner';
import type { Executor } from '../../db/schema';
import type { AppContext } from '../context';
import { creditIncomingTransfer, type CreditOutcome } from './funding';
import { retryDelayMs } from '../identity/enrolment';
import { receivedText, reportedTransferJson, reportedTransferOf, type ReportedTransfer } from './reportedTransfer';
import { withoutSecrets } from './suspense';
import { customerReference } from './virtualAccounts';

/**
 * A webhook is a claim, not money: before a real partner's transfer moves a wallet, the
 * partner's own transaction-status call must confirm it, and it fails closed — the record must
 * say paid, name the account (or the customer) the money went to and that it is ours, say it is
 * a transfer into a dedicated account (not a card payment or anything else), in NGN, for the
 * same amount (a leaked webhook secret must not be enough to mint money).
 *
 * - Confirmed: credited exactly once (services/funding.ts), for the amount the partner holds.
 * - Not confirmable now (the partner is down or slow, its breaker is open, it does not know the
 *   reference yet, or the payment is still pending): answered 503, so the partner delivers it
 *   again later, and kept in pending_confirmations, so that the partner job asks again too
 *   (retryPendingConfirmations): a temporary failure never becomes a permanent dispute.
 * - Contradicted (the partner says failed, another amount, another account): not credited, no
 *   ledger movement (the money may not exist), recorded once in disputed_transfers for an
 *   operator, and answered 200 so the partner stops retrying a delivery that will never be
 *   credited. The day's reconciliation shows what the partner really holds.
 *
 * The simulated partner has no records but the webhooks it signs: its transfers are credited
 * on the signature alone.
 */

export type ConfirmedOutcome = CreditOutcome | { status: 'disputed'; reason: string };

/** The webhook must be delivered again later: answered 503. */
export class TransferNotConfirmedError extends AppError {
  constructor(message: string) {
    super(503, message);
    this.name = 'TransferNotConfirmedError';
  }
}

export async function creditConfirmedTransfer(
  ctx: AppContext,
  bank: BankPartner,
  transfer: IncomingTransfer,
  payload: unknown,
): Promise<ConfirmedOutcome> {
  if (!bank.records) return creditIncomingTransfer(ctx, bank.provider, transfer, payload);

  // A repeat needs no status call: the reference was credited, held in suspense, or disputed.
  const seen = await ctx.db
    .selectFrom('incoming_transfers')
    .select('virtual_account_id')
    .where('provider', '=', bank.provider)
    .where('reference', '=', transfer.reference)
    .executeTakeFirst();
  if (seen) return { status: 'duplicate', unmatched: seen.virtual_account_id === null };
  const disputed = await ctx.db
    .selectFrom('disputed_transfers')
    .select('reason')
    .where('provider', '=', bank.provider)
    .where('reference', '=', transfer.reference)
    .executeTakeFirst();
  if (disputed) return { status: 'disputed', reason: disputed.reason };

  let record: PartnerTransfer | null;
  try {
    record = await bank.records.lookupTransfer(transfer.reference);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    throw await notConfirmed(
      ctx,
      bank,
      transfer,
      payload,
      `the transfer could not be confirmed with ${bank.provider} right now (${error.message}); deliver it again later`,
    );
  }
  if (!record)
    throw await notConfirmed(
      ctx,
      bank,
      transfer,
      payload,
      `${bank.provider} has no record of transfer ${transfer.reference} yet; deliver it again later`,
    );
  if (record.status === 'pending') {
    throw await notConfirmed(
      ctx,
      bank,
      transfer,
      payload,
      `${bank.provider} reports transfer ${transfer.reference} as ${record.partnerStatus}, not paid yet; ` +
        'deliver it again later',
    );
  }

  const outcome = await settle(ctx, bank, transfer, record, payload);
  await ctx.db
    .deleteFrom('pending_confirmations')
    .where('provider', '=', bank.provider)
    .where('reference', '=', transfer.reference)
    .execute();
  return outcome;
}

/** A confirmation answered: disputed when the record contradicts the webhook, else credited. */
async function settle(
  ctx: AppContext,
  bank: BankPartner,
  transfer: IncomingTransfer,
  record: PartnerTransfer,
  payload: unknown,
): Promise<ConfirmedOutcome> {
  const reason = await disagreement(ctx, bank.provider, transfer, record);
  if (reason) {
    await ctx.db
      .insertInto('disputed_transfers')
      .values({
        provider: bank.provider,
        reference: transfer.reference,
        account_number: transfer.accountNumber,
        amount_kobo: transfer.amountKobo,
        partner_status: record.partnerStatus.slice(0, 50) || 'unknown',
        partner_amount_kobo: record.amountKobo,
        reason,
        payload: JSON.stringify(withoutSecrets(payload)),
        received_at: ctx.clock.now(),
      })
      .onConflict((conflict) => conflict.columns(['provider', 'reference']).doNothing())
      .execute();
    return { status: 'disputed', reason };
  }
  return creditIncomingTransfer(
    ctx,
    bank.provider,
    { ...transfer, amountKobo: record.amountKobo, paidAt: record.paidAt ?? transfer.paidAt },
    payload,
  );
}

/**
 * Keeps a webhook not confirmable yet for the partner job (once per reference, counting the
 * attempts and backing off), and answers the 503 to give the partner.
 */
async function notConfirmed(
  ctx: AppContext,
  bank: BankPartner,
  transfer: IncomingTransfer,
  payload: unknown,
  message: string,
): Promise<TransferNotConfirmedError> {
  const now = ctx.clock.now();
  const existing = await ctx.db
    .selectFrom('pending_confirmations')
    .select('attempts')
    .where('provider', '=', bank.provider)
    .where('reference', '=', transfer.reference)
    .executeTakeFirst();
  const attempts = existing ? existing.attempts + 1 : 0;
  const values = {
    last_error: message.slice(0, 300),
    attempts,
    next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
  };
  await ctx.db
    .insertInto('pending_confirmations')
    .values({
      provider: bank.provider,
      reference: transfer.reference,
      payload: JSON.stringify(withoutSecrets(payload)),
      created_at: now,
      ...values,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'reference']).doUpdateSet(values))
    .execute();
  return new TransferNotConfirmedError(message);
}

/**
 * The partner job's part: asks again about every kept webhook that is due, reading it with the
 * partner's own reader. Answers how many were settled (credited, held in suspense, disputed)
 * and how many still wait.
 */
export async function retryPendingConfirmations(
  ctx: AppContext,
  banks: readonly BankPartner[],
  limit = 50,
): Promise<{ settled: number; waiting: number }> {
  const due = await ctx.db
    .selectFrom('pending_confirmations')
    .select(['provider', 'reference', 'payload'])
    .where('next_attempt_at', '<=', ctx.clock.now())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  let settled = 0;
  for (const row of due) {
    const bank = banks.find((candidate) => candidate.provider === row.provider);
    // A partner switched off: its webhooks wait until it is live again (or an operator acts).
    if (!bank) continue;
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    const event = bank.readWebhook(payload);
    if (event.kind !== 'transfer') {
      await ctx.db
        .deleteFrom('pending_confirmations')
        .where('provider', '=', row.provider)
        .where('reference', '=', row.reference)
        .execute();
      continue;
    }
    try {
      await creditConfirmedTransfer(ctx, bank, event.transfer, payload);
    } catch (error) {
      if (!(error instanceof TransferNotConfirmedError)) throw error;
      continue;
    }
    await ctx.db
      .deleteFrom('pending_confirmations')
      .where('provider', '=', row.provider)
      .where('reference', '=', row.reference)
      .execute();
    settled += 1;
  }
  return { settled, waiting: due.length - settled };
}

/** Why the partner's record contradicts the webhook, or undefined when it confirms it. */
async function disagreement(
  ctx: AppContext,
  provider: string,
  transfer: IncomingTransfer,
  record: PartnerTransfer,
): Promise<string | undefined> {
  if (record.status !== 'paid') return `${provider} reports the payment as ${record.partnerStatus}`;
  if (record.refusal) return record.refusal;
  if (record.channel !== 'transfer')
    return `${provider} reports a ${record.channel} payment, not a transfer into a dedicated account`;
  if (record.currency !== 'NGN')
    return `${provider} reports the payment in ${record.currency ?? 'no currency'}, not NGN`;
  if (record.accountNumber === null && record.customerReference === null)
    return `${provider}'s record names neither the account nor the customer the money was paid to`;
  if (record.amountKobo !== transfer.amountKobo) {
    return (
      `${provider} reports ${formatNaira(koboToNaira(record.amountKobo))} paid, the webhook ` +
      `${formatNaira(koboToNaira(transfer.amountKobo))}`
    );
  }
  if (record.accountNumber !== null && record.accountNumber !== transfer.accountNumber) {
    return (
      `${provider} reports the payment into account ${record.accountNumber}, the webhook into ` +
      `${transfer.accountNumber}`
    );
  }
  if (record.customerReference !== null) {
    const account = await ctx.db
      .selectFrom('virtual_accounts')
      .select('user_id')
      .where('account_number', '=', transfer.accountNumber)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (account && customerReference(account.user_id) !== record.customerReference) {
      return (
        `${provider} reports the payment into the accounts of ` +
        `${record.customerReference.slice(0, 60)}, not those of account ${transfer.accountNumber}`
      );
    }
  }
  return undefined;
}

export interface DisputedTransfer extends ReportedTransfer {
  partnerStatus: string;
  partnerAmountKobo: bigint | null;
  reason: string;
}

/** Every disputed webhook, oldest first. */
export async function listDisputedTransfers(db: Executor): Promise<DisputedTransfer[]> {
  const rows = await db
    .selectFrom('disputed_transfers')
    .select([
      'provider',
      'reference',
      'account_number',
      'amount_kobo',
      'partner_status',
      'partner_amount_kobo',
      'reason',
      'received_at',
    ])
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...reportedTransferOf(row),
    partnerStatus: row.partner_status,
    partnerAmountKobo: row.partner_amount_kobo,
    reason: row.reason,
  }));
}

export function disputedTransfersJson(transfers: DisputedTransfer[]): string {
  return JSON.stringify(
    {
      disputed: transfers.map((transfer) => ({
        ...reportedTransferJson(transfer),
        partner_status: transfer.partnerStatus,
        partner_amount_kobo: transfer.partnerAmountKobo?.toString() ?? null,
        reason: transfer.reason,
        received_at: transfer.receivedAt.toISOString(),
      })),
    },
    null,
    2,
  );
}

export function disputedTransfersTable(transfers: DisputedTransfer[]): string {
  if (transfers.length === 0) return 'No disputed transfers.';
  return [
    `${transfers.length} webhook${transfers.length === 1 ? '' : 's'} not credited because the partner's ` +
      'records disagree:',
    '',
    ...transfers.map(
      (transfer) =>
        `${receivedText(transfer)}  ${transfer.provider}  ${transfer.reference}  ` +
        `${transfer.accountNumber}  ${formatNaira(koboToNaira(transfer.amountKobo))}  ${transfer.reason}`,
    ),
  ].join('\n');
}
