import type { CaseWorkStatus, ReconciliationItem } from '../../../core/console';
import { lagosDay } from '../../../core/days';
import { koboToNaira } from '../../../core/money';
import { AppError, must } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { recordAudit, type Actor } from './audit';

/**
 * What the daily reconciliation found and the credits a partner's records contradicted
 * (disputed), as finance works them: acknowledged (being looked into) or resolved, each with a
 * note. Nothing here moves money: a correction it leads to is a money request of its own.
 */

const SHOWN = 200;

const naira = (kobo: bigint | null) => (kobo === null ? null : koboToNaira(kobo));

type ItemKind = 'mismatch' | 'dispute';

/**
 * Open and acknowledged items first, then the latest resolved ones; or, with `only`, that one item
 * (which the capped queue may not show).
 */
export async function reconciliationQueue(
  ctx: AppContext,
  only?: { kind: ItemKind; id: bigint },
): Promise<ReconciliationItem[]> {
  const mismatches = await ctx.db
    .selectFrom('reconciliation_mismatches')
    .select([
      'id',
      'day',
      'counterparty',
      'kind',
      'reference',
      'our_amount_kobo',
      'their_amount_kobo',
      'detail',
      'status',
      'note',
    ])
    .where((eb) =>
      only === undefined ? eb.lit(true) : only.kind === 'mismatch' ? eb('id', '=', only.id) : eb.lit(false),
    )
    .orderBy('status')
    .orderBy('id', 'desc')
    .limit(SHOWN)
    .execute();
  const disputes = await ctx.db
    .selectFrom('disputed_transfers')
    .select([
      'id',
      'received_at',
      'provider',
      'partner_status',
      'reference',
      'amount_kobo',
      'partner_amount_kobo',
      'reason',
      'status',
      'note',
    ])
    .where((eb) =>
      only === undefined ? eb.lit(true) : only.kind === 'dispute' ? eb('id', '=', only.id) : eb.lit(false),
    )
    .orderBy('status')
    .orderBy('id', 'desc')
    .limit(SHOWN)
    .execute();
  const items: ReconciliationItem[] = [
    ...mismatches.map((row) => ({
      kind: 'mismatch' as const,
      id: Number(row.id),
      day: row.day,
      counterparty: row.counterparty,
      what: row.kind,
      reference: row.reference,
      our_amount: naira(row.our_amount_kobo),
      their_amount: naira(row.their_amount_kobo),
      detail: row.detail,
      status: row.status,
      note: row.note,
    })),
    ...disputes.map((row) => ({
      kind: 'dispute' as const,
      id: Number(row.id),
      day: lagosDay(row.received_at),
      counterparty: `bank:${row.provider}`,
      what: `disputed credit (${row.partner_status})`,
      reference: row.reference,
      our_amount: naira(row.amount_kobo),
      their_amount: naira(row.partner_amount_kobo),
      detail: row.reason,
      status: row.status,
      note: row.note,
    })),
  ];
  const order: Record<CaseWorkStatus, number> = { open: 0, acknowledged: 1, resolved: 2 };
  return items.sort((a, b) => order[a.status] - order[b.status] || b.day.localeCompare(a.day));
}

/** Acknowledges or resolves an item with a note; a resolved item stays resolved. */
export async function workReconciliationItem(
  ctx: AppContext,
  actor: Actor,
  kind: ItemKind,
  id: bigint,
  status: 'acknowledged' | 'resolved',
  note: string,
): Promise<ReconciliationItem> {
  const table = kind === 'mismatch' ? 'reconciliation_mismatches' : 'disputed_transfers';
  return inTransaction(ctx, async (tx) => {
    const before = await tx.db
      .selectFrom(table)
      .select(['status', 'note'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError(404, `no such ${kind}`);
    if (before.status === 'resolved') throw new AppError(409, `this ${kind} is already resolved`);
    await tx.db.updateTable(table).set({ status, note, handled_at: tx.clock.now() }).where('id', '=', id).execute();
    await recordAudit(tx, actor, {
      action: `reconciliation.${status === 'resolved' ? 'resolve' : 'acknowledge'}`,
      subject: `${kind}:${id}`,
      before,
      after: { status, note },
    });
    const [item] = await reconciliationQueue(tx, { kind, id });
    return must(item, 'the item was locked and updated in this transaction');
  });
}
