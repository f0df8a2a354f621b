import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../server/services/context';
import {
  credit,
  debit,
  InsufficientFundsError,
  post,
  systemAccountId,
  walletOf,
} from '../../../server/services/ledger/ledger';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { userIdOf } from '../../support/api/bank';
import { systemBalance } from '../../support/api/ledger';

describe.each(backends)('the ledger on $name', (backend) => {
  let wallet: bigint;
  let settlement: bigint;
  const t = useTestApp(backend, async () => ({
    database: backend.name === 'postgres' ? await backend.open({ max: 20 }) : undefined,
  }));
  beforeAll(async () => {
    const account = await signUp(t);
    wallet = await walletOf(t.ctx, await userIdOf(t, account.email));
    settlement = await systemAccountId(t.ctx, { settlement: 'simulated' });
  });

  const balanceOf = async (id: bigint) =>
    (await t.db.selectFrom('wallets').select('balance_kobo').where('id', '=', id).executeTakeFirstOrThrow())
      .balance_kobo;
  /** A payment from the simulated partner, of a reference of its own. */
  const funding = (kobo: bigint) =>
    ({
      walletId: wallet,
      amountKobo: kobo,
      transactionId: null,
      source: { from: 'partner', provider: 'simulated', reference: `LEDGER-${randomUUID()}` },
    }) as const;
  const fund = (kobo: bigint) => inTransaction(t.ctx, async (tx) => post(tx, await credit(tx, funding(kobo))));
  /** An operator's debit, each its own action. */
  const spend = (kobo: bigint) =>
    inTransaction(t.ctx, async (tx) =>
      post(
        tx,
        await debit(tx, { walletId: wallet, amountKobo: kobo, transactionId: null, action: `spend-${randomUUID()}` }),
      ),
    );

  it('creates a system account once, whoever asks first', async () => {
    expect(await systemAccountId(t.ctx, { settlement: 'simulated' })).toBe(settlement);
    const ids = await Promise.all(Array.from({ length: 5 }, () => systemAccountId(t.ctx, { biller: 'probe' })));
    expect(new Set(ids).size).toBe(1);
  });

  it("posts a movement: entries appended, the user wallet's cached balance moved in the same transaction, a system account's left uncached", async () => {
    const [before, settlementBefore] = [
      await balanceOf(wallet),
      await systemBalance(t.db, { settlement: 'simulated' }),
    ];
    await fund(250_000n);
    expect(await balanceOf(wallet)).toBe(before + 250_000n);
    expect(await systemBalance(t.db, { settlement: 'simulated' })).toBe(settlementBefore - 250_000n);
    expect(await balanceOf(settlement)).toBe(0n);
  });

  it("a partner's credit with a fee the customer paid on top: one movement, the fee from settlement to the partner's fee account", async () => {
    const [before, settlementBefore, feesBefore] = [
      await balanceOf(wallet),
      await systemBalance(t.db, { settlement: 'simulated' }),
      await systemBalance(t.db, { fees: 'simulated' }),
    ];
    const withFee = funding(500_000n);
    const posted = await inTransaction(t.ctx, async (tx) =>
      post(tx, await credit(tx, { ...withFee, source: { ...withFee.source, feeKobo: 8_500n } })),
    );
    expect(posted.movementIds).toHaveLength(1);
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select(['wallet_id', 'amount_kobo'])
      .where('movement_id', '=', posted.movementIds[0])
      .orderBy('amount_kobo')
      .execute();
    const fees = await systemAccountId(t.ctx, { fees: 'simulated' });
    expect(entries).toEqual([
      { wallet_id: settlement, amount_kobo: -508_500n },
      { wallet_id: fees, amount_kobo: 8_500n },
      { wallet_id: wallet, amount_kobo: 500_000n },
    ]);
    expect(await balanceOf(wallet)).toBe(before + 500_000n);
    expect(await systemBalance(t.db, { settlement: 'simulated' })).toBe(settlementBefore - 508_500n);
    expect(await systemBalance(t.db, { fees: 'simulated' })).toBe(feesBefore + 8_500n);
    await expect(
      inTransaction(t.ctx, async (tx) =>
        post(tx, await credit(tx, { ...withFee, source: { ...funding(1n).source, feeKobo: -1n } })),
      ),
    ).rejects.toThrow(/fee leg moves a positive amount/);
  });

  it('posts several movements in one statement, answering their ids in order and the balances of the user wallets', async () => {
    const before = await balanceOf(wallet);
    const posted = await inTransaction(t.ctx, async (tx) =>
      post(
        tx,
        await credit(tx, funding(500n)),
        await debit(tx, { walletId: wallet, amountKobo: 200n, transactionId: null, action: `several-${randomUUID()}` }),
      ),
    );
    const kinds = await t.db
      .selectFrom('ledger_movements')
      .select(['id', 'kind'])
      .where('id', 'in', posted.movementIds)
      .execute();
    expect(posted.movementIds.map((id) => kinds.find((row) => row.id === id)?.kind)).toEqual([
      'funding',
      'goodwill-debit',
    ]);
    expect([...posted.balances]).toEqual([[wallet, before + 300n]]);
    expect(await balanceOf(wallet)).toBe(before + 300n);
  });

  it('a system account cannot cache a balance', async () => {
    await expect(
      t.db.updateTable('wallets').set({ balance_kobo: 1n }).where('id', '=', settlement).execute(),
    ).rejects.toThrow(/check/i);
  });

  it('refuses a debit the wallet does not cover, and the whole movement rolls back', async () => {
    const before = await balanceOf(wallet);
    await expect(spend(before + 1n)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(wallet)).toBe(before);
    await spend(before);
    expect(await balanceOf(wallet)).toBe(0n);
  });

  it('moves only a positive amount, between two accounts, inside a transaction', async () => {
    await expect(inTransaction(t.ctx, async (tx) => post(tx, await credit(tx, funding(0n))))).rejects.toThrow(
      /positive amount/,
    );
    await expect(inTransaction(t.ctx, async (tx) => post(tx, await credit(tx, funding(-100n))))).rejects.toThrow(
      /positive amount/,
    );
    await expect(
      inTransaction(t.ctx, async (tx) => post(tx, await credit(tx, { ...funding(100n), walletId: settlement }))),
    ).rejects.toThrow(/between two accounts/);
    await expect(post(t.ctx, await credit(t.ctx, funding(100n)))).rejects.toThrow(/inside a transaction/);
  });

  it('the database itself refuses to commit a movement that does not balance', async () => {
    const write = inTransaction(t.ctx, async (tx) => {
      const movement = await tx.db
        .insertInto('ledger_movements')
        .values({ kind: 'goodwill-credit', source_ref: 'forged', created_at: t.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.db
        .insertInto('ledger_entries')
        .values({ movement_id: movement.id, wallet_id: wallet, amount_kobo: 1_000n, created_at: t.clock.now() })
        .execute();
    });
    await expect(write).rejects.toThrow(/does not balance/);
    expect(await t.db.selectFrom('ledger_movements').select('id').where('source_ref', '=', 'forged').execute()).toEqual(
      [],
    );
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE of entries and movements fail', async () => {
    await fund(1_000n);
    for (const statement of [
      sql`UPDATE ledger_entries SET amount_kobo = amount_kobo * 2`,
      sql`DELETE FROM ledger_entries`,
      sql`TRUNCATE ledger_entries`,
      sql`UPDATE ledger_movements SET kind = 'funding'`,
      sql`DELETE FROM ledger_movements`,
    ]) {
      await expect(statement.execute(t.db)).rejects.toThrow(/append-only/);
    }
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('the audit notices a cached balance that drifted from its entries', async () => {
    const drift = inTransaction(t.ctx, async (tx) => {
      await tx.db
        .updateTable('wallets')
        .set({ balance_kobo: sql<bigint>`balance_kobo + 1` })
        .where('id', '=', wallet)
        .execute();
      expect(await auditLedger(tx.db)).toEqual([
        expect.stringMatching(/^wallet \d+ caches \d+ but its entries sum to \d+$/),
      ]);
      throw new Error('roll back');
    });
    await expect(drift).rejects.toThrow('roll back');
  });

  it("keeps a user's wallet from going below zero even when written directly", async () => {
    await expect(
      t.db.updateTable('wallets').set({ balance_kobo: -1n }).where('id', '=', wallet).execute(),
    ).rejects.toThrow(/check/i);
  });

  // On PostgreSQL the 50 debits overlap for real; PGlite serialises them, and the count must hold either way.
  it('50 concurrent debits of ₦100 against ₦1,000 succeed exactly 10 times (guarded debit)', async () => {
    const start = await balanceOf(wallet);
    if (start > 0n) await spend(start);
    await fund(100_000n);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(10_000n)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(wallet)).toBe(0n);
  });
});
