import { sql } from 'kysely';
import type { Exposure, LateBill, LateBills } from '../../../core/console';
import { koboToNaira } from '../../../core/money';
import type { AppContext } from '../../services/context';

/** How many open exposures (oldest first) and settled ones (newest first) the page shows. */
const OPEN_SHOWN = 200;
const SETTLED_SHOWN = 50;

interface LateBillRow {
  transaction_id: bigint;
  user_id: bigint;
  customer_name: string;
  reference: string;
  category: string;
  provider: string;
  amount_kobo: bigint;
  biller: string;
  request_id: string;
  debited_at: Date;
  refunded_at: Date;
  last_requery_at: Date | null;
  exposure: Exposure;
  exposure_resolved_at: Date | null;
}

/**
 * Finance's view of the bills refunded at their 24-hour deadline (services/purchases/deadline.ts):
 * the exposures still open (the business may yet owe the biller their amount), the latest settled
 * (delivered: the loss written off; failed: closed), and the losses so far. It only reads: the
 * requery job moves the money.
 */
export async function lateBills(ctx: AppContext): Promise<LateBills> {
  const columns = sql`p.transaction_id, t.user_id, u.name AS customer_name, t.reference, t.category,
      pr.name AS provider, t.amount_kobo, p.biller, p.request_id, t.created_at AS debited_at, p.refunded_at,
      p.last_requery_at, p.exposure, p.exposure_resolved_at`;
  const from = sql`FROM purchases p JOIN transactions t ON t.id = p.transaction_id
      JOIN users u ON u.id = t.user_id JOIN providers pr ON pr.id = p.provider_id`;
  const open = await sql<LateBillRow>`
    SELECT ${columns} ${from} WHERE p.exposure = 'open'
    ORDER BY p.deadline_at, p.transaction_id LIMIT ${OPEN_SHOWN}`.execute(ctx.db);
  const settled = await sql<LateBillRow>`
    SELECT ${columns} ${from} WHERE p.exposure IN ('delivered', 'failed')
    ORDER BY p.exposure_resolved_at DESC, p.transaction_id DESC LIMIT ${SETTLED_SHOWN}`.execute(ctx.db);
  const { rows } = await sql<{ open_count: number; open_total: string; lost_count: number; lost_total: string }>`
    SELECT count(*) FILTER (WHERE p.exposure = 'open')::int AS open_count,
           coalesce(sum(t.amount_kobo) FILTER (WHERE p.exposure = 'open'), 0)::text AS open_total,
           count(*) FILTER (WHERE p.exposure = 'delivered')::int AS lost_count,
           coalesce(sum(t.amount_kobo) FILTER (WHERE p.exposure = 'delivered'), 0)::text AS lost_total
    FROM purchases p JOIN transactions t ON t.id = p.transaction_id WHERE p.exposure IS NOT NULL`.execute(ctx.db);
  const totals = rows[0];
  return {
    open: open.rows.map(lateBill),
    open_count: totals.open_count,
    open_total: koboToNaira(BigInt(totals.open_total)),
    settled: settled.rows.map(lateBill),
    lost_count: totals.lost_count,
    lost_total: koboToNaira(BigInt(totals.lost_total)),
  };
}

function lateBill(row: LateBillRow): LateBill {
  return {
    transaction_id: Number(row.transaction_id),
    customer_id: Number(row.user_id),
    customer_name: row.customer_name,
    reference: row.reference,
    category: row.category,
    provider: row.provider,
    amount: koboToNaira(row.amount_kobo),
    biller: row.biller,
    request_id: row.request_id,
    debited_at: row.debited_at.toISOString(),
    refunded_at: row.refunded_at.toISOString(),
    last_requery_at: row.last_requery_at?.toISOString() ?? null,
    exposure: row.exposure,
    resolved_at: row.exposure_resolved_at?.toISOString() ?? null,
  };
}
