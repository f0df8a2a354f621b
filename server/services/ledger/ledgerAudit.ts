import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { HOLD_KINDS } from './ledger';

/**
 * Checks the ledger's invariants (docs/architecture.md, "Money and state on the server") over the
 * whole ledger and answers what is wrong (nothing, normally): every movement sums to zero, so does
 * everything; each user wallet's cached balance equals the sum of its entries, and no system
 * account caches one (its balance is its entries: services/ledger.ts); no user's wallet is below
 * zero; every purchase was held once and, by its status, its hold posted once (completed), voided
 * once (canceled), or neither yet (processing). The database refuses a second of each (ledger.ts);
 * this is the second check, and the one that sees what a guard cannot (an amount held that is not
 * the bill's).
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

async function purchaseProblems(db: Executor): Promise<string[]> {
  const { rows } = await sql<{
    id: bigint;
    status: string;
    amount: string;
    reserve: number;
    settle: number;
    refund: number;
    reserved: string;
  }>`
    SELECT t.id, t.status, t.amount_kobo::text AS amount,
      count(*) FILTER (WHERE m.kind = ${HOLD_KINDS.hold})::int AS reserve,
      count(*) FILTER (WHERE m.kind = ${HOLD_KINDS.post})::int AS settle,
      count(*) FILTER (WHERE m.kind = ${HOLD_KINDS.void})::int AS refund,
      coalesce((SELECT sum(e.amount_kobo) FROM ledger_movements rm JOIN ledger_entries e ON e.movement_id = rm.id
                WHERE rm.transaction_id = t.id AND rm.kind = ${HOLD_KINDS.hold} AND e.amount_kobo > 0), 0)::text
        AS reserved
    FROM purchases p JOIN transactions t ON t.id = p.transaction_id
    LEFT JOIN ledger_movements m ON m.transaction_id = t.id
    GROUP BY t.id, t.status, t.amount_kobo`.execute(db);
  const problems: string[] = [];
  for (const row of rows) {
    const allowed = PURCHASE_MOVEMENTS[row.status];
    const found: [number, number, number] = [row.reserve, row.settle, row.refund];
    if (!allowed || found.some((count, i) => count !== allowed[i])) {
      problems.push(
        `purchase ${row.id} (${row.status}) has ${row.reserve} reserve, ${row.settle} settle and ` +
          `${row.refund} refund movements`,
      );
    } else if (row.reserved !== row.amount) {
      problems.push(`purchase ${row.id} reserved ${row.reserved} kobo for a bill of ${row.amount}`);
    }
  }
  return problems;
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
