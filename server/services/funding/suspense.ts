import { sql } from 'kysely';
import { formatNaira, koboToNaira } from '../../../core/money';
import type { Executor } from '../../db/schema';
import type { IncomingTransfer } from '../../gateways/bankPartner';
import type { AppContext } from '../context';
import { moveBetweenSystemAccounts, post } from '../ledger/ledger';
import { receivedText, reportedTransferJson, reportedTransferOf, type ReportedTransfer } from './reportedTransfer';

/**
 * Suspense: transfers the partner reported into an account number no wallet has. The money is
 * real — the partner holds it for us — so it is never dropped and never credited to anyone:
 * it is recorded once per (partner, reference) and moved in the ledger from what the partner
 * holds for us into the partner's suspense account, where it waits for an operator
 * (`npm run report -- unmatched`) to match it to a user or return it to its sender.
 */

/**
 * Key names whose values are credentials, not facts about the payment (Paystack's
 * authorization_code, any signature).
 */
const SECRET_KEY = /(^|_)(authorization_code|signature|secret|token|password|pin|cvv)$/i;

/** The partner's body without its secrets, for the record an operator reads. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

/**
 * Holds a claimed transfer in suspense, in the caller's transaction (the one that claimed its
 * reference in incoming_transfers): the record and the ledger movement settlement → suspense.
 */
export async function holdInSuspense(
  tx: AppContext,
  provider: string,
  incomingTransferId: bigint,
  transfer: IncomingTransfer,
  payload: unknown,
): Promise<void> {
  const {
    movementIds: [movementId],
  } = await post(
    tx,
    await moveBetweenSystemAccounts(tx, {
      move: 'suspend',
      provider,
      reference: transfer.reference,
      amountKobo: transfer.amountKobo,
    }),
  );
  await tx.db
    .insertInto('unmatched_transfers')
    .values({
      incoming_transfer_id: incomingTransferId,
      account_number: transfer.accountNumber,
      payload: payload === undefined ? null : JSON.stringify(withoutSecrets(payload)),
      movement_id: movementId,
    })
    .execute();
}

/** What an operator should do with an unmatched transfer. */
export type SuspenseAction =
  /** The number has since been assigned to a user by this partner: credit that user. */
  | 'match-to-user'
  /** The number is an account of another partner: this partner routed it wrongly. */
  | 'contact-partner'
  /** Nobody has the number: confirm with the partner, then send the money back. */
  | 'return-to-sender';

export const SUSPENSE_ACTIONS: Record<SuspenseAction, string> = {
  'match-to-user': 'the account number now belongs to a user of this partner: check the sender and credit that user',
  'contact-partner':
    "the account number belongs to another partner's account: ask the partner that reported it why it came to us",
  'return-to-sender': 'no user has this account number: confirm with the partner, then return the money to the sender',
};

export interface UnmatchedTransfer extends ReportedTransfer {
  senderName: string;
  senderBank: string;
  paidAt: Date | null;
  status: 'unmatched';
  action: SuspenseAction;
  /** Who the action concerns: the user's e-mail (match) or the other partner (contact). */
  actionDetail: string | null;
}

/** Every transfer still in suspense, oldest first, each with what to do about it. */
export async function listUnmatchedTransfers(db: Executor): Promise<UnmatchedTransfer[]> {
  const { rows } = await sql<{
    provider: string;
    reference: string;
    account_number: string;
    amount_kobo: bigint;
    sender_name: string;
    sender_bank: string;
    paid_at: Date | null;
    received_at: Date;
    same_partner_email: string | null;
    other_partner: string | null;
  }>`
    SELECT it.provider, it.reference, u.account_number, it.amount_kobo, it.sender_name, it.sender_bank,
           it.paid_at, it.received_at,
           (SELECT users.email FROM virtual_accounts va JOIN users ON users.id = va.user_id
            WHERE va.account_number = u.account_number AND va.provider = it.provider) AS same_partner_email,
           (SELECT va.provider FROM virtual_accounts va
             WHERE va.account_number = u.account_number AND va.provider <> it.provider) AS other_partner
    FROM unmatched_transfers u JOIN incoming_transfers it ON it.id = u.incoming_transfer_id
    WHERE u.status = 'unmatched'
    ORDER BY it.received_at, it.id`.execute(db);
  return rows.map((row) => {
    const [action, actionDetail]: [SuspenseAction, string | null] = row.same_partner_email
      ? ['match-to-user', row.same_partner_email]
      : row.other_partner
        ? ['contact-partner', row.other_partner]
        : ['return-to-sender', null];
    return {
      ...reportedTransferOf(row),
      senderName: row.sender_name,
      senderBank: row.sender_bank,
      paidAt: row.paid_at,
      status: 'unmatched',
      action,
      actionDetail,
    };
  });
}

/** The report as JSON: amounts in kobo as text (exact) and in naira. */
export function unmatchedTransfersJson(transfers: UnmatchedTransfer[]): string {
  return JSON.stringify(
    {
      unmatched: transfers.map((transfer) => ({
        ...reportedTransferJson(transfer),
        amount: koboToNaira(transfer.amountKobo),
        sender_name: transfer.senderName,
        sender_bank: transfer.senderBank,
        paid_at: transfer.paidAt?.toISOString() ?? null,
        received_at: transfer.receivedAt.toISOString(),
        status: transfer.status,
        action: transfer.action,
        action_detail: transfer.actionDetail,
      })),
      total_kobo: transfers.reduce((sum, transfer) => sum + transfer.amountKobo, 0n).toString(),
    },
    null,
    2,
  );
}

/** The report as a table for a terminal, with what each action means. */
export function unmatchedTransfersTable(transfers: UnmatchedTransfer[]): string {
  if (transfers.length === 0) return 'No unmatched transfers: nothing is held in suspense.';
  const header = ['received (UTC)', 'partner', 'reference', 'account', 'amount', 'sender', 'what to do'];
  const rows = transfers.map((transfer) => [
    receivedText(transfer),
    transfer.provider,
    transfer.reference,
    transfer.accountNumber,
    formatNaira(koboToNaira(transfer.amountKobo)),
    `${transfer.senderName} (${transfer.senderBank})`,
    transfer.actionDetail ? `${transfer.action}: ${transfer.actionDetail}` : transfer.action,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const total = transfers.reduce((sum, transfer) => sum + transfer.amountKobo, 0n);
  const used = [...new Set(transfers.map((transfer) => transfer.action))];
  return [
    `${transfers.length} unmatched transfer${transfers.length === 1 ? '' : 's'} held in suspense, ` +
      `${formatNaira(koboToNaira(total))} in all:`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    ...used.map((action) => `${action}: ${SUSPENSE_ACTIONS[action]}`),
  ].join('\n');
}
