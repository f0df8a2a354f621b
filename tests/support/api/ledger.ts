import { sql } from 'kysely';
import { afterEach, expect } from 'vitest';
import type { Executor } from '../../../server/db/schema';
import { inTransaction, type AppContext } from '../../../server/services/context';
import { systemAccountCode, type SystemAccount } from '../../../server/services/ledger/ledger';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import type { TestApp } from './app';

/**
 * Each movement and the whole ledger sum to zero, every cached balance equals the sum of its
 * entries, no user's wallet is below zero (the ledger's invariants: docs/architecture.md, "Money
 * and state on the server").
 */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  expect(await auditLedger(t.db)).toEqual([]);
}

/** After every test of the block, the ledger of the app `app()` answers (none: nothing to audit) is balanced. */
export function auditLedgerAfterEach(app: () => TestApp | undefined) {
  afterEach(async () => {
    const t = app();
    if (t) await expectLedgerBalanced(t);
  });
}

/** Raised inside an attempt the database accepted, so that the attempt never commits. */
class Accepted extends Error {}

/** Runs `write` in a transaction that never commits: what refused it (the error thrown), or 'accepted'. */
export async function withoutCommitting(
  ctx: AppContext,
  write: (tx: AppContext) => Promise<unknown>,
): Promise<unknown> {
  const error = await inTransaction(ctx, async (tx) => {
    await write(tx);
    throw new Accepted();
  }).catch((caught: unknown) => caught);
  return error instanceof Accepted ? 'accepted' : error;
}

/** A system account's balance: the sum of its entries, since it caches none (services/ledger.ts); 0 before it exists. */
export async function systemBalance(db: Executor, account: SystemAccount): Promise<bigint> {
  const { rows } = await sql<{ total: string }>`
    SELECT coalesce(sum(e.amount_kobo), 0)::text AS total FROM ledger_entries e JOIN wallets w ON w.id = e.wallet_id WHERE w.code = ${systemAccountCode(account)}`.execute(
    db,
  );
  return BigInt(rows[0].total);
}
