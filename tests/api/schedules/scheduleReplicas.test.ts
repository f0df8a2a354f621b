import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashbackKobo, serviceOfCategory } from '../../../core/services';
import type { Biller } from '../../../server/gateways/biller';
import { leaseMs, runDueSchedules } from '../../../server/jobs/schedules';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { makeRun, openDueRun } from '../../../server/services/schedules/running';
import { purchaseForRun } from '../../../server/services/schedules/runPurchase';
import { serviceOf } from '../../../server/services/schedules/products';
import type { TestApp } from '../../support/api/app';
import { startReplicas } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { newBuyer, providerId, type Buyer } from '../../support/api/purchases';
import { createdSchedule, lagosIn, moveClockTo, scheduleDeps } from '../../support/api/schedules';

/**
 * Runs exactly once on any number of replicas: two app instances on one database and one clock
 * (support/app.ts startReplicas), as two replicas behind a load balancer, each running the
 * schedules job. 500 schedules due at the same minute are each run once; a run whose replica
 * stopped before or after its purchase began is taken over once its lease ends and made once;
 * a replica shutting down begins no run and gives up what it claimed; a clock set back makes
 * nothing run again. The ledger audit is clean after each.
 */
const SCHEDULES = 500;
const BUYERS = 50;
const AMOUNT = 100;

describe.each(backends)('schedules on two replicas, $name', (backend) => {
  let pair: Awaited<ReturnType<typeof startReplicas>>;
  let one: TestApp;
  let two: TestApp;
  let mtn: number;
  // Two replicas on one database, started by hand (useTestApp starts one app); the tests audit the ledger themselves.
  beforeAll(async () => {
    pair = await startReplicas(backend);
    [one, two] = pair.replicas;
    mtn = await providerId(one, 'airtime', 'MTN');
  }, 600_000);
  afterAll(() => pair.close());

  const job = (t: TestApp, batch?: number) =>
    runDueSchedules(t.ctx, scheduleDeps(t), { batch }, { error: (obj) => console.error(obj) });
  const auditClean = async () => expect(await auditLedger(one.db)).toEqual([]);

  it(`${SCHEDULES} schedules due at the same minute run exactly once each`, async () => {
    const at = lagosIn(one, 30);
    const buyers: Buyer[] = [];
    for (let n = 0; n < BUYERS; n++) buyers.push(await newBuyer(n % 2 ? two : one, 5_000));
    const perBuyer = SCHEDULES / BUYERS;
    for (const [n, buyer] of buyers.entries()) {
      const replica = n % 2 ? one : two;
      for (let k = 0; k < perBuyer; k++) {
        await createdSchedule(replica, buyer.token, {
          category: 'airtime',
          provider_id: mtn,
          beneficiary: '08031234567',
          amount: AMOUNT,
          frequency: 'daily',
          time: at.time,
          name: `Top-up ${k}`,
        });
      }
    }
    moveClockTo(one, at.at);
    const started = performance.now();
    // Both replicas' jobs at once, twice over, in small batches so that their claims interleave.
    const runs = await Promise.all([job(one, 20), job(two, 20), job(one, 20), job(two, 20)]);
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `schedules: ${SCHEDULES} runs due at one minute on two replicas (${backend.name}): ${seconds.toFixed(1)} s, made ${runs.map((run) => run.completed).join(' + ')}`,
    );
    expect(runs.reduce((sum, run) => sum + run.completed, 0)).toBe(SCHEDULES);
    expect(runs.reduce((sum, run) => sum + run.errors + run.failed, 0)).toBe(0);
    expect((await Promise.all([job(one), job(two)])).reduce((sum, run) => sum + run.completed, 0)).toBe(0);

    const { rows } = await sql<{ runs: number; purchases: number; keys: number; schedules: number }>`
      SELECT (SELECT count(*)::int FROM schedule_runs WHERE due_at = ${at.at}::timestamptz AND outcome = 'completed') AS runs,
             (SELECT count(DISTINCT schedule_id)::int FROM schedule_runs WHERE due_at = ${at.at}::timestamptz) AS schedules,
             (SELECT count(*)::int FROM idempotency_keys WHERE key LIKE 'schedule run %') AS keys,
             (SELECT count(*)::int FROM transactions t JOIN schedule_runs r ON r.transaction_id = t.id WHERE r.due_at = ${at.at}::timestamptz) AS purchases`.execute(
      one.db,
    );
    expect(rows[0]).toEqual({ runs: SCHEDULES, schedules: SCHEDULES, keys: SCHEDULES, purchases: SCHEDULES });
    const net = BigInt(AMOUNT * 100) - cashbackKobo(serviceOfCategory('airtime')!, BigInt(AMOUNT * 100));
    for (const buyer of buyers) {
      const wallet = await one.db
        .selectFrom('wallets')
        .select('balance_kobo')
        .where('user_id', '=', buyer.userId)
        .executeTakeFirstOrThrow();
      expect(wallet.balance_kobo).toBe(500_000n - BigInt(perBuyer) * net);
    }
    // The clock set back an hour: nothing is due again.
    one.clock.advance(-3_600_000);
    expect(
      (await Promise.all([job(one), job(two)])).reduce((sum, run) => sum + run.completed + run.failed + run.missed, 0),
    ).toBe(0);
    one.clock.advance(3_600_000);
    await one.db.updateTable('schedules').set({ status: 'deleted', next_run_at: null }).execute();
    await auditClean();
  }, 900_000);

  it('a schedule whose wallet is short fails once, with its notification and e-mail, and no ledger movement', async () => {
    const short = await newBuyer(two, 50);
    const at = lagosIn(one, 10);
    const schedule = await createdSchedule(two, short.token, {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: AMOUNT,
      frequency: 'once',
      date: at.day,
      time: at.time,
      name: 'Short top-up',
    });
    const movements = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_movements`.execute(one.db)).rows[0].n;
    const before = await movements();
    moveClockTo(one, at.at);
    const runs = await Promise.all([job(one), job(two)]);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.completed, 0)).toBe(0);
    expect(await movements()).toBe(before);
    const wallet = await one.db
      .selectFrom('wallets')
      .select('balance_kobo')
      .where('user_id', '=', short.userId)
      .executeTakeFirstOrThrow();
    expect(wallet.balance_kobo).toBe(5_000n);
    const runRows = await one.db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', BigInt(schedule.id))
      .execute();
    expect(runRows).toMatchObject([{ outcome: 'failed', reason: 'insufficient-balance', transaction_id: null }]);
    const notices = await one.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', short.userId)
      .where('title', '=', 'Could not run: Short top-up')
      .execute();
    expect(notices).toHaveLength(1);
    expect(pair.outbox.list(short.email).filter((mail) => mail.subject === 'Could not run: Short top-up')).toHaveLength(
      1,
    );
    await auditClean();
  });

  it('a run whose replica stopped before its purchase began is taken over after its lease, and made once', async () => {
    const buyer = await newBuyer(one, 2_000);
    const at = lagosIn(one, 10);
    const schedule = await createdSchedule(one, buyer.token, {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: AMOUNT,
      frequency: 'once',
      date: at.day,
      time: at.time,
    });
    moveClockTo(one, at.at);
    // Replica one claims the run and opens it, then stops (its process is gone): no purchase yet.
    const [claimed] = await sql<{
      id: bigint;
    }>`UPDATE schedules SET lease_until = ${new Date(at.at.getTime() + leaseMs(scheduleDeps(one)))}::timestamptz WHERE id = ${schedule.id} RETURNING id`
      .execute(one.db)
      .then((r) => r.rows);
    expect(claimed).toBeDefined();
    const row = await one.db
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', BigInt(schedule.id))
      .executeTakeFirstOrThrow();
    await openDueRun(one.ctx, row);
    // Within the lease, the other replica leaves it alone.
    expect((await job(two)).completed).toBe(0);
    one.clock.advance(leaseMs(scheduleDeps(one)));
    expect((await job(two)).completed).toBe(1);
    expect((await job(one)).completed).toBe(0);
    const purchases = await one.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .where('category', '=', 'airtime')
      .execute();
    expect(purchases).toHaveLength(1);
    await auditClean();
  });

  it('a replica shutting down finishes the run under way and begins no other: the runs it claimed are made at once by the other replica, each once', async () => {
    const buyer = await newBuyer(one, 2_000);
    const at = lagosIn(one, 10);
    const ids: number[] = [];
    for (let k = 0; k < 3; k++) {
      const schedule = await createdSchedule(one, buyer.token, {
        category: 'airtime',
        provider_id: mtn,
        beneficiary: '08031234567',
        amount: AMOUNT,
        frequency: 'once',
        date: at.day,
        time: at.time,
        name: `Before shutdown ${k}`,
      });
      ids.push(schedule.id);
    }
    moveClockTo(one, at.at);
    // The shutdown begins while replica one's first run waits on the biller.
    const shutdown = new AbortController();
    const simulated = scheduleDeps(one).biller;
    const biller: Biller = {
      name: simulated.name,
      pay: (bill) => {
        shutdown.abort();
        return simulated.pay(bill);
      },
      requery: (bill) => simulated.requery(bill),
      verify: (customer) => simulated.verify(customer),
    };
    const stopped = await runDueSchedules(
      one.ctx,
      { ...scheduleDeps(one), biller },
      { concurrency: 1, stopping: shutdown.signal },
      { error: (obj) => console.error(obj) },
    );
    expect(stopped).toMatchObject({ completed: 1, released: 2, errors: 0, reminded: 0 });
    // Given up, not left to their lease: the other replica makes them now, the clock unmoved.
    const leased = await one.db
      .selectFrom('schedules')
      .select('id')
      .where('id', 'in', ids.map(BigInt))
      .where('lease_until', 'is not', null)
      .execute();
    expect(leased).toEqual([]);
    expect((await job(two)).completed).toBe(2);
    expect((await Promise.all([job(one), job(two)])).reduce((sum, run) => sum + run.completed + run.failed, 0)).toBe(0);
    const runs = await one.db
      .selectFrom('schedule_runs')
      .select(['schedule_id', 'outcome'])
      .where('schedule_id', 'in', ids.map(BigInt))
      .execute();
    expect(runs.map((run) => run.outcome)).toEqual(['completed', 'completed', 'completed']);
    const purchases = await one.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .where('category', '=', 'airtime')
      .execute();
    expect(purchases).toHaveLength(3);
    await auditClean();
  });

  it('a run whose replica stopped after its purchase began is finished from the purchase, never bought twice, however late', async () => {
    const buyer = await newBuyer(one, 2_000);
    const at = lagosIn(one, 10);
    const schedule = await createdSchedule(one, buyer.token, {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: AMOUNT,
      frequency: 'once',
      date: at.day,
      time: at.time,
    });
    moveClockTo(one, at.at);
    const row = await one.db
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', BigInt(schedule.id))
      .executeTakeFirstOrThrow();
    await sql`UPDATE schedules SET lease_until = ${new Date(at.at.getTime() + leaseMs(scheduleDeps(one)))}::timestamptz WHERE id = ${schedule.id}`.execute(
      one.db,
    );
    const run = await openDueRun(one.ctx, row);
    // The purchase is made, then the replica dies before recording it.
    const made = await purchaseForRun(
      one.ctx,
      scheduleDeps(one),
      { runId: run.id, userId: buyer.userId, maxKobo: row.authorised_kobo },
      {
        service: serviceOf('airtime'),
        providerId: mtn,
        packageId: null,
        beneficiary: '08031234567',
        amountKobo: row.amount_kobo,
      },
    );
    expect(made).toMatchObject({ kind: 'placed', transaction: { status: 'completed' } });
    // Long past the grace period: a run whose purchase began is finished, not reported missed.
    one.clock.advance(one.config.schedules.graceMs + leaseMs(scheduleDeps(one)));
    const [first, second] = await Promise.all([job(one), job(two)]);
    expect(first.completed + second.completed).toBe(1);
    expect(first.missed + second.missed).toBe(0);
    const purchases = await one.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .where('category', '=', 'airtime')
      .execute();
    expect(purchases).toHaveLength(1);
    const runs = await one.db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', BigInt(schedule.id))
      .execute();
    expect(runs).toMatchObject([{ outcome: 'completed', transaction_id: purchases[0].id }]);
    // And a replica still holding the old run finds it finished: it records nothing twice.
    expect(await makeRun(one.ctx, scheduleDeps(one), row, { ...run })).toBeNull();
    await auditClean();
  });
});
