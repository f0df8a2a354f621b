import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantDetails, Notification, Schedule } from '../../../core/contract';
import { addDays, DAY_MS, lagosDay } from '../../../core/days';
import { addMonths, atLagos, renewalRunAt } from '../../../core/scheduleCalendar';
import { VtpassBiller } from '../../../server/gateways/vtpassBiller';
import { runDueSchedules } from '../../../server/jobs/schedules';
import type { ScheduleDeps } from '../../../server/services/schedules/running';
import { startFakeVtpass, type FakeVtpass } from '../../../testkit/fakes/vtpassServer';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { createdSchedule, moveClockTo, runSchedules, schedulesOf } from '../../support/api/schedules';

/**
 * Cable TV renews itself from its due date: the smartcard's due date and renewal amount from
 * merchant verification set the schedule (renew a chosen number of days before the due date, in
 * Lagos time) and each run renews for the amount verified then. With the simulated biller, and
 * with VTpass (the fake, which answers its DSTV page's Due_Date and Renewal_Amount and takes a
 * "renew" payment).
 */

/** A smartcard whose subscription the simulated biller says is due on `day`'s day of the month (the digits before its last four). */
const smartcardDueOn = (day: string) => `7012${day.slice(8)}5678`;

/** 10:00 in Lagos today, so that "in 3 days" is three Lagos days whatever the hour the tests run at. */
const morning = () => atLagos(lagosDay(new Date()), 10 * 60);

describe.each(backends)('cable renewal on $name', (backend) => {
  let buyer: Buyer;
  let dstv: number;
  const t = useTestApp(backend, { clock: new ManualClock(morning()) });
  beforeAll(async () => {
    buyer = await newBuyer(t, 50_000);
    dstv = await providerId(t, 'tv-subscription', 'DStv');
  });

  it('a smartcard due in 3 days with "renew 2 days before" runs on the right Lagos day, for the verified renewal amount', async () => {
    const today = lagosDay(t.clock.now());
    const due = addDays(today, 3);
    const smartcard = smartcardDueOn(due);
    const verified = await t.call<MerchantDetails>('/api/verify-merchant', {
      token: buyer.token,
      body: { provider_id: dstv, beneficiary: smartcard },
    });
    expect(verified.body.data).toMatchObject({
      due_date: due,
      renewal_amount: expect.any(Number),
      current_plan: expect.stringMatching(/^DStv /),
    });
    const renewal = verified.body.data!.renewal_amount!;

    const schedule = await createdSchedule(t, buyer.token, {
      category: 'tv-subscription',
      provider_id: dstv,
      beneficiary: smartcard,
      frequency: 'renewal',
      days_before: 2,
      time: '08:00',
      name: 'DStv renewal',
    });
    const runAt = atLagos(addDays(today, 1), 8 * 60);
    expect(schedule).toMatchObject({
      frequency: 'renewal',
      due_date: due,
      days_before: 2,
      amount: renewal,
      authorised: renewal,
      package_id: null,
      next_run_at: runAt.toISOString(),
    });

    moveClockTo(t, new Date(runAt.getTime() - 60_000));
    expect((await runSchedules(t)).completed).toBe(0);
    moveClockTo(t, runAt);
    expect((await runSchedules(t)).completed).toBe(1);
    const [after] = await schedulesOf(t, buyer.token);
    expect(after.last_run).toMatchObject({ outcome: 'completed', amount: renewal });
    const bill = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', BigInt(after.last_run!.transaction_id!))
      .executeTakeFirstOrThrow();
    expect(bill).toMatchObject({
      category: 'tv-subscription',
      amount_kobo: BigInt(Math.round(renewal * 100)),
      description: `DStv renewal for smartcard ${smartcard}`,
      status: 'completed',
    });
    expect(lagosDay(bill.created_at)).toBe(addDays(due, -2));
    // Renewed: the subscription runs a month past its due date, and the next renewal is two days before that.
    expect(after.due_date).toBe(addMonths(due, 1));
    expect(after.next_run_at).toBe(renewalRunAt(addMonths(due, 1), 2, 8 * 60).toISOString());
  });

  it('a renewal due sooner than its days before runs at once; a provider that tells no due date is refused', async () => {
    const today = lagosDay(t.clock.now());
    const smartcard = smartcardDueOn(addDays(today, 1));
    const schedule = await createdSchedule(t, buyer.token, {
      category: 'tv-subscription',
      provider_id: dstv,
      beneficiary: smartcard,
      frequency: 'renewal',
      days_before: 3,
      time: '08:00',
    });
    expect(schedule.next_run_at).toBe(t.clock.now().toISOString());
    expect((await runSchedules(t)).completed).toBe(1);

    const startimes = await providerId(t, 'tv-subscription', 'StarTimes');
    const refused = await t.call<Schedule>('/api/schedules/create', {
      token: buyer.token,
      body: {
        category: 'tv-subscription',
        provider_id: startimes,
        beneficiary: '02123456789',
        frequency: 'renewal',
        days_before: 2,
        time: '08:00',
        name: 'x',
        end: { kind: 'never' },
        pin: PIN,
      },
    });
    expect([refused.status, refused.body.message]).toEqual([
      422,
      'this provider does not tell us when the subscription is due: choose a monthly schedule instead',
    ]);
  });
});

describe.each(backends)('cable renewal through VTpass (the fake) on $name', (backend) => {
  let fake: FakeVtpass;
  let buyer: Buyer;
  let dstv: number;
  const clock = new ManualClock(morning());
  beforeAll(async () => {
    fake = await startFakeVtpass({ now: () => clock.now() });
  });
  afterAll(() => fake.close());
  const t = useTestApp(backend, () => ({
    clock,
    biller: new VtpassBiller({
      baseUrl: fake.url,
      ...fake.keys,
      timeoutMs: 2_000,
      log: { info() {}, warn() {}, error() {} },
    }),
  }));
  beforeAll(async () => {
    buyer = await newBuyer(t, 50_000);
    dstv = await providerId(t, 'tv-subscription', 'DStv');
  });
  afterEach(async () => {
    await t.db
      .updateTable('schedules')
      .set({ status: 'deleted', paused_reason: null, next_run_at: null })
      .where('status', '<>', 'deleted')
      .execute();
  });

  const deps = (): ScheduleDeps => ({
    biller: new VtpassBiller({
      baseUrl: fake.url,
      ...fake.keys,
      timeoutMs: 2_000,
      log: { info() {}, warn() {}, error() {} },
    }),
    billerTimeoutMs: t.config.billerTimeoutMs,
    graceMs: t.config.schedules.graceMs,
  });
  const run = () => runDueSchedules(t.ctx, deps(), {}, { error: (obj) => console.error(obj) });
  const notifications = async () =>
    (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body.data!;

  it('renews with a "renew" payment for the Renewal_Amount verified at the run', async () => {
    const today = lagosDay(t.clock.now());
    const smartcard = '7012345601';
    fake.setSmartcard(smartcard, { dueDate: addDays(today, 3), renewalAmount: 4_400 });
    const schedule = await createdSchedule(t, buyer.token, {
      category: 'tv-subscription',
      provider_id: dstv,
      beneficiary: smartcard,
      frequency: 'renewal',
      days_before: 2,
      time: '08:00',
    });
    expect(schedule).toMatchObject({ amount: 4_400, due_date: addDays(today, 3) });
    moveClockTo(t, new Date(schedule.next_run_at!));
    expect((await run()).completed).toBe(1);
    const pay = fake.requests.filter((request) => request.path === '/api/pay').at(-1)!;
    expect(pay.body).toEqual({
      request_id: expect.any(String),
      serviceID: 'dstv',
      billersCode: smartcard,
      amount: 4_400,
      phone: buyer.phone,
      subscription_type: 'renew',
    });
  });

  it('a renewal amount that rose is not paid: paused and told, then accepted with the pin and paid', async () => {
    const today = lagosDay(t.clock.now());
    const smartcard = '7012345602';
    fake.setSmartcard(smartcard, { dueDate: addDays(today, 3), renewalAmount: 4_400 });
    const schedule = await createdSchedule(t, buyer.token, {
      category: 'tv-subscription',
      provider_id: dstv,
      beneficiary: smartcard,
      frequency: 'renewal',
      days_before: 2,
      time: '08:00',
      name: 'Family DStv',
    });
    fake.setSmartcard(smartcard, { dueDate: addDays(today, 3), renewalAmount: 5_000 });
    moveClockTo(t, new Date(schedule.next_run_at!));
    const pays = fake.requests.filter((request) => request.path === '/api/pay').length;
    expect((await run()).failed).toBe(1);
    expect(fake.requests.filter((request) => request.path === '/api/pay')).toHaveLength(pays);
    const [paused] = await schedulesOf(t, buyer.token);
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'price-changed' });
    expect((await notifications())[0].title).toBe('Price changed: Family DStv paused');
    const accepted = await t.call<Schedule>('/api/schedules/accept-price', {
      token: buyer.token,
      body: { schedule_id: schedule.id, pin: PIN },
    });
    expect(accepted.body.data).toMatchObject({
      status: 'active',
      amount: 5_000,
      authorised: 5_000,
      last_run: { outcome: 'completed', amount: 5_000 },
    });
  });

  it('a subscription renewed elsewhere meanwhile is not renewed again: the run is skipped and waits for the new due date', async () => {
    const today = lagosDay(t.clock.now());
    const smartcard = '7012345603';
    fake.setSmartcard(smartcard, { dueDate: addDays(today, 3), renewalAmount: 4_400 });
    const schedule = await createdSchedule(t, buyer.token, {
      category: 'tv-subscription',
      provider_id: dstv,
      beneficiary: smartcard,
      frequency: 'renewal',
      days_before: 2,
      time: '08:00',
    });
    const renewedTo = addMonths(addDays(today, 3), 1);
    fake.setSmartcard(smartcard, { dueDate: renewedTo, renewalAmount: 4_400 });
    moveClockTo(t, new Date(schedule.next_run_at!));
    expect((await run()).skipped).toBe(1);
    const [skipped] = await schedulesOf(t, buyer.token);
    expect(skipped).toMatchObject({
      status: 'active',
      due_date: renewedTo,
      last_run: { outcome: 'skipped', reason: 'already-renewed' },
    });
    expect(skipped.next_run_at).toBe(renewalRunAt(renewedTo, 2, 8 * 60).toISOString());
    expect(new Date(skipped.next_run_at!).getTime() - t.clock.now().getTime()).toBeGreaterThan(20 * DAY_MS);
  });
});
