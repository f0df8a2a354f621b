import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../core/contract';
import type { Biller, BillOutcome } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { runRequery } from '../../../server/jobs/requery';
import { inTransaction } from '../../../server/services/context';
import { credit, post, postHold, walletOf } from '../../../server/services/ledger/ledger';
import { PURCHASE_PROCESSING } from '../../../server/services/purchases/wording';
import type { Reply } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends, postgresUnavailable } from '../../support/api/backends';
import {
  balance,
  buy,
  newBuyer,
  newKey,
  pastRequeryDelay,
  PIN,
  providerId,
  purchaseDeps,
  purchaseRowCounts,
} from '../../support/api/purchases';

/**
 * No overdraft, and one purchase per Idempotency-Key, under real concurrency: on PostgreSQL the
 * requests overlap through a pool; PGlite is one connection and serialises them. Both must be
 * exact.
 */
const POOL = 40;

describe.each(backends)('purchases under concurrency on $name', (backend) => {
  const t = useTestApp(backend, async () => ({
    database: backend.name === 'postgres' ? await backend.open({ max: POOL }) : undefined,
  }));

  // Betting: no cashback (the service table), so the ₦10,000 buys exactly 100 and no credit lands mid-race.
  it(`1,000 concurrent ₦100 betting top-ups against exactly ₦10,000: 100 succeed, no overdraft, no 5xx (pool of ${POOL})`, async () => {
    const buyer = await newBuyer(t, 10_000);
    const bet9ja = await providerId(t, 'betting', 'Bet9ja');
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 1_000 }, () =>
        buy(t, buyer.token, 'betting', { provider_id: bet9ja, beneficiary: '20231234', amount: 100, pin: PIN }),
      ),
    );
    const wallMs = performance.now() - started;
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 400);
    const serverErrors = replies.filter((r) => r.status >= 500);
    expect(serverErrors).toHaveLength(0);
    expect(ok).toHaveLength(100);
    expect(ok.every((r) => r.body.data?.status === 'completed')).toBe(true);
    expect(refused).toHaveLength(900);
    expect(refused.every((r) => /^insufficient wallet balance/.test(r.body.message))).toBe(true);
    expect(await balance(t, buyer.token)).toBe(0);
    const rows = await t.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('user_id', '=', buyer.userId)
      .where('category', '=', 'betting')
      .executeTakeFirstOrThrow();
    expect(rows.n).toBe(100n);
    console.info(
      `purchases (${backend.name}): 1,000 concurrent → ${ok.length} succeeded, ${refused.length} insufficient, ${serverErrors.length} 5xx, final balance ₦${await balance(t, buyer.token)}, wall ${wallMs.toFixed(0)} ms`,
    );
    // Correctness, not speed, is asserted: the wall time is printed, and a shared 2-core machine may take far longer than usual.
  }, 120_000);

  it('100 parallel copies of one Idempotency-Key execute once', async () => {
    const buyer = await newBuyer(t, 1_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const key = newKey();
    const before = await purchaseRowCounts(t);
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN }, key),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    // One ₦100 airtime, one ₦2 cashback.
    expect(await balance(t, buyer.token)).toBe(902);
    const after = await purchaseRowCounts(t);
    // The purchase and its cashback.
    expect(after.transactions - before.transactions).toBe(2n);
    expect(after.idempotency_keys - before.idempotency_keys).toBe(1n);
  });

  it('concurrent purchases of different outcomes and two job runs: every bill ends in exactly one final state', async () => {
    const buyer = await newBuyer(t, 5_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const endings = ['1234', '0001', '0002', '0003', '0004'];
    const replies: Reply<Transaction>[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        buy(t, buyer.token, 'airtime', {
          provider_id: mtn,
          beneficiary: `0803000${endings[i % 5]}`,
          amount: 100,
          pin: PIN,
        }),
      ),
    );
    expect(replies.filter((r) => r.status !== 200 && r.status !== 502).map((r) => [r.status, r.body.message])).toEqual(
      [],
    );
    pastRequeryDelay(t);
    await Promise.all([runRequery(t.ctx, purchaseDeps(t)), runRequery(t.ctx, purchaseDeps(t))]);
    const ids = replies.map((r) => BigInt(r.body.data!.id));
    const final = await t.db.selectFrom('transactions').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(final.filter((row) => row.status === 'completed')).toHaveLength(24);
    expect(final.filter((row) => row.status === 'canceled')).toHaveLength(16);
    const movements = await t.db
      .selectFrom('ledger_movements')
      .select(['transaction_id', 'kind'])
      .where('transaction_id', 'in', ids)
      .execute();
    // Two each (reserve, then settle or refund); the 24 cashbacks are movements of their own transactions.
    expect(movements).toHaveLength(80);
    const cashbacks = await t.db
      .selectFrom('transactions')
      .select('id')
      .where('rewarded_transaction_id', 'in', ids)
      .execute();
    expect(cashbacks).toHaveLength(24);
    expect(await balance(t, buyer.token)).toBe(5_000 - 24 * 100 + 24 * 2);
  });

  // No global hot row, which would serialise every purchase. Each row version of a system account
  // (its xmin) stays as it was.
  it('purchases of every outcome leave every system account row as it was: no row that all purchases write', async () => {
    const buyer = await newBuyer(t, 1_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const versions = () =>
      t.db
        .selectFrom('wallets')
        .select(['id', sql<string>`xmin::text`.as('version')])
        .where('user_id', 'is', null)
        .orderBy('id')
        .execute();
    const before = await versions();
    const replies = await Promise.all(
      ['08031234567', '08030000001', '08030000002'].map((beneficiary) =>
        buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary, amount: 100, pin: PIN }),
      ),
    );
    expect(replies.map((r) => r.body.data?.status)).toEqual(['completed', 'canceled', 'processing']);
    pastRequeryDelay(t);
    await runRequery(t.ctx, purchaseDeps(t));
    expect(await versions()).toEqual(before);
  });
});

// Only PostgreSQL can hold one transaction open while another runs (PGlite is one connection).
describe.skipIf(postgresUnavailable)('no row every purchase shares, on PostgreSQL', () => {
  // Undefined when PostgreSQL is unavailable: the block is skipped then, and the app never starts.
  const postgres = backends.find((backend) => backend.name === 'postgres')!;
  const t = useTestApp(postgres, async () => ({ database: await postgres.open({ max: POOL }) }));

  it("a purchase's movements held open mid-transaction do not hold up another user's purchase", async () => {
    const [held, other] = [await newBuyer(t, 1_000), await newBuyer(t, 1_000)];
    const mtn = await providerId(t, 'airtime', 'MTN');
    let posted!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (posted = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A bill of the first user left processing, then what its settle posts (the hold posted to
    // the biller, the cashback from the rewards account), left uncommitted while the other buys.
    const pending = await buy(t, held.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08030000005',
      amount: 100,
      pin: PIN,
    });
    const bill = BigInt(pending.body.data!.id);
    const open = inTransaction(t.ctx, async (tx) => {
      const walletId = await walletOf(tx, held.userId);
      const cashback = await tx.db
        .insertInto('transactions')
        .values({
          user_id: held.userId,
          category: 'cashback',
          amount_kobo: 200n,
          status: 'completed',
          reference: `${pending.body.data!.reference}-CB`,
          rewarded_transaction_id: bill,
          created_at: t.clock.now(),
          updated_at: t.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await post(
        tx,
        await postHold(tx, { bill, amountKobo: 10_000n, biller: 'simulated' }),
        await credit(tx, { walletId, amountKobo: 200n, transactionId: cashback.id, source: { from: 'cashback' } }),
      );
      posted();
      await gate;
      throw new Error('roll back');
    });
    await holding;
    let reply: Reply<Transaction> | undefined;
    void buy(t, other.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN }).then(
      (answer) => (reply = answer),
    );
    try {
      // Answered while the first user's movements are still held open: nothing it needs is locked.
      await expect.poll(() => reply?.body.data?.status ?? 'blocked', { timeout: 10_000 }).toBe('completed');
    } finally {
      release();
    }
    await expect(open).rejects.toThrow('roll back');
  });
});

/** A biller that never answers: the purchase gives up once the clock passes its timeout and leaves the bill processing. */
class SilentBiller implements Biller {
  readonly name = 'simulated';
  readonly #simulated = new SimulatedBiller();
  #sent: () => void = () => {};
  /** Resolved once a payment has been sent, so the test moves the clock past its timeout then. */
  readonly asked = new Promise<void>((resolve) => (this.#sent = resolve));
  pay(): Promise<BillOutcome> {
    this.#sent();
    return new Promise(() => {});
  }
  requery: Biller['requery'] = (bill) => this.#simulated.requery(bill);
  verify: Biller['verify'] = (customer) => this.#simulated.verify(customer);
}

describe.each(backends)('a biller that never answers, on $name', (backend) => {
  const biller = new SilentBiller();
  const t = useTestApp(backend, { biller, config: { billerTimeoutMs: 100 } });

  it('answers processing after the timeout, keeps the money reserved (no refund), and a requery settles it', async () => {
    const buyer = await newBuyer(t, 1_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const key = newKey();
    const body = { provider_id: mtn, beneficiary: '08030000003', amount: 400, pin: PIN };
    const answers = Promise.all([buy(t, buyer.token, 'airtime', body, key), buy(t, buyer.token, 'airtime', body, key)]);
    await biller.asked;
    t.clock.advance(100);
    const [first, copy] = await answers;
    expect(first).toMatchObject({
      status: 200,
      body: { message: PURCHASE_PROCESSING, data: { status: 'processing' } },
    });
    expect(copy.body).toEqual(first.body);
    expect(await balance(t, buyer.token)).toBe(600);
    pastRequeryDelay(t);
    expect(await runRequery(t.ctx, { ...purchaseDeps(t), billerTimeoutMs: 100 })).toMatchObject({ canceled: 1 });
    expect(await balance(t, buyer.token)).toBe(1_000);
  });
});
