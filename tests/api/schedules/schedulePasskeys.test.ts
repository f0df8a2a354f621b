import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PinRefusal, Schedule, UserData } from '../../../core/contract';
import { CEREMONY_ENDED, PASSKEY_REFUSED } from '../../../server/services/account/passkeyCeremonies';
import { signUpWithPin } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { addPasskey, confirmation } from '../../support/api/passkeys';
import { newBuyer, packageOf, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { createdSchedule, lagosIn, moveClockTo, runSchedules, schedulesOf } from '../../support/api/schedules';
import { SoftAuthenticator } from '../../support/api/softAuthenticator';
import { useTestApp } from '../../support/api/useTestApp';

const PIN_REQUIRED = 'please enter your transaction pin';
const NEW_PIN = '6048';

/**
 * The two steps of /schedules that authorise a schedule again — a price that rose accepted, a
 * schedule paused by the account's recovery authorised — take a passkey in place of the pin, as
 * making a schedule and a purchase do: the server checks it, a refused one counts as a wrong pin
 * (towards the same logout), a locked pin refuses it too, and a right one leaves the count as it is.
 */
describe.each(backends)('schedules authorised again with a passkey on $name', (backend) => {
  let mtn: number;
  let mtnData: number;
  let oneGig: Awaited<ReturnType<typeof packageOf>>;
  const t = useTestApp(backend);
  beforeAll(async () => {
    mtn = await providerId(t, 'airtime', 'MTN');
    mtnData = await providerId(t, 'data', 'MTN');
    oneGig = await packageOf(t, 'MTN 1GB – 30 days');
  });
  // Each test's schedules end with it: the clock the tests share moves ahead, and must not run another test's.
  afterEach(() =>
    t.db
      .updateTable('schedules')
      .set({ status: 'deleted', paused_reason: null, next_run_at: null })
      .where('status', '<>', 'deleted')
      .execute(),
  );

  const phoneOf = () => new SoftAuthenticator(t.config.passkeys.origin);
  const control = (token: string, action: 'accept-price' | 'authorise', body: Record<string, unknown>) =>
    t.call<Schedule>(`/api/schedules/${action}`, { token, body });
  const pinAttempts = async (token: string) =>
    (await t.call<UserData>('/api/get-user', { token })).body.data!.pin_attempts;
  const reprice = async (packageId: number, amount: number) => {
    const reply = await t.call<{ package_id: number }>('/dev/catalog/reprice', {
      body: { package_id: packageId, amount },
    });
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.data!.package_id;
  };

  /** A buyer whose phone holds a passkey of the account. */
  async function withPasskey(naira: number): Promise<{ buyer: Buyer; phone: SoftAuthenticator }> {
    const buyer = await newBuyer(t, naira);
    const phone = phoneOf();
    const added = await addPasskey(t, phone, buyer);
    expect(added.status, added.body.message).toBe(200);
    return { buyer, phone };
  }

  /** A daily airtime schedule, paused when its owner changed the pin (a recovery). */
  async function pausedByRecovery(buyer: Buyer): Promise<Schedule> {
    const schedule = await createdSchedule(t, buyer.token, {
      ...{ category: 'airtime', provider_id: mtn, beneficiary: '08031234567', amount: 100 },
      ...{ frequency: 'daily', time: lagosIn(t, 30).time, name: 'Daily airtime' },
    });
    const body = { old_pin: PIN, new_pin: NEW_PIN, confirm_new_pin: NEW_PIN };
    expect((await t.call('/api/change-pin', { token: buyer.token, body })).status).toBe(200);
    expect((await schedulesOf(t, buyer.token))[0]).toMatchObject({ status: 'paused', paused_reason: 'recovery' });
    return schedule;
  }

  it('a price that rose is accepted with a passkey: refused ones counted, none at all asked for, then bought', async () => {
    const { buyer, phone } = await withPasskey(20_000);
    const at = lagosIn(t, 45);
    const schedule = await createdSchedule(t, buyer.token, {
      ...{ category: 'data', provider_id: mtnData, package_id: oneGig.id, beneficiary: '08039876543' },
      ...{ frequency: 'weekly', weekday: new Date(at.at.getTime() + 3_600_000).getUTCDay(), time: at.time },
    });
    const dearer = await reprice(oneGig.id, oneGig.amount + 200);
    try {
      moveClockTo(t, at.at);
      expect((await runSchedules(t)).failed).toBe(1);
      expect((await schedulesOf(t, buyer.token))[0]).toMatchObject({ paused_reason: 'price-changed' });

      // Signed where a phishing page asked: refused, and counted as a wrong pin would be.
      const phished = await confirmation(t, phone, buyer.token, { origin: 'https://phish.example.com' });
      const refused = await control(buyer.token, 'accept-price', { schedule_id: schedule.id, passkey: phished });
      expect([refused.status, refused.body.message]).toEqual([400, PASSKEY_REFUSED]);
      expect(refused.body.data).toMatchObject({ reason: 'pin-incorrect', pin_attempts: 1 });
      // Neither a pin nor a passkey: nothing was tried, so nothing is counted.
      const empty = await control(buyer.token, 'accept-price', { schedule_id: schedule.id });
      expect([empty.status, empty.body.message]).toEqual([422, PIN_REQUIRED]);
      expect(await pinAttempts(buyer.token)).toBe(1);
      expect((await schedulesOf(t, buyer.token))[0]).toMatchObject({
        status: 'paused',
        paused_reason: 'price-changed',
      });

      const passkey = await confirmation(t, phone, buyer.token);
      const accepted = await control(buyer.token, 'accept-price', { schedule_id: schedule.id, passkey });
      expect(accepted.status, accepted.body.message).toBe(200);
      expect(accepted.body).toMatchObject({
        message: 'New price accepted.',
        data: {
          status: 'active',
          authorised: oneGig.amount + 200,
          package_id: dearer,
          last_run: { outcome: 'completed', amount: oneGig.amount + 200 },
        },
      });
      // A passkey proves the phone's screen lock, not the pin: the count stays; its answer is good once.
      expect(await pinAttempts(buyer.token)).toBe(1);
      const replayed = await control(buyer.token, 'accept-price', { schedule_id: schedule.id, passkey });
      expect([replayed.status, replayed.body.message]).toEqual([400, CEREMONY_ENDED]);
    } finally {
      // Sold at its own price again, the plan takes its own row back for the other tests.
      expect(await reprice(dearer, oneGig.amount)).toBe(oneGig.id);
    }
  });

  it('a schedule paused by a recovery is authorised again with a passkey; another account’s is refused and counted', async () => {
    const { buyer, phone } = await withPasskey(5_000);
    const schedule = await pausedByRecovery(buyer);

    // Another account's passkey, over this session's own challenge.
    const stranger = await signUpWithPin(t);
    const strangersPhone = phoneOf();
    expect((await addPasskey(t, strangersPhone, stranger)).status).toBe(200);
    const foreign = await confirmation(t, strangersPhone, buyer.token);
    const refused = await control(buyer.token, 'authorise', { schedule_id: schedule.id, passkey: foreign });
    expect([refused.status, refused.body.message]).toEqual([400, PASSKEY_REFUSED]);
    expect(refused.body.data).toMatchObject({ reason: 'pin-incorrect', pin_attempts: 1 });

    const passkey = await confirmation(t, phone, buyer.token);
    const authorised = await control(buyer.token, 'authorise', { schedule_id: schedule.id, passkey });
    expect(authorised.status, authorised.body.message).toBe(200);
    expect(authorised.body).toMatchObject({
      message: 'Schedule authorised again.',
      data: { status: 'active', paused_reason: null },
    });
    expect(await pinAttempts(buyer.token)).toBe(1);
  });

  it('a locked pin refuses a passkey too, and a refused passkey past the last try logs out', async () => {
    const { buyer, phone } = await withPasskey(5_000);
    const schedule = await pausedByRecovery(buyer);
    const attempt = async () =>
      t.call<PinRefusal>('/api/schedules/authorise', {
        token: buyer.token,
        body: {
          schedule_id: schedule.id,
          passkey: await confirmation(t, phone, buyer.token, { challenge: 'YW5vdGhlci1jaGFsbGVuZ2UtZW50aXJlbHk' }),
        },
      });

    await t.db.updateTable('users').set({ pin_locked_at: t.clock.now() }).where('id', '=', buyer.userId).execute();
    const locked = await attempt();
    expect([locked.status, locked.body.data]).toEqual([423, { reason: 'pin-locked' }]);
    await t.db.updateTable('users').set({ pin_locked_at: null }).where('id', '=', buyer.userId).execute();

    let refused = await attempt();
    while (refused.body.data?.reason === 'pin-incorrect' && refused.body.data.attempts_left > 0)
      refused = await attempt();
    expect(refused.body.data).toMatchObject({ reason: 'pin-incorrect', attempts_left: 0 });
    const loggedOut = await attempt();
    expect([loggedOut.status, loggedOut.body.data]).toEqual([401, { reason: 'pin-logout' }]);
    expect((await t.call('/api/get-user', { token: buyer.token })).status).toBe(401);
  });

  it('development reprices a plan as a catalogue sync would; an unknown plan is 404', async () => {
    const missing = await t.call('/dev/catalog/reprice', { body: { package_id: 2_000_000_000, amount: 500 } });
    expect(missing.status).toBe(404);
    const invalid = await t.call('/dev/catalog/reprice', { body: { package_id: oneGig.id, amount: -5 } });
    expect(invalid.status).toBe(422);
    // The same price changes nothing.
    expect(await reprice(oneGig.id, oneGig.amount)).toBe(oneGig.id);
  });
});
