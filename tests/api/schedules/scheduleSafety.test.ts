import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantDetails, Notification, Schedule, UserData } from '../../../core/contract';
import { addDays, DAY_MS, lagosDay } from '../../../core/days';
import { addMonths, atLagos, renewalRunAt } from '../../../core/scheduleCalendar';
import { FAILURES_BEFORE_PAUSE } from '../../../core/schedules';
import type { Bill, BillOutcome, CustomerLookup } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { runDueSchedules } from '../../../server/jobs/schedules';
import { ACCOUNT_LOCKED } from '../../../server/services/account/credentialAlerts';
import { serviceOf } from '../../../server/services/schedules/products';
import { purchaseForRun } from '../../../server/services/schedules/runPurchase';
import { makeRun, openDueRun, type ScheduleDeps } from '../../../server/services/schedules/running';
import { listSchedules, SCHEDULE_COLUMNS } from '../../../server/services/schedules/scheduleRows';
import { latestMail, latestPinResetCode, resetTokenFrom } from '../../support/api/accounts';
import type { TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { buy, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { createdSchedule, lagosIn, moveClockTo, runSchedules, scheduleDeps } from '../../support/api/schedules';
import { schedulesOf } from '../../support/api/schedules';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * A schedule is a standing authorisation to spend: these are the attacks on it. A renewal that
 * lapsed long ago must be bought once, not on every job run until the biller catches up; two
 * runs racing one due date buy it once; an account being recovered (this wasn't me, a password
 * reset, a pin reset or change) stops every schedule until its owner authorises it again with
 * the pin; a run for a locked account buys nothing; and making or changing a schedule is
 * e-mailed to the owner with a "this wasn't me" link.
 */

const HOUR = 3_600_000;
/** The lapsed renewal's test runs the job some seventy times over five weeks of its clock. */
const WEEKS_OF_JOB_RUNS_MS = 90_000;
const NOT_ME = /\/not-me\?token=([A-Za-z0-9_-]+)/;
const NEW_PASSWORD = 'a fresh passphrase 2026';
const NEW_PIN = '6048';
const WRONG_PIN = '1357';
const SCHEDULE_SET_UP = 'A scheduled purchase was set up on your Naira Wallet account';
const SCHEDULE_CHANGED = 'A scheduled purchase on your Naira Wallet account was changed';
const AUTHORISE_AGAIN =
  'this schedule was paused when your account was recovered: authorise it again with your pin to resume it';

/** 10:00 in Lagos today, so that days ahead are Lagos days whatever the hour the tests run at. */
const morning = () => atLagos(lagosDay(new Date()), 10 * 60);

/** Each test's schedules end with it: the clock the tests share moves days ahead, and must not run another test's. */
const deleteSchedules = (t: TestApp) =>
  t.db
    .updateTable('schedules')
    .set({ status: 'deleted', paused_reason: null, next_run_at: null })
    .where('status', '<>', 'deleted')
    .execute();

/** A schedule's row, as the job claims it. */
const rowOf = (t: TestApp, id: number) =>
  t.db.selectFrom('schedules').select(SCHEDULE_COLUMNS).where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

/**
 * The simulated biller, whose smartcards are due on the day the test says — as a biller tells it
 * that has not recorded a renewal yet — and which keeps every bill it was sent.
 */
class BillerWithDueDates extends SimulatedBiller {
  readonly dueDates = new Map<string, string>();
  readonly bills: Bill[] = [];

  override async verify(customer: CustomerLookup): Promise<MerchantDetails | null> {
    const found = await super.verify(customer);
    const due = this.dueDates.get(customer.beneficiary);
    return found && due ? { ...found, due_date: due } : found;
  }

  override async pay(bill: Bill): Promise<BillOutcome> {
    this.bills.push(bill);
    return super.pay(bill);
  }
}

describe.each(backends)('a lapsed cable renewal on $name', (backend) => {
  let dstv: number;
  const clock = new ManualClock(morning());
  const biller = new BillerWithDueDates({ now: () => clock.now() });
  const t = useTestApp(backend, () => ({ clock, biller }));
  beforeAll(async () => {
    dstv = await providerId(t, 'tv-subscription', 'DStv');
  });
  afterEach(() => deleteSchedules(t));

  const deps = (): ScheduleDeps => ({ ...scheduleDeps(t), biller });
  const run = () => runDueSchedules(t.ctx, deps(), {}, { error: (obj) => console.error(obj) });
  const paysFor = (smartcard: string) => biller.bills.filter((bill) => bill.beneficiary === smartcard).length;
  /** The schedule as the list answers it (the clock moves weeks here, past a session's life). */
  const scheduleOf = async (buyer: Buyer, id: number) => (await listSchedules(t.ctx, buyer.userId, BigInt(id)))[0];
  const renewal = (buyer: Buyer, smartcard: string) =>
    createdSchedule(t, buyer.token, {
      ...{ category: 'tv-subscription', provider_id: dstv, beneficiary: smartcard },
      ...{ frequency: 'renewal', days_before: 2, time: '08:00' },
    });

  /** The job run every `stepMs` until `until`, landing on each due time as it comes (never past the grace period). */
  async function tickUntil(id: number, until: Date, stepMs: number): Promise<void> {
    while (t.clock.now() < until) {
      const next = (await rowOf(t, id)).next_run_at;
      const step = new Date(Math.min(t.clock.now().getTime() + stepMs, until.getTime()));
      moveClockTo(t, next && next > t.clock.now() && next < step ? next : step);
      await run();
    }
  }

  // The attack: a smartcard that lapsed 45 days ago was renewed, then the next renewal was "a month
  // after the old due date" — still in the past — so every job run (each 30 seconds) bought it again
  // until the biller told a new date: the wallet drained one renewal at a time.
  it(
    'a smartcard lapsed 45 days renews once; nothing more is bought until the biller tells a later date',
    async () => {
      const today = lagosDay(t.clock.now());
      const lapsed = addDays(today, -45);
      const smartcard = '7012345611';
      biller.dueDates.set(smartcard, lapsed);
      const buyer = await newBuyer(t, 50_000);
      const schedule = await renewal(buyer, smartcard);
      expect(schedule).toMatchObject({ due_date: lapsed, next_run_at: t.clock.now().toISOString() });

      // Three job runs at once (replicas, or ticks that overlap): one renewal.
      const first = await Promise.all([run(), run(), run()]);
      expect(first.reduce((sum, tally) => sum + tally.completed, 0)).toBe(1);
      expect(paysFor(smartcard)).toBe(1);
      // Renewed today: the subscription runs a month from today, and the next renewal is two days before that.
      const renewedTo = addMonths(today, 1);
      const renewed = await scheduleOf(buyer, schedule.id);
      expect(renewed).toMatchObject({ status: 'active', due_date: renewedTo });
      expect(renewed.last_run).toMatchObject({ outcome: 'completed', amount: schedule.amount });
      expect(renewed.next_run_at).toBe(renewalRunAt(renewedTo, 2, 8 * 60).toISOString());

      // The job runs every few hours for three weeks while the biller still shows the old due date.
      await tickUntil(schedule.id, new Date(t.clock.now().getTime() + 21 * DAY_MS), 12 * HOUR);
      expect(paysFor(smartcard)).toBe(1);

      // The renewal's day comes and the biller still shows the date already paid for: held, checked each day.
      await tickUntil(schedule.id, renewalRunAt(renewedTo, 1, 9 * 60), 6 * HOUR);
      expect(paysFor(smartcard)).toBe(1);
      const held = await scheduleOf(buyer, schedule.id);
      expect(held).toMatchObject({ status: 'active', due_date: renewedTo });
      expect(held.last_run).toMatchObject({ outcome: 'skipped', reason: 'awaiting-renewal', retryable: false });
      expect(held.last_run!.message).toBe(
        'Skipped: the biller does not show the renewal already bought yet, so it was not bought again.',
      );

      // The biller now tells the later due date: that renewal is bought, once.
      biller.dueDates.set(smartcard, renewedTo);
      await tickUntil(schedule.id, renewalRunAt(renewedTo, -5, 9 * 60), 6 * HOUR);
      expect(paysFor(smartcard)).toBe(2);
      const next = await scheduleOf(buyer, schedule.id);
      expect(next).toMatchObject({ status: 'active', due_date: addMonths(renewedTo, 1) });
      expect(next.next_run_at).toBe(renewalRunAt(addMonths(renewedTo, 1), 2, 8 * 60).toISOString());
    },
    WEEKS_OF_JOB_RUNS_MS,
  );

  // The attack on the database's word: two runs of one schedule (a replica's due run, another's
  // run or a retry) that each verified the same due date both bought it.
  it('two runs racing for one due date buy it once: the database keeps one renewal per due date', async () => {
    const smartcard = '7012345612';
    biller.dueDates.set(smartcard, addDays(lagosDay(t.clock.now()), -45));
    const schedule = await renewal(await newBuyer(t, 50_000), smartcard);
    const row = await rowOf(t, schedule.id);
    const one = await openDueRun(t.ctx, row);
    const other = await openDueRun(t.ctx, { ...row, next_run_at: new Date(row.next_run_at!.getTime() + 1) });
    expect(one.id).not.toBe(other.id);
    const finished = await Promise.all([makeRun(t.ctx, deps(), row, one), makeRun(t.ctx, deps(), row, other)]);
    expect(paysFor(smartcard)).toBe(1);
    expect(finished.map((done) => done?.outcome).sort()).toEqual(['completed', 'skipped']);
    expect(finished.find((done) => done?.outcome === 'skipped')?.reason).toBe('awaiting-renewal');
  });
});

describe.each(backends)('schedules and account recovery on $name', (backend) => {
  let mtn: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    mtn = await providerId(t, 'airtime', 'MTN');
  });
  afterEach(() => deleteSchedules(t));

  const daily = (name: string, minutes = 30) => ({
    ...{ category: 'airtime', provider_id: mtn, beneficiary: '08031234567', amount: 100 },
    ...{ frequency: 'daily' as const, time: lagosIn(t, minutes).time, name },
  });
  const airtimeBought = async (who: Buyer) => {
    const bought = t.db.selectFrom('transactions').select('id').where('user_id', '=', who.userId);
    const rows = await bought.where('category', '=', 'airtime').execute();
    return rows.length;
  };
  const login = async (who: Buyer, password: string) => {
    const reply = await t.call<UserData>('/api/login', { body: { device: 'web', email: who.email, password } });
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.data!.token;
  };
  const forgotAndReset = async (who: Buyer) => {
    const forgot = await t.call('/api/forgot', { body: { device: 'web', email: who.email, token: 'dev-ok:forgot' } });
    expect(forgot.status).toBe(200);
    const body = { new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD };
    const reset = await t.call('/api/reset', { token: resetTokenFrom(t, who.email), body });
    expect(reset.status, reset.body.message).toBe(200);
    return login(who, NEW_PASSWORD);
  };
  const control = (token: string, action: string, body: Record<string, unknown>) =>
    t.call<Schedule>(`/api/schedules/${action}`, { token, body });
  const notMe = async (mail: { text: string }) => {
    const reported = await t.call('/api/not-me', { token: NOT_ME.exec(mail.text)![1], body: {} });
    expect(reported.status, reported.body.message).toBe(200);
  };

  /** An owner with two daily schedules: one running, one they paused themselves. */
  async function ownerWithSchedules(): Promise<{ owner: Buyer; running: Schedule; paused: Schedule }> {
    const owner = await newBuyer(t, 5_000);
    const running = await createdSchedule(t, owner.token, daily('Daily airtime'));
    const paused = await createdSchedule(t, owner.token, daily('Weekend airtime', 40));
    expect((await control(owner.token, 'pause', { schedule_id: paused.id })).status).toBe(200);
    return { owner, running, paused };
  }

  /** Each recovery as the owner (or whoever holds the inbox, password or pin) does it: the session and pin after. */
  const recoveries: { name: string; recover: (owner: Buyer) => Promise<{ token: string; pin: string }> }[] = [
    {
      name: '"this wasn\'t me" (then the password reset that unlocks)',
      recover: async (owner) => {
        await notMe(latestMail(t, owner.email, SCHEDULE_SET_UP));
        return { token: await forgotAndReset(owner), pin: PIN };
      },
    },
    { name: 'a password reset', recover: async (owner) => ({ token: await forgotAndReset(owner), pin: PIN }) },
    {
      name: 'a pin reset',
      recover: async (owner) => {
        expect((await t.call('/api/forgot-pin', { token: owner.token })).status).toBe(200);
        const otp = latestPinResetCode(t, owner.email);
        const body = { password: owner.password, otp, pin: NEW_PIN, confirm_pin: NEW_PIN };
        const reset = await t.call('/api/reset-pin', { token: owner.token, body });
        expect(reset.status, reset.body.message).toBe(200);
        return { token: owner.token, pin: NEW_PIN };
      },
    },
    {
      name: 'a pin change',
      recover: async (owner) => {
        const body = { old_pin: PIN, new_pin: NEW_PIN, confirm_new_pin: NEW_PIN };
        const changed = await t.call('/api/change-pin', { token: owner.token, body });
        expect(changed.status, changed.body.message).toBe(200);
        return { token: owner.token, pin: NEW_PIN };
      },
    },
  ];

  // The attack: whoever took the account (the inbox, the password, the pin) set up schedules, or
  // the owner's kept running for them; the owner recovered the account, and every schedule went on
  // buying as authorised by the pin of before.
  for (const { name, recover } of recoveries) {
    it(`after ${name}, every schedule is paused and buys nothing until authorised again with the pin`, async () => {
      const { owner, running, paused } = await ownerWithSchedules();
      const { token, pin } = await recover(owner);
      for (const schedule of await schedulesOf(t, token)) {
        expect(schedule).toMatchObject({ status: 'paused', paused_reason: 'recovery', next_run_at: null });
      }
      const told = (await t.call<Notification[]>('/api/fetch-notifications', { token })).body.data!;
      expect(told.map((notification) => notification.title)).toContain('Schedules paused: authorise them again');

      // Their times come and go: nothing is bought.
      moveClockTo(t, new Date(running.next_run_at!));
      t.clock.advance(2 * DAY_MS);
      await runSchedules(t);
      expect(await airtimeBought(owner)).toBe(0);

      // Neither a resume nor a retry (no pin) sets them going again; a wrong pin is refused and counted.
      for (const action of ['resume', 'retry']) {
        const refused = await control(token, action, { schedule_id: running.id });
        expect(refused).toMatchObject({ status: 409, body: { message: AUTHORISE_AGAIN } });
      }
      const wrong = await control(token, 'authorise', { schedule_id: running.id, pin: WRONG_PIN });
      expect(wrong).toMatchObject({ status: 400, body: { data: { reason: 'pin-incorrect' } } });
      expect((await schedulesOf(t, token))[0]).toMatchObject({ status: 'paused', paused_reason: 'recovery' });

      // The owner authorises each again with the pin: it runs from its next due time.
      for (const schedule of [running, paused]) {
        const authorised = await control(token, 'authorise', { schedule_id: schedule.id, pin });
        expect(authorised.status, authorised.body.message).toBe(200);
        expect(authorised.body.message).toBe('Schedule authorised again.');
        expect(authorised.body.data).toMatchObject({ status: 'active', paused_reason: null });
      }
      expect((await control(token, 'authorise', { schedule_id: running.id, pin })).status).toBe(409);
      const [again] = await schedulesOf(t, token);
      moveClockTo(t, new Date(again.next_run_at!));
      expect((await runSchedules(t)).completed).toBe(1);
      expect(await airtimeBought(owner)).toBe(1);
    });
  }

  // The attack: a replica had already claimed a run when the owner pressed "this wasn't me"; the run
  // went on and bought for whoever had taken the account.
  it('a run already under way when "this wasn\'t me" locks the account buys nothing, and says why', async () => {
    const owner = await newBuyer(t, 5_000);
    const schedule = await createdSchedule(t, owner.token, daily('Daily airtime'));
    moveClockTo(t, new Date(schedule.next_run_at!));
    const row = await rowOf(t, schedule.id);
    const claimed = await openDueRun(t.ctx, row);
    await notMe(latestMail(t, owner.email, SCHEDULE_SET_UP));

    const finished = await makeRun(t.ctx, scheduleDeps(t), row, claimed);
    expect(finished).toMatchObject({ outcome: 'failed', reason: 'account-locked', transactionId: null });
    expect(await airtimeBought(owner)).toBe(0);
    const token = await forgotAndReset(owner);
    const [after] = await schedulesOf(t, token);
    expect(after).toMatchObject({ status: 'paused', paused_reason: 'recovery' });
    expect(after.last_run).toMatchObject({ outcome: 'failed', reason: 'account-locked', retryable: false });
    expect(after.last_run!.message).toBe(
      'Could not run: your account was locked after you reported a change you did not make. ' +
        'Once your account is unlocked, authorise the schedule again on Schedules.',
    );
  });

  // The narrowest race: the report lands after the run checked the account and before its purchase
  // is placed. The purchase path checks the lock itself, under the account's lock.
  it('the purchase itself refuses a run for an account locked after the run looked', async () => {
    const owner = await newBuyer(t, 5_000);
    const schedule = await createdSchedule(t, owner.token, daily('Daily airtime'));
    moveClockTo(t, new Date(schedule.next_run_at!));
    const claimed = await openDueRun(t.ctx, await rowOf(t, schedule.id));
    await notMe(latestMail(t, owner.email, SCHEDULE_SET_UP));
    const run = { runId: claimed.id, userId: BigInt(owner.userId), maxKobo: 10_000n };
    const request = {
      service: serviceOf('airtime'),
      providerId: mtn,
      beneficiary: '08031234567',
      packageId: null,
      amountKobo: 10_000n,
    };
    const bought = await purchaseForRun(t.ctx, scheduleDeps(t), run, request);
    expect(bought).toEqual({ kind: 'refused', reason: 'account-locked', message: ACCOUNT_LOCKED.message });
    expect(await airtimeBought(owner)).toBe(0);
  });

  // A thief with a session guesses pins until the pin locks: every run is refused while it is locked,
  // and the lock does not also pause the owner's schedules "for failures" (what mends it is the pin
  // reset, which pauses them for the owner to authorise again).
  it('while the pin is locked every run buys nothing and tells the owner why; a lock is not a failure', async () => {
    const owner = await newBuyer(t, 5_000);
    const schedule = await createdSchedule(t, owner.token, daily('Daily airtime'));
    const guess = { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: WRONG_PIN };
    let token = owner.token;
    for (let logout = 1; logout <= 3; logout++) {
      for (let attempt = 1; attempt <= t.config.pinMaxAttempts + 1; attempt++) await buy(t, token, 'airtime', guess);
      token = await login(owner, owner.password);
    }
    expect((await t.call<UserData>('/api/get-user', { token })).body.data).toMatchObject({ pin_locked: true });

    for (let day = 1; day <= FAILURES_BEFORE_PAUSE + 1; day++) {
      const [current] = await schedulesOf(t, token);
      expect(current).toMatchObject({ status: 'active', paused_reason: null });
      moveClockTo(t, new Date(current.next_run_at!));
      expect((await runSchedules(t)).failed).toBe(1);
    }
    expect(await airtimeBought(owner)).toBe(0);
    const [locked] = await schedulesOf(t, token);
    expect(locked).toMatchObject({ id: schedule.id, status: 'active' });
    expect(locked.last_run).toMatchObject({ outcome: 'failed', reason: 'pin-locked' });
    const told = (await t.call<Notification[]>('/api/fetch-notifications', { token })).body.data!;
    expect(told[0]).toMatchObject({ title: 'Could not run: Daily airtime' });
    expect(told[0].content).toContain('purchases are locked after repeated wrong pins');
  });

  // The attack: a schedule set up or changed by whoever holds a session and the pin spent the
  // owner's money on every run, and the owner heard nothing until the first receipt.
  it('making or changing a schedule is e-mailed to its owner with a "this wasn\'t me" link that stops it', async () => {
    const owner = await newBuyer(t, 5_000);
    const schedule = await createdSchedule(t, owner.token, daily('Thief airtime'));
    const setUp = latestMail(t, owner.email, SCHEDULE_SET_UP);
    expect(setUp.text).toContain('“Thief airtime”');
    expect(setUp.text).toContain('₦100.00 for 08031234567');
    expect(setUp.text).toMatch(NOT_ME);

    const edit = { ...daily('Thief airtime'), amount: 900, schedule_id: schedule.id, end: { kind: 'never' }, pin: PIN };
    expect((await t.call<Schedule>('/api/schedules/update', { token: owner.token, body: edit })).status).toBe(200);
    const changed = latestMail(t, owner.email, SCHEDULE_CHANGED);
    expect(changed.text).toContain('₦900.00 for 08031234567');

    await notMe(changed);
    const token = await forgotAndReset(owner);
    expect((await schedulesOf(t, token))[0]).toMatchObject({ status: 'paused', paused_reason: 'recovery' });
  });
});
