import type { SuspendedTransfer } from '../../../core/console';
import { koboToNaira } from '../../../core/money';
import type { AppContext } from '../../services/context';
import { listUnmatchedTransfers, SUSPENSE_ACTIONS } from '../../services/funding/suspense';

/**
 * Finance's suspense queue: every transfer still held in suspense, oldest first, with what the
 * operator report suggests (services/suspense.ts) and the customer it points at, if any.
 */
export async function suspenseQueue(ctx: AppContext): Promise<SuspendedTransfer[]> {
  const transfers = await listUnmatchedTransfers(ctx.db);
  if (transfers.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('unmatched_transfers as u')
    .innerJoin('incoming_transfers as i', 'i.id', 'u.incoming_transfer_id')
    .leftJoin('virtual_accounts as va', (join) =>
      join.onRef('va.account_number', '=', 'u.account_number').onRef('va.provider', '=', 'i.provider'),
    )
    .leftJoin('users', 'users.id', 'va.user_id')
    .leftJoin('money_requests as r', (join) =>
      join
        .onRef('r.incoming_transfer_id', '=', 'u.incoming_transfer_id')
        .on('r.status', '=', 'pending')
        .on('r.expires_at', '>', ctx.clock.now()),
    )
    .select([
      'u.incoming_transfer_id',
      'i.provider',
      'i.reference',
      'users.id as user_id',
      'users.name',
      'users.email',
      'r.id as request_id',
    ])
    .where('u.status', '=', 'unmatched')
    .execute();
  const byReference = new Map(rows.map((row) => [`${row.provider}:${row.reference}`, row]));
  // A transfer matched between the two reads has left suspense: it is not listed.
  return transfers.flatMap((transfer) => {
    const row = byReference.get(`${transfer.provider}:${transfer.reference}`);
    if (row === undefined) return [];
    return {
      incoming_transfer_id: Number(row.incoming_transfer_id),
      provider: transfer.provider,
      reference: transfer.reference,
      account_number: transfer.accountNumber,
      amount: koboToNaira(transfer.amountKobo),
      sender_name: transfer.senderName,
      sender_bank: transfer.senderBank,
      received_at: transfer.receivedAt.toISOString(),
      suggested_customer:
        row.user_id === null ? null : { id: Number(row.user_id), name: row.name ?? '', email: row.email ?? '' },
      suggestion: transfer.actionDetail
        ? `${SUSPENSE_ACTIONS[transfer.action]} (${transfer.actionDetail})`
        : SUSPENSE_ACTIONS[transfer.action],
      pending_request_id: row.request_id === null ? null : Number(row.request_id),
    };
  });
}
