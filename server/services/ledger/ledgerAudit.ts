import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { HOLD_KINDS, WRITE_OFF_KIND } from './ledger';

/**
 * Checks the ledger's invariants (docs/architecture.md, "Money and state on the server") over the
 * whole ledger and answers what is wrong (nothing, normally): every movement sums to zero, so does
 * everything; each user wallet's cached balance equals the sum of its entries, and no system
 * account caches one (its balance is its entries: services/ledger.ts); no user's wallet is below
 * zero; every purchase was held once and, by its status, its hold posted once (completed), voided
 * once (canceled), or neither yet (processing), and written off once exactly when the biller
 * delivered a bill that had been refunded at its deadline. The database refuses a second of each
 * (ledger.ts); this is the second check, and the one that sees what a guard cannot (an amount
 * held or written off that is not the bill's).
 */
export async function auditLedger(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await sql<{ movement_id: bigint; total: string }>`
    SELECT movement_id, sum(amount_kobo)::text AS total FROM ledger_entries
    GROUP BY movement_id HAVING sum(amount_kobo) <> 0`.execute(db);
  for (const row of unbalanced.rows) problems.push(`movement ${row.movement_id} sums to ${row.total}`);
  const lonely = await sql<{ id: bigint }>`
    SELECT m.id FROM ledger_movements m LEFT JOIN ledger_entries e ON e.movement_id = m.id
    GROUP BY m.id HAVING count(e.id) < 2`.execute(db);
  for (const row of lonely.rows) problems.push(`movement ${row.id} has fewer than two entries`);
  const total = await sql<{
    total: string;
  }>`SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_entries`.execute(db);
  if (total.rows[0].total !== '0') problems.push(`all entries sum to ${total.rows[0].total}`);
  const drifted = await sql<{ id: bigint; balance: string; entries: string }>`
    SELECT w.id, w.balance_kobo::text AS balance, coalesce(e.total, 0)::text AS entries
    FROM wallets w
    LEFT JOIN (SELECT wallet_id, sum(amount_kobo) AS total FROM ledger_entries GROUP BY wallet_id) e
      ON e.wallet_id = w.id
    WHERE w.user_id IS NOT NULL AND w.balance_kobo <> coalesce(e.total, 0)`.execute(db);
  for (const row of drifted.rows)
    problems.push(`wallet ${row.id} caches ${row.balance} but its entries sum to ${row.entries}`);
  const cachingSystem = await sql<{ id: bigint; code: string; balance: string }>`
    SELECT id, code, balance_kobo::text AS balance FROM wallets WHERE user_id IS NULL AND balance_kobo <> 0`.execute(
    db,
  );
  for (const row of cachingSystem.rows)
    problems.push(
      `system account ${row.id} (${row.code}) caches ${row.balance}, but a system account's balance is its entries`,
    );
  const overdrawn = await sql<{
    id: bigint;
  }>`SELECT id FROM wallets WHERE user_id IS NOT NULL AND balance_kobo < 0`.execute(db);
  for (const row of overdrawn.rows) problems.push(`user wallet ${row.id} is below zero`);
  problems.push(...(await purchaseProblems(db)));
  return problems;
}

/** The movements each purchase status allows: [reserve, settle, refund]. */
const PURCHASE_MOVEMENTS: Record<string, [number, number, number]> = {
  processing: [1, 0, 0],
  completed: [1, 1, 0],
  canceled: [1, 0, 1],
};

interface PurchaseMovements {
  id: bigint;
  status: string;
  exposure: string | null;
  amount: string;
  reserve: number;
  settle: number;
  refund: number;
  write_off: number;
  reserved: string;
  written_off: string;
}

async function purchaseProblems(db: Executor): Promise<string[]> {
  const { rows } = await sql<PurchaseMovements>`
    SELECT t.id, t.status, p.exposure, t.amount_kobo::text AS amount,
      count(*) FILTER (WHERE m.kind = ${HOLD_KINDS.hold})::int AS reserve,
      count(*) FILTER (WHERE m.kind = ${HOLD_KINDS.post})::int AS settle,
      count(*) FILTER (WHERE m.kind = ${HOLD_KINDS.void})::int AS refund,
      count(*) FILTER (WHERE m.kind = ${WRITE_OFF_KIND})::int AS write_off,
      coalesce((SELECT sum(e.amount_kobo) FROM ledger_movements rm JOIN ledger_entries e ON e.movement_id = rm.id
                WHERE rm.transaction_id = t.id AND rm.kind = ${HOLD_KINDS.hold} AND e.amount_kobo > 0), 0)::text
        AS reserved,
      coalesce((SELECT sum(e.amount_kobo) FROM ledger_movements wm JOIN ledger_entries e ON e.movement_id = wm.id
                WHERE wm.transaction_id = t.id AND wm.kind = ${WRITE_OFF_KIND} AND e.amount_kobo > 0), 0)::text
        AS written_off
    FROM purchases p JOIN transactions t ON t.id = p.transaction_id
    LEFT JOIN ledger_movements m ON m.transaction_id = t.id
    GROUP BY t.id, t.status, p.exposure, t.amount_kobo`.execute(db);
  return rows.flatMap(purchaseProblem);
}

/** What is wrong with one purchase's movements, if anything. */
function purchaseProblem(row: PurchaseMovements): string[] {
  const allowed = PURCHASE_MOVEMENTS[row.status];
  const found: [number, number, number] = [row.reserve, row.settle, row.refund];
  if (!allowed || found.some((count, i) => count !== allowed[i]))
    return [
      `purchase ${row.id} (${row.status}) has ${row.reserve} reserve, ${row.settle} settle and ` +
        `${row.refund} refund movements`,
    ];
  if (row.reserved !== row.amount)
    return [`purchase ${row.id} reserved ${row.reserved} kobo for a bill of ${row.amount}`];
  // Only a bill refunded at its deadline that the biller then delivered is written off, once.
  const writeOffs = row.exposure === 'delivered' ? 1 : 0;
  if (row.write_off !== writeOffs)
    return [`purchase ${row.id} (exposure ${row.exposure ?? 'none'}) has ${row.write_off} write-off movements`];
  if (writeOffs === 1 && row.written_off !== row.amount)
    return [`purchase ${row.id} wrote off ${row.written_off} kobo for a bill of ${row.amount}`];
  return [];
}

/** How many problems a run keeps in words; the count is exact. */
const PROBLEMS_KEPT = 20;

/** Records a run's outcome (the job, `npm run audit`, the operator console), which the console shows. */
export async function recordAuditRun(db: Executor, at: Date, problems: string[]): Promise<void> {
  await db
    .insertInto('audit_runs')
    .values({ ran_at: at, problem_count: problems.length, problems: JSON.stringify(problems.slice(0, PROBLEMS_KEPT)) })
    .execute();
}
