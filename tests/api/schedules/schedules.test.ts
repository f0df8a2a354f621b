import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Schedule, ScheduleDraft, Transaction, UserData } from '../../../core/contract';
import { addDays, DAY_MS, lagosDay } from '../../../core/days';
import { addMonths, atLagos } from '../../../core/scheduleCalendar';
import { FAILURES_BEFORE_PAUSE, MAX_SCHEDULES_PER_USER } from '../../../core/schedules';
import { PHONE_INVALID } from '../../../core/phone';
import { startTestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import {
  balance,
  buy,
  fund,
  newBuyer,
  packageOf,
  PIN,
  providerId,
  purchaseRowCounts,
  type Buyer,
} from '../../support/api/purchases';
import {
  createdSchedule,
  createSchedule,
  lagosIn,
  moveClockTo,
  runSchedules,
  schedulesOf,
} from '../../support/api/schedules';

/**
 * Scheduled purchases through the API: authorised once with the pin, each run a real purchase
 * bounded by what was authorised and the tier's day, the owner told before, after and when a
 * run could not happen, and the ledger audit clean after every test.
 */
describe.each(backends)('schedules on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  let mtnData: number;
  let oneGig: Awaited<ReturnType<typeof packageOf>>;
  const t = useTestApp(backend);
  beforeAll(async () => {
    buyer = await newBuyer(t, 50_000);
    mtn = await providerId(t, 'airtime', 'MTN');
    mtnData = await providerId(t, 'data', 'MTN');
    oneGig = await packageOf(t, 'MTN 1GB – 30 days');
  });
  // Each test's schedules end with it: the clock the tests share moves days ahead, and must not run another test's.
  afterEach(async () => {
    await t.db
      .updateTable('schedules')
      .set({ status: 'deleted', paused_reason: null, next_run_at: null })
      .where('status', '<>', 'deleted')
      .execute();
  });

  const notifications = async (token: string) =>
    (await t.call<Notification[]>('/api/fetch-notifications', { token })).body.data!;
  const mails = (email: string) => t.outbox.list(email);
  const airtimeIn = (minutes: number, extra: Record<string, unknown> = {}) => {
    const { day, time } = lagosIn(t, minutes);
    return {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 200,
      frequency: 'once' as const,
      date: day,
      time,
      ...extra,
    };
  };

  it('Repeat this: a completed data purchase repeated monthly with the pin runs on its day, once, as a purchase with its receipt and notification', async () => {
    const bought = await buy(t, buyer.token, 'data', {
      provider_id: mtnData,
      package_id: oneGig.id,
      beneficiary: '08031234567',
      pin: PIN,
    });
    expect(bought.body.data!.status).toBe('completed');
    const draft = await t.call<ScheduleDraft>('/api/schedules/draft', {
      token: buyer.token,
      body: { transaction_id: bought.body.data!.id },
    });
    expect(draft.body.data).toEqual({
      category: 'data',
      provider_id: mtnData,
      package_id: oneGig.id,
      beneficiary: '08031234567',
      amount: null,
      name: 'MTN 1GB – 30 days for 08031234567',
    });

    const first = lagosIn(t, 90);
    const monthDay = Number(first.day.slice(8));
    const schedule = await createdSchedule(t, buyer.token, {
      ...draft.body.data!,
      frequency: 'monthly',
      month_day: monthDay,
      time: first.time,
    });
    expect(schedule).toMatchObject({
      status: 'active',
      amount: oneGig.amount,
      authorised: oneGig.amount,
      frequency: 'monthly',
      month_day: monthDay,
      next_run_at: first.at.toISOString(),
      last_run: null,
    });
    expect(await schedulesOf(t, buyer.token)).toContainEqual(schedule);

    const before = await balance(t, buyer.token);
    moveClockTo(t, new Date(first.at.getTime() - 60_000));
    expect((await runSchedules(t)).completed).toBe(0);
    moveClockTo(t, first.at);
    const ran = await runSchedules(t);
    expect(ran.completed).toBe(1);
    // Once: another job run, or another replica's, finds nothing due.
    expect((await runSchedules(t)).completed).toBe(0);

    const [after] = (await schedulesOf(t, buyer.token)).filter((s) => s.id === schedule.id);
    expect(after.last_run).toMatchObject({ outcome: 'completed', amount: oneGig.amount, retryable: false });
    expect(after.runs_done).toBe(1);
    expect(lagosDay(new Date(after.next_run_at!))).toBe(addMonths(first.day, 1));
    const purchase = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', BigInt(after.last_run!.transaction_id!))
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({
      category: 'data',
      status: 'completed',
      amount_kobo: BigInt(oneGig.amount * 100),
      user_id: buyer.userId,
    });
    expect(await balance(t, buyer.token)).toBeLessThan(before);
    expect((await notifications(buyer.token))[0]).toMatchObject({ title: 'Purchase successful' });
    expect(mails(buyer.email)[0].subject).toBe(`Your receipt for ${purchase.description}`);
  });

  it('creating or editing needs the right pin: a wrong one is counted and creates nothing', async () => {
    const fresh = await newBuyer(t, 1_000);
    const wrong = await createSchedule(t, fresh.token, { ...airtimeIn(60), pin: '1357' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('transaction pin not correct');
    expect(wrong.body.data).toMatchObject({ reason: 'pin-incorrect', pin_attempts: 1 });
    expect(await schedulesOf(t, fresh.token)).toEqual([]);
    const made = await createdSchedule(t, fresh.token, airtimeIn(60));
    const edit = await t.call<Schedule>('/api/schedules/update', {
      token: fresh.token,
      body: { ...airtimeIn(120), name: 'Edited', schedule_id: made.id, pin: '1357' },
    });
    expect(edit.status).toBe(400);
    expect((await schedulesOf(t, fresh.token))[0].name).toBe('Test schedule');
    const edited = await t.call<Schedule>('/api/schedules/update', {
      token: fresh.token,
      body: { ...airtimeIn(120), name: 'Edited', amount: 300, schedule_id: made.id, pin: PIN },
    });
    expect(edited.body.data).toMatchObject({ name: 'Edited', amount: 300, authorised: 300 });
  });

  it('a wallet too short fails the run with its notification and e-mail, moves nothing in the ledger, and Retry now buys once funded', async () => {
    const short = await newBuyer(t, 100);
    const at = lagosIn(t, 30);
    const schedule = await createdSchedule(t, short.token, airtimeIn(30, { name: 'Mum airtime' }));
    const rows = await purchaseRowCounts(t);
    moveClockTo(t, at.at);
    expect((await runSchedules(t)).failed).toBe(1);
    const counts = await purchaseRowCounts(t);
    expect({ ...counts, notifications: 0n }).toEqual({ ...rows, notifications: 0n });
    expect(await balance(t, short.token)).toBe(100);

    const [failed] = await schedulesOf(t, short.token);
    expect(failed.last_run).toMatchObject({
      outcome: 'failed',
      reason: 'insufficient-balance',
      retryable: true,
      transaction_id: null,
    });
    expect(failed.last_run!.message).toBe(
      'Could not run: your wallet balance was too low. Fund your wallet, then tap Retry now on Schedules.',
    );
    expect(failed.last_run!.tried_at).toBe(t.clock.now().toISOString());
    expect((await notifications(short.token))[0]).toMatchObject({ title: 'Could not run: Mum airtime' });
    expect((await notifications(short.token))[0].content).toContain(
      'Fund your wallet, then tap Retry now on Schedules.',
    );
    const mail = mails(short.email)[0];
    expect(mail.subject).toBe('Could not run: Mum airtime');
    expect(mail.text).toContain(`${t.config.publicUrl}/funding`);
    expect(mail.text).toContain(`${t.config.publicUrl}/schedules?schedule=${schedule.id}`);

    await fund(t, short.accountNumber, 1_000);
    const retried = await t.call<Schedule>('/api/schedules/retry', {
      token: short.token,
      body: { schedule_id: schedule.id },
    });
    expect(retried.status, retried.body.message).toBe(200);
    expect(retried.body.data!.last_run).toMatchObject({ outcome: 'completed', amount: 200, retryable: false });
    // Asked again: nothing more is bought.
    expect(
      (await t.call('/api/schedules/retry', { token: short.token, body: { schedule_id: schedule.id } })).status,
    ).toBe(409);
    expect(
      await t.db
        .selectFrom('transactions')
        .select('id')
        .where('user_id', '=', short.userId)
        .where('category', '=', 'airtime')
        .execute(),
    ).toHaveLength(1);
  });

  it('an account in Yoruba is told of a run that could not happen, and reminded of the next, in Yoruba', async () => {
    const yoruba = await newBuyer(t, 100);
    const chosen = await t.call<UserData>('/api/user/language', { token: yoruba.token, body: { language: 'yo' } });
    expect(chosen.body.data!.language).toBe('yo');
    const at = lagosIn(t, 30);
    const schedule = await createdSchedule(t, yoruba.token, airtimeIn(30, { name: 'Mum airtime' }));
    moveClockTo(t, at.at);
    expect((await runSchedules(t)).failed).toBe(1);

    const [notice] = await notifications(yoruba.token);
    expect(notice.title).toBe('Kò ṣeé ṣe: Mum airtime');
    expect(notice.content).toMatch(
      /^“Mum airtime” \(₦200\.00 fún 08031234567\), tí ó yẹ ní .+: a kò ra nǹkan kan nítorí pé owó inú àpò owó rẹ kò tó\. /,
    );
    expect(notice.content).toMatch(/Fi owó sínú àpò owó rẹ, lẹ́yìn náà tẹ Retry now lórí Schedules\.$/);
    const mail = mails(yoruba.email)[0];
    expect(mail.subject).toBe('Kò ṣeé ṣe: Mum airtime');
    expect(mail.text).toContain('Ìdí: owó inú àpò owó rẹ kò tó\n');
    expect(mail.text).toContain(`Fi owó sínú àpò owó rẹ: ${t.config.publicUrl}/funding\n`);
    expect(mail.text).toContain(`Gbìyànjú lẹ́ẹ̀kan sí i: ${t.config.publicUrl}/schedules?schedule=${schedule.id}\n`);
    expect(mail.text).toMatch(/\(àkókò Èkó\)\n/);
    expect(mail.text).toContain('O fọwọ́ sí ètò yìí pẹ̀lú PIN ìsanwó rẹ.');
    expect(mail.html).toContain('Ìdí');
    // The list on /schedules speaks the request's language, the account's.
    const [listed] = await schedulesOf(t, yoruba.token);
    expect(listed.last_run!.message).toBe(
      'Kò ṣeé ṣe: owó inú àpò owó rẹ kò tó. Fi owó sínú àpò owó rẹ, lẹ́yìn náà tẹ Retry now lórí Schedules.',
    );

    const next = lagosIn(t, 3 * 24 * 60);
    await createdSchedule(t, yoruba.token, airtimeIn(3 * 24 * 60, { amount: 1_000, name: 'Light bill' }));
    moveClockTo(t, new Date(next.at.getTime() - DAY_MS + 60_000));
    expect((await runSchedules(t)).reminded).toBe(1);
    const [reminder] = await notifications(yoruba.token);
    expect(reminder.title).toBe('Ọ̀la: Light bill');
    expect(reminder.content).toContain('“Light bill” (₦1,000.00 fún 08031234567) yóò ṣiṣẹ́ ní ');
    expect(reminder.content).toContain('Àpò owó rẹ ní ₦100.00: fi ó kéré tán ₦900.00 sínú rẹ̀ ṣáájú ìgbà náà.');
    expect(mails(yoruba.email)[0].subject).toBe('Ọ̀la: Light bill (₦1,000.00)');
  });

  it(`${FAILURES_BEFORE_PAUSE} failures in a row pause the schedule and say so; resume starts it again`, async () => {
    const broke = await newBuyer(t, 0);
    const { time } = lagosIn(t, 10);
    const schedule = await createdSchedule(t, broke.token, {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      frequency: 'daily',
      time,
      name: 'Daily top-up',
    });
    for (let run = 1; run <= FAILURES_BEFORE_PAUSE; run++) {
      moveClockTo(t, new Date((await schedulesOf(t, broke.token))[0].next_run_at!));
      expect((await runSchedules(t)).failed).toBe(1);
    }
    const [paused] = await schedulesOf(t, broke.token);
    expect(paused).toMatchObject({
      status: 'paused',
      paused_reason: 'failures',
      next_run_at: null,
      runs_done: FAILURES_BEFORE_PAUSE,
    });
    expect((await notifications(broke.token))[0]).toMatchObject({ title: 'Schedule paused: Daily top-up' });
    t.clock.advance(2 * DAY_MS);
    expect((await runSchedules(t)).failed).toBe(0);
    const resumed = await t.call<Schedule>('/api/schedules/resume', {
      token: broke.token,
      body: { schedule_id: schedule.id },
    });
    expect(resumed.body.data).toMatchObject({ status: 'active', paused_reason: null });
    expect(new Date(resumed.body.data!.next_run_at!).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('a plan whose price rose is not bought: paused and told; accepting the new price with the pin buys at once', async () => {
    const fan = await newBuyer(t, 20_000);
    const at = lagosIn(t, 45);
    const schedule = await createdSchedule(t, fan.token, {
      category: 'data',
      provider_id: mtnData,
      package_id: oneGig.id,
      beneficiary: '08039876543',
      frequency: 'weekly',
      weekday: new Date(at.at.getTime() + 3_600_000).getUTCDay(),
      time: at.time,
      name: 'Weekly data',
    });
    // The catalogue sync reprices a plan by replacing it with one of the same code (services/catalogSync.ts).
    const old = await t.db.selectFrom('packages').selectAll().where('id', '=', oneGig.id).executeTakeFirstOrThrow();
    await t.db.updateTable('packages').set({ active: false }).where('id', '=', old.id).execute();
    const dearer = await t.db
      .insertInto('packages')
      .values({
        provider_id: old.provider_id,
        code: old.code,
        name: old.name,
        amount_kobo: old.amount_kobo + 20_000n,
        position: old.position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const rows = await purchaseRowCounts(t);
      moveClockTo(t, at.at);
      expect((await runSchedules(t)).failed).toBe(1);
      expect({ ...(await purchaseRowCounts(t)), notifications: 0n }).toEqual({ ...rows, notifications: 0n });
      const [paused] = await schedulesOf(t, fan.token);
      expect(paused).toMatchObject({
        status: 'paused',
        paused_reason: 'price-changed',
        new_price: oneGig.amount + 200,
        last_run: { reason: 'price-changed', retryable: false },
      });
      expect((await notifications(fan.token))[0].title).toBe('Price changed: Weekly data paused');
      expect(
        (await t.call('/api/schedules/resume', { token: fan.token, body: { schedule_id: schedule.id } })).status,
      ).toBe(409);

      const accepted = await t.call<Schedule>('/api/schedules/accept-price', {
        token: fan.token,
        body: { schedule_id: schedule.id, pin: PIN },
      });
      expect(accepted.status, accepted.body.message).toBe(200);
      expect(accepted.body.data).toMatchObject({
        status: 'active',
        amount: oneGig.amount + 200,
        authorised: oneGig.amount + 200,
        package_id: dearer.id,
        last_run: { outcome: 'completed', amount: oneGig.amount + 200 },
      });
    } finally {
      await t.db.updateTable('packages').set({ active: false }).where('id', '=', dearer.id).execute();
      await t.db.updateTable('packages').set({ active: true }).where('id', '=', old.id).execute();
    }
  });

  it("a run past what the tier's day leaves is refused with its reason, nothing charged", async () => {
    // The purchase and the run on one Lagos day, whatever the hour the clock the tests share has reached.
    moveClockTo(t, atLagos(addDays(lagosDay(t.clock.now()), 1), 10 * 60));
    const small = await newBuyer(t, 60_000, { tier: 1 });
    await buy(t, small.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 49_900, pin: PIN });
    const at = lagosIn(t, 20);
    await createdSchedule(t, small.token, airtimeIn(20, { amount: 500 }));
    moveClockTo(t, at.at);
    expect((await runSchedules(t)).failed).toBe(1);
    const [schedule] = await schedulesOf(t, small.token);
    expect(schedule.last_run).toMatchObject({ reason: 'daily-limit', retryable: true });
    expect(schedule.status).toBe('ended');
  });

  it('a run missed while the server was down is made within the grace period, reported missed after it', async () => {
    const late = await newBuyer(t, 5_000);
    const within = lagosIn(t, 15);
    await createdSchedule(t, late.token, airtimeIn(15, { name: 'Within grace' }));
    moveClockTo(t, new Date(within.at.getTime() + t.config.schedules.graceMs - 60_000));
    expect((await runSchedules(t)).completed).toBe(1);

    const missed = await newBuyer(t, 5_000);
    const at = lagosIn(t, 15);
    const daily = await createdSchedule(t, missed.token, {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      frequency: 'daily',
      time: at.time,
      name: 'Late daily',
    });
    moveClockTo(t, new Date(at.at.getTime() + t.config.schedules.graceMs + 60_000));
    const before = await balance(t, missed.token);
    expect((await runSchedules(t)).missed).toBe(1);
    expect(await balance(t, missed.token)).toBe(before);
    const [after] = await schedulesOf(t, missed.token);
    expect(after).toMatchObject({ id: daily.id, status: 'active', last_run: { outcome: 'missed', retryable: true } });
    // One missed run, then the next due time after now: the days it was down are not owed.
    expect(new Date(after.next_run_at!).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await notifications(missed.token))[0]).toMatchObject({ title: 'Missed: Late daily' });
  });

  it('the day before a run: one notification and e-mail with the amount and the balance it needs, whichever job run sends it', async () => {
    const reminded = await newBuyer(t, 150);
    const at = lagosIn(t, 3 * 24 * 60);
    await createdSchedule(t, reminded.token, { ...airtimeIn(3 * 24 * 60, { amount: 1_000, name: 'Light bill' }) });
    moveClockTo(t, new Date(at.at.getTime() - DAY_MS - 60_000));
    expect((await runSchedules(t)).reminded).toBe(0);
    t.clock.advance(120_000);
    const runs = await Promise.all([runSchedules(t), runSchedules(t)]);
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBe(1);
    expect((await runSchedules(t)).reminded).toBe(0);
    const [notice] = await notifications(reminded.token);
    expect(notice.title).toBe('Tomorrow: Light bill');
    expect(notice.content).toContain('₦1,000.00');
    expect(notice.content).toContain('Your wallet holds ₦150.00: fund it with at least ₦850.00 before then.');
    expect(mails(reminded.email)[0].subject).toBe('Tomorrow: Light bill (₦1,000.00)');
  });

  it('a schedule made less than a day before its run is not reminded of it', async () => {
    const soon = await newBuyer(t, 1_000);
    await createdSchedule(t, soon.token, airtimeIn(60));
    expect((await runSchedules(t)).reminded).toBe(0);
    expect((await notifications(soon.token)).filter((n) => n.title.startsWith('Tomorrow'))).toEqual([]);
  });

  it('ends after its number of runs; pause stops runs; delete removes it', async () => {
    const owner = await newBuyer(t, 5_000);
    const { time } = lagosIn(t, 5);
    const daily = await createdSchedule(t, owner.token, {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      frequency: 'daily',
      time,
      end: { kind: 'after', runs: 2 },
    });
    for (let run = 0; run < 2; run++) {
      moveClockTo(t, new Date((await schedulesOf(t, owner.token))[0].next_run_at!));
      expect((await runSchedules(t)).completed).toBe(1);
    }
    expect((await schedulesOf(t, owner.token))[0]).toMatchObject({
      id: daily.id,
      status: 'ended',
      runs_done: 2,
      next_run_at: null,
    });
    expect(
      (await t.call('/api/schedules/resume', { token: owner.token, body: { schedule_id: daily.id } })).status,
    ).toBe(409);

    const another = await createdSchedule(t, owner.token, {
      category: 'airtime',
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      frequency: 'daily',
      time,
    });
    const paused = await t.call<Schedule>('/api/schedules/pause', {
      token: owner.token,
      body: { schedule_id: another.id },
    });
    expect(paused.body.data).toMatchObject({ status: 'paused', paused_reason: 'user', next_run_at: null });
    t.clock.advance(2 * DAY_MS);
    expect((await runSchedules(t)).completed).toBe(0);
    expect(
      (await t.call('/api/schedules/delete', { token: owner.token, body: { schedule_id: another.id } })).status,
    ).toBe(200);
    expect((await schedulesOf(t, owner.token)).map((s) => s.id)).toEqual([daily.id]);
  });

  it("another user's schedule or transaction answers 404; hostile or incomplete bodies 422; at most a number of schedules", async () => {
    const owner = await newBuyer(t, 1_000);
    await buy(t, owner.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN });
    const other = await newBuyer(t, 0);
    const mine = await createdSchedule(t, owner.token, airtimeIn(600));
    for (const path of ['pause', 'resume', 'delete', 'retry']) {
      expect(
        (await t.call(`/api/schedules/${path}`, { token: other.token, body: { schedule_id: mine.id } })).status,
      ).toBe(404);
    }
    expect(
      (
        await t.call('/api/schedules/update', {
          token: other.token,
          body: { ...airtimeIn(600), schedule_id: mine.id, pin: PIN },
        })
      ).status,
    ).toBe(404);
    const txn = (
      await t.db.selectFrom('transactions').select('id').where('user_id', '=', owner.userId).executeTakeFirstOrThrow()
    ).id;
    expect(
      (await t.call('/api/schedules/draft', { token: other.token, body: { transaction_id: Number(txn) } })).status,
    ).toBe(404);

    const refusals: [Record<string, unknown>, string][] = [
      [{ ...airtimeIn(60), frequency: 'weekly' }, 'please choose the weekday it runs'],
      [{ ...airtimeIn(60), time: '25:00' }, 'please choose the time it runs'],
      [{ ...airtimeIn(60), amount: 10 }, 'amount must be between ₦50.00 and ₦50,000.00'],
      [{ ...airtimeIn(60), beneficiary: '0803' }, PHONE_INVALID.message],
      [
        { ...airtimeIn(60), category: 'betting' },
        'category must be one of airtime, data, electricity-bill, tv-subscription, education',
      ],
      [{ ...airtimeIn(-60) }, 'that time has already passed: please choose a time in the future'],
      [
        { ...airtimeIn(60), end: { kind: 'on', date: '2020-01-01' } },
        'the schedule would end before its first run: please choose a later end',
      ],
      [
        { ...airtimeIn(60), frequency: 'renewal', days_before: 2 },
        'only a cable TV subscription can be renewed from its due date',
      ],
      [{ ...airtimeIn(60), name: 'x'.repeat(41) }, 'name must be at most 40 characters'],
    ];
    for (const [body, message] of refusals) {
      const reply = await createSchedule(t, other.token, body);
      expect([reply.status, reply.body.message]).toEqual([422, message]);
    }
    for (const body of ['[]', '"x"', JSON.stringify({ schedule_id: 'abc' }), JSON.stringify({ schedule_id: -1 })]) {
      expect((await t.call('/api/schedules/pause', { token: other.token, body })).status).toBeGreaterThanOrEqual(400);
    }
    expect(await schedulesOf(t, other.token)).toEqual([]);

    const collector = await newBuyer(t, 0);
    for (let n = 0; n < MAX_SCHEDULES_PER_USER; n++) await createdSchedule(t, collector.token, airtimeIn(600));
    expect((await createSchedule(t, collector.token, airtimeIn(600))).status).toBe(409);
  });

  it('needs a session', async () => {
    expect((await t.call('/api/schedules/list')).status).toBe(401);
    expect((await t.call('/api/schedules/create', { body: airtimeIn(60) })).status).toBe(401);
  });

  it('the development clock moves forward and makes what became due; a production server has no such path', async () => {
    const owner = await newBuyer(t, 1_000);
    const at = lagosIn(t, 30);
    await createdSchedule(t, owner.token, airtimeIn(30));
    const moved = await t.call<{ now: string; ran: { completed: number } }>('/dev/clock', {
      body: { to: at.at.toISOString() },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data!.ran.completed).toBe(1);
    expect((await t.call('/dev/clock', { body: { advance_ms: -1 } })).status).toBe(422);
    expect((await t.call('/dev/clock', { body: { to: new Date(0).toISOString() } })).status).toBe(409);
    expect((await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance).toBeLessThan(
      1_000,
    );

    const production = await startTestApp(backend, {
      config: { production: true, smtpUrl: 'smtp://127.0.0.1:1', captchaSecret: 'unused' },
    });
    try {
      expect((await production.call('/dev/clock', { body: { advance_ms: 60_000 } })).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('the list shows a purchase that was processing as the biller settles it', async () => {
    const owner = await newBuyer(t, 1_000);
    const at = lagosIn(t, 10);
    await createdSchedule(t, owner.token, airtimeIn(10, { beneficiary: '08031230002' }));
    moveClockTo(t, at.at);
    expect((await runSchedules(t)).processing).toBe(1);
    const [schedule] = await schedulesOf(t, owner.token);
    expect(schedule.last_run).toMatchObject({ outcome: 'processing' });
    const transaction = (await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', BigInt(schedule.last_run!.transaction_id!))
      .executeTakeFirstOrThrow()) satisfies { id: bigint };
    expect(transaction.status).toBe('processing');
    expect(
      (await t.call<Transaction[]>('/api/fetch-transactions', { token: owner.token, body: { page: 1 } })).status,
    ).toBe(200);
  });
});
