import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../core/contract';
import type { DatabaseHandle } from '../../../server/db/database';
import type { Bill, BillOutcome } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { runRequery } from '../../../server/jobs/requery';
import { REQUERY_SPACING_MS } from '../../../server/services/purchases/requery';
import { finalise } from '../../../server/services/purchases/settling';
import { CHECKED_RECENTLY } from '../../../server/routes/wallet';
import { startTestApp, testConfig, type TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { auditLedgerAfterEach } from '../../support/api/ledger';
import { buy, newBuyer, pastRequeryDelay, PIN, providerId, type Buyer } from '../../support/api/purchases';

/** The simulated biller, counting the requeries it is asked. */
class CountingBiller extends SimulatedBiller {
  requeries = 0;
  async requery(bill: Bill): Promise<BillOutcome> {
    this.requeries += 1;
    return super.requery(bill);
  }
}

/** 20 a minute per account, as configured by default (server/config.ts). */
const REFRESH_LIMIT = { max: 20, windowMs: 60_000 };

describe.each(backends)('refresh-transaction limits on $name', (backend) => {
  // Two apps started by hand on one database, as two replicas with their own memory and clocks
  // (startReplicas would give them one clock); the ledger audited after each test as useTestApp does.
  let database: DatabaseHandle;
  let t: TestApp;
  /** A second replica on the same database, with its own process memory and clock. */
  let replica: TestApp;
  const biller = new CountingBiller();
  let buyer: Buyer;
  let mtn: number;
  beforeAll(async () => {
    database = await backend.open({ max: 10 });
    const shared = { ...database, close: async () => {} };
    const config = { rateLimits: { ...testConfig().rateLimits, refreshTransaction: REFRESH_LIMIT } };
    t = await startTestApp(backend, { database: shared, biller, config });
    replica = await startTestApp(backend, { database: shared, biller, config });
    buyer = await newBuyer(t, 10_000);
    mtn = await providerId(t, 'airtime', 'MTN');
  });
  afterAll(async () => {
    await t.close();
    await replica.close();
    await database.close();
  });
  auditLedgerAfterEach(() => t);

  const refresh = (app: TestApp, id: number, token = buyer.token) =>
    app.call<Transaction>('/api/refresh-transaction', { token, body: { transaction_id: id } });
  /** A bill the biller keeps answering pending (…0005), past its pay call, so a refresh may requery it. */
  const stillPending = async () => {
    const reply = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08030000005',
      amount: 100,
      pin: PIN,
    });
    expect(reply.body.data!.status).toBe('processing');
    pastRequeryDelay(t);
    pastRequeryDelay(replica);
    return reply.body.data!.id;
  };
  const advance = (ms: number) => {
    t.clock.advance(ms);
    replica.clock.advance(ms);
  };

  it('a bill is requeried at most once every few seconds: a second refresh answers its status without asking the biller', async () => {
    const id = await stillPending();
    const before = biller.requeries;
    expect(await refresh(t, id)).toMatchObject({
      status: 200,
      body: { type: 'success', message: 'transaction status refreshed', data: { id, status: 'processing' } },
    });
    expect(biller.requeries - before).toBe(1);

    for (let i = 0; i < 5; i++) {
      expect(await refresh(t, id)).toMatchObject({
        status: 200,
        body: { type: 'success', message: CHECKED_RECENTLY, data: { id, status: 'processing' } },
      });
    }
    expect(biller.requeries - before, 'the biller was not asked again').toBe(1);

    advance(REQUERY_SPACING_MS);
    expect(await refresh(t, id)).toMatchObject({ status: 200, body: { message: 'transaction status refreshed' } });
    expect(biller.requeries - before).toBe(2);
    await finalise(t.ctx, BigInt(id), { status: 'failed', reason: 'test cleanup' });
  });

  it('the spacing is kept in the database: another replica right after answers "checked moments ago" too', async () => {
    const id = await stillPending();
    const before = biller.requeries;
    expect((await refresh(t, id)).body.message).toBe('transaction status refreshed');
    expect((await refresh(replica, id)).body.message).toBe(CHECKED_RECENTLY);
    expect(biller.requeries - before).toBe(1);
    advance(REQUERY_SPACING_MS + 1);
    expect((await refresh(replica, id)).body.message).toBe('transaction status refreshed');
    expect(biller.requeries - before).toBe(2);
    await finalise(t.ctx, BigInt(id), { status: 'failed', reason: 'test cleanup' });
  });

  it('10 concurrent refreshes of one bill, on two replicas, ask the biller once', async () => {
    const id = await stillPending();
    const before = biller.requeries;
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => refresh(i % 2 ? replica : t, id)));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(replies.filter((reply) => reply.body.message === 'transaction status refreshed')).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.message === CHECKED_RECENTLY)).toHaveLength(9);
    expect(biller.requeries - before).toBe(1);
    await finalise(t.ctx, BigInt(id), { status: 'failed', reason: 'test cleanup' });
  });

  it('the requery job and refresh share the spacing: a job run right after a refresh leaves the bill for its next run', async () => {
    // The request limit is shared by both replicas (counted in the database): the earlier tests
    // spent this minute's budget.
    advance(REFRESH_LIMIT.windowMs);
    const id = await stillPending();
    expect((await refresh(t, id)).body.message).toBe('transaction status refreshed');
    const deps = { biller, billerTimeoutMs: t.config.billerTimeoutMs };
    const before = biller.requeries;
    expect(await runRequery(t.ctx, deps)).toEqual({
      completed: 0,
      canceled: 0,
      pending: 0,
      'refunded-at-deadline': 0,
      'written-off': 0,
      'exposure-closed': 0,
      'already-final': 0,
    });
    expect(biller.requeries).toBe(before);
    advance(REQUERY_SPACING_MS);
    expect(await runRequery(t.ctx, deps)).toMatchObject({ pending: 1 });
    expect(biller.requeries - before).toBe(1);
    // The job's requery counts for the spacing too.
    expect((await refresh(t, id)).body.message).toBe(CHECKED_RECENTLY);
    expect(biller.requeries - before).toBe(1);
    await finalise(t.ctx, BigInt(id), { status: 'failed', reason: 'test cleanup' });
  });

  it('a settled bill is still answered as final, and the spacing never delays a bill that settles', async () => {
    const reply = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08030000002',
      amount: 100,
      pin: PIN,
    });
    const id = reply.body.data!.id;
    pastRequeryDelay(t);
    expect(await refresh(t, id)).toMatchObject({
      body: { message: 'transaction status refreshed', data: { status: 'completed' } },
    });
    expect(await refresh(t, id)).toMatchObject({
      body: { message: 'transaction already completed', data: { status: 'completed' } },
    });
  });

  it(`at most ${REFRESH_LIMIT.max} refreshes a minute per account (429), other accounts unaffected`, async () => {
    const [greedy, patient] = [await newBuyer(t, 1_000), await newBuyer(t, 1_000)];
    const bought = await buy(t, greedy.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      pin: PIN,
    });
    const mine = bought.body.data!.id;
    const before = biller.requeries;
    const replies = await Promise.all(
      Array.from({ length: REFRESH_LIMIT.max + 5 }, () => refresh(t, mine, greedy.token)),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(REFRESH_LIMIT.max);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(refused).toHaveLength(5);
    for (const reply of refused)
      expect(reply.body).toMatchObject({
        type: 'error',
        message: expect.stringMatching(/^too many attempts, please try again in \d+ (second|minute)s?$/),
      });
    expect(biller.requeries, 'a completed bill is never requeried').toBe(before);

    const theirs = (
      await buy(t, patient.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN })
    ).body.data!.id;
    expect((await refresh(t, theirs, patient.token)).status).toBe(200);
  });
});
