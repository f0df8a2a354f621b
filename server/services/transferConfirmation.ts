import { formatNaira, koboToNaira } from '../../core/money';
import { AppError, GatewayError } from '../errors';
import type { BankPartner, IncomingTransfer, PartnerTransfer } from '../gateways/bankPartner';
import type { Executor } from '../db/schema';
import type { AppContext } from './context';
import { creditIncomingTransfer, type CreditOutcome } from './funding';
import { withoutSecrets } from './suspense';
import { customerReference } from './virtualAccounts';

/**
 * A webhook is a claim, not money: before a real partner's transfer moves a wallet, the
 * partner's own transaction-status call must confirm it — paid, the same amount, into the same
 * account (security.md: a leaked webhook secret must not be enough to mint money).
 *
 * - Confirmed: credited exactly once (services/funding.ts), for the amount the partner holds.
 * - Not confirmable now (the partner is down or slow, its breaker is open, it does not know the
 *   reference yet, or the payment is still pending): nothing is written and the webhook is
 *   answered 503, so the partner delivers it again later.
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

export async function creditConfirmedTransfer(ctx: AppContext, bank: BankPartner, transfer: IncomingTransfer, payload: unknown): Promise<ConfirmedOutcome> {
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
    throw new TransferNotConfirmedError(`the transfer could not be confirmed with ${bank.provider} right now (${error.message}); deliver it again later`);
  }
  if (!record) throw new TransferNotConfirmedError(`${bank.provider} has no record of transfer ${transfer.reference} yet; deliver it again later`);
  if (record.status === 'pending') throw new TransferNotConfirmedError(`${bank.provider} reports transfer ${transfer.reference} as ${record.partnerStatus}, not paid yet; deliver it again later`);

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
  return creditIncomingTransfer(ctx, bank.provider, { ...transfer, amountKobo: record.amountKobo, paidAt: record.paidAt ?? transfer.paidAt }, payload);
}

/** Why the partner's record contradicts the webhook, or undefined when it confirms it. */
async function disagreement(ctx: AppContext, provider: string, transfer: IncomingTransfer, record: PartnerTransfer): Promise<string | undefined> {
  if (record.status !== 'paid') return `${provider} reports the payment as ${record.partnerStatus}`;
  if (record.amountKobo !== transfer.amountKobo) {
    return `${provider} reports ${formatNaira(koboToNaira(record.amountKobo))} paid, the webhook ${formatNaira(koboToNaira(transfer.amountKobo))}`;
  }
  if (record.accountNumber !== null && record.accountNumber !== transfer.accountNumber) {
    return `${provider} reports the payment into account ${record.accountNumber}, the webhook into ${transfer.accountNumber}`;
  }
  if (record.customerReference !== null) {
    const account = await ctx.db
      .selectFrom('virtual_accounts')
      .select('user_id')
      .where('account_number', '=', transfer.accountNumber)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (account && customerReference(account.user_id) !== record.customerReference) {
      return `${provider} reports the payment into the accounts of ${record.customerReference.slice(0, 60)}, not those of account ${transfer.accountNumber}`;
    }
  }
  return undefined;
}

export interface DisputedTransfer {
  provider: string;
  reference: string;
  accountNumber: string;
  amountKobo: bigint;
  partnerStatus: string;
  partnerAmountKobo: bigint | null;
  reason: string;
  receivedAt: Date;
}

/** Every disputed webhook, oldest first. */
export async function listDisputedTransfers(db: Executor): Promise<DisputedTransfer[]> {
  const rows = await db
    .selectFrom('disputed_transfers')
    .select(['provider', 'reference', 'account_number', 'amount_kobo', 'partner_status', 'partner_amount_kobo', 'reason', 'received_at'])
    .orderBy('received_at').orderBy('id').execute();
  return rows.map((row) => ({
    provider: row.provider,
    reference: row.reference,
    accountNumber: row.account_number,
    amountKobo: row.amount_kobo,
    partnerStatus: row.partner_status,
    partnerAmountKobo: row.partner_amount_kobo,
    reason: row.reason,
    receivedAt: row.received_at,
  }));
}

export function disputedTransfersJson(transfers: DisputedTransfer[]): string {
  return JSON.stringify(
    {
      disputed: transfers.map((transfer) => ({
        provider: transfer.provider,
        reference: transfer.reference,
        account_number: transfer.accountNumber,
        amount_kobo: transfer.amountKobo.toString(),
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
    `${transfers.length} webhook${transfers.length === 1 ? '' : 's'} not credited because the partner's records disagree:`,
    '',
    ...transfers.map(
      (transfer) =>
        `${transfer.receivedAt.toISOString().slice(0, 19).replace('T', ' ')}  ${transfer.provider}  ${transfer.reference}  ${transfer.accountNumber}  ${formatNaira(koboToNaira(transfer.amountKobo))}  ${transfer.reason}`,
    ),
  ].join('\n');
}
