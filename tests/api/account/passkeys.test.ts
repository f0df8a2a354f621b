import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import type { Passkey } from '../../../core/passkeys';
import { PASSWORD_NOT_CORRECT } from '../../../server/services/account/pins';
import { CEREMONY_ENDED, CEREMONY_TTL_MS, PASSKEY_REFUSED } from '../../../server/services/account/passkeyCeremonies';
import { latestMail, signUpWithPin } from '../../support/api/accounts';
import { startTestApp, type TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { balance, buy, newBuyer, providerId } from '../../support/api/purchases';
import { createSchedule, lagosIn, schedulesOf } from '../../support/api/schedules';
import { SoftAuthenticator, type Bend } from '../../support/api/softAuthenticator';
import { useTestApp } from '../../support/api/useTestApp';
import { addPasskey, confirmation, DEVICE_ID, started } from '../../support/api/passkeys';
import { userIdOf } from '../../support/api/bank';

const ADDED = 'A passkey was added to your Naira Wallet account';
const REMOVED = 'A passkey was removed from your Naira Wallet account';
const NEW_DEVICE = 'New sign-in to your Naira Wallet account';

async function signIn(t: TestApp, phone: SoftAuthenticator, bend: Bend = {}, deviceId = DEVICE_ID) {
  const start = await started(t, '/api/passkeys/sign-in/start');
  const body = { ceremony: start.ceremony, response: phone.assert(start.options, bend), device_id: deviceId };
  return t.call<UserData>('/api/passkeys/sign-in', { body });
}

describe.each(backends)('passkeys on $name', (backend) => {
  const t = useTestApp(backend);
  const phoneOf = () => new SoftAuthenticator(t.config.passkeys.origin);

  it('adds a passkey with the password, lists, renames and removes it, e-mailing each change', async () => {
    const account = await signUpWithPin(t);
    const phone = phoneOf();
    const wrong = await t.call('/api/passkeys/add/start', { token: account.token, body: { password: 'not-it-9!' } });
    expect([wrong.status, wrong.body.message]).toEqual([400, PASSWORD_NOT_CORRECT]);

    const added = await addPasskey(t, phone, account);
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'My phone', last_used_at: null, backed_up: false });
    expect(latestMail(t, account.email, ADDED).text).toMatch(/My phone[\s\S]*\/not-me\?token=/);

    const id = added.body.data!.id;
    const renamed = await t.call<Passkey>('/api/passkeys/rename', {
      token: account.token,
      body: { passkey_id: id, name: 'Work phone' },
    });
    expect(renamed.body.data?.name).toBe('Work phone');
    const listed = await t.call<Passkey[]>('/api/passkeys/list', { token: account.token, body: {} });
    expect(listed.body.data?.map((passkey) => passkey.name)).toEqual(['Work phone']);

    expect((await signIn(t, phone)).status).toBe(200);
    const used = await t.call<Passkey[]>('/api/passkeys/list', { token: account.token, body: {} });
    expect(used.body.data?.[0].last_used_at).not.toBeNull();

    const removed = await t.call('/api/passkeys/remove', { token: account.token, body: { passkey_id: id } });
    expect(removed.status).toBe(200);
    expect(latestMail(t, account.email, REMOVED).text).toMatch(/Work phone[\s\S]*\/not-me\?token=/);
    // Removed, it signs nobody in.
    const after = await signIn(t, phone);
    expect([after.status, after.body.message]).toEqual([403, PASSKEY_REFUSED]);
  });

  it('refuses a registration for another challenge, from another origin, sent again, or without the screen lock', async () => {
    const account = await signUpWithPin(t);
    const phone = phoneOf();
    const otherChallenge = await addPasskey(t, phone, account, { challenge: 'c29tZXRoaW5nLWVsc2UtZW50aXJlbHk' });
    expect([otherChallenge.status, otherChallenge.body.message]).toEqual([403, PASSKEY_REFUSED]);
    const otherOrigin = await addPasskey(t, phone, account, { origin: 'https://naira-wallet.example.net' });
    expect(otherOrigin.status).toBe(403);
    const unverified = await addPasskey(t, phone, account, { userVerified: false });
    expect(unverified.status).toBe(403);

    const start = await started(t, '/api/passkeys/add/start', account.token, { password: account.password });
    const body = { ceremony: start.ceremony, response: phone.register(start.options), name: 'Phone' };
    expect((await t.call('/api/passkeys/add', { token: account.token, body })).status).toBe(200);
    const replayed = await t.call('/api/passkeys/add', { token: account.token, body });
    expect([replayed.status, replayed.body.message]).toEqual([400, CEREMONY_ENDED]);
    // A ceremony is its session's: another session of another account cannot finish it.
    const other = await signUpWithPin(t);
    const stolen = await started(t, '/api/passkeys/add/start', account.token, { password: account.password });
    const finish = { ceremony: stolen.ceremony, response: phone.register(stolen.options), name: 'Phone' };
    expect((await t.call('/api/passkeys/add', { token: other.token, body: finish })).status).toBe(400);
  });

  it('signs in with a passkey, and refuses a wrong challenge, a wrong origin, a replay and a counter gone back', async () => {
    const account = await signUpWithPin(t);
    const phone = phoneOf();
    expect((await addPasskey(t, phone, account)).status).toBe(200);

    const signedIn = await signIn(t, phone);
    expect(signedIn.status, signedIn.body.message).toBe(200);
    expect(signedIn.body.data).toMatchObject({ email: account.email, pin: 'set' });
    const me = await t.call<UserData>('/api/get-user', { token: signedIn.body.data!.token });
    expect(me.status).toBe(200);

    expect((await signIn(t, phone, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2UtYXQtYWxs' })).status).toBe(403);
    expect((await signIn(t, phone, { origin: 'https://phish.example.com' })).status).toBe(403);
    expect((await signIn(t, phone, { rpId: 'example.com' })).status).toBe(403);
    expect((await signIn(t, phone, { userVerified: false })).status).toBe(403);

    const start = await started(t, '/api/passkeys/sign-in/start');
    const body = { ceremony: start.ceremony, response: phone.assert(start.options) };
    expect((await t.call('/api/passkeys/sign-in', { body })).status).toBe(200);
    const replayed = await t.call('/api/passkeys/sign-in', { body });
    expect([replayed.status, replayed.body.message]).toEqual([400, CEREMONY_ENDED]);
    // The same response under a fresh ceremony: signed over another challenge.
    const fresh = await started(t, '/api/passkeys/sign-in/start');
    const again = await t.call('/api/passkeys/sign-in', {
      body: { ceremony: fresh.ceremony, response: body.response },
    });
    expect(again.status).toBe(403);

    // A ceremony lives a few minutes.
    const slow = await started(t, '/api/passkeys/sign-in/start');
    t.clock.advance(CEREMONY_TTL_MS + 1_000);
    const late = await t.call('/api/passkeys/sign-in', {
      body: { ceremony: slow.ceremony, response: phone.assert(slow.options) },
    });
    expect([late.status, late.body.message]).toEqual([400, CEREMONY_ENDED]);

    const backwards = await signIn(t, phone, { counter: 1 });
    expect([backwards.status, backwards.body.message]).toEqual([403, PASSKEY_REFUSED]);
    // The genuine phone, whose counter is ahead of the copy's, still signs in.
    expect((await signIn(t, phone, { counter: 50 })).status).toBe(200);
  });

  it('logs a counter that went back', async () => {
    const lines: string[] = [];
    const logged = await startTestApp(backend, {
      config: { logLevel: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const account = await signUpWithPin(logged);
      const phone = new SoftAuthenticator(logged.config.passkeys.origin);
      expect((await addPasskey(logged, phone, account)).status).toBe(200);
      expect((await signIn(logged, phone, { counter: 5 })).status).toBe(200);
      expect((await signIn(logged, phone, { counter: 3 })).status).toBe(403);
      const warned = lines.map((line) => JSON.parse(line) as { msg: string; reason?: string });
      expect(warned).toContainEqual(
        expect.objectContaining({
          msg: 'passkey refused: its signature counter went back',
          reason: 'counter-went-back',
        }),
      );
    } finally {
      await logged.close();
    }
  });

  it('a synced passkey on a device the account never used cools purchases off; the device that made it does not', async () => {
    const account = await signUpWithPin(t);
    const phone = phoneOf();
    expect((await addPasskey(t, phone, account)).status).toBe(200);
    expect((await signIn(t, phone)).status).toBe(200);
    const before = t.outbox.list(account.email).length;
    // A passkey bound to its device: the app's storage was cleared, the device is the same.
    expect((await signIn(t, phone, {}, 'cleared-storage-device-1')).status).toBe(200);
    expect(t.outbox.list(account.email)).toHaveLength(before);

    const synced = await signUpWithPin(t);
    const laptop = phoneOf();
    expect((await addPasskey(t, laptop, synced, { backedUp: true })).status).toBe(200);
    expect((await signIn(t, laptop)).status).toBe(200);
    expect(() => latestMail(t, synced.email, NEW_DEVICE)).toThrow();
    expect((await signIn(t, laptop, {}, 'a-new-phone-it-synced-to')).status).toBe(200);
    expect(latestMail(t, synced.email, NEW_DEVICE).text).toMatch(/purchases above .* wait 24 hours/);
    const cooling = await t.db
      .selectFrom('cooling_offs')
      .select('reason')
      .where('user_id', '=', await userIdOf(t, synced.email))
      .executeTakeFirst();
    expect(cooling?.reason).toBe('new-device');
  });

  it('a cooling-off that began before the passkey was added keeps running after a passkey sign-in', async () => {
    const account = await signUpWithPin(t);
    const login = (deviceId: string) =>
      t.call('/api/login', { body: { email: account.email, password: account.password, device_id: deviceId } });
    expect((await login(DEVICE_ID)).status).toBe(200);
    expect((await login('someone-elses-phone-0001')).status).toBe(200);
    const userId = await userIdOf(t, account.email);
    const began = await t.db
      .selectFrom('cooling_offs')
      .select('ends_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const phone = phoneOf();
    expect((await addPasskey(t, phone, account)).status).toBe(200);
    expect((await signIn(t, phone, {}, 'someone-elses-phone-0001')).status).toBe(200);
    const after = await t.db
      .selectFrom('cooling_offs')
      .select('ends_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(after.ends_at.getTime()).toBe(began.ends_at.getTime());
  });

  it('confirms a purchase with a passkey, counts a refused one as a wrong pin, and refuses another account’s', async () => {
    const buyer = await newBuyer(t, 5_000);
    const phone = phoneOf();
    expect((await addPasskey(t, phone, buyer)).status).toBe(200);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const airtime = (passkey: unknown) => ({ provider_id: mtn, beneficiary: '08031234567', amount: 100, passkey });

    const bought = await buy(t, buyer.token, 'airtime', airtime(await confirmation(t, phone, buyer.token)));
    expect(bought.status, bought.body.message).toBe(200);
    expect(bought.body.data?.status).toBe('completed');
    const afterOne = await balance(t, buyer.token);

    const otherChallenge = await confirmation(t, phone, buyer.token, {
      challenge: 'YW5vdGhlci1jaGFsbGVuZ2UtZW50aXJlbHk',
    });
    const notThisOne = await buy(t, buyer.token, 'airtime', airtime(otherChallenge));
    expect([notThisOne.status, notThisOne.body.message]).toEqual([400, PASSKEY_REFUSED]);
    expect(notThisOne.body.data).toMatchObject({ reason: 'pin-incorrect', pin_attempts: 1 });

    const wrongOrigin = await confirmation(t, phone, buyer.token, { origin: 'https://phish.example.com' });
    const refused = await buy(t, buyer.token, 'airtime', airtime(wrongOrigin));
    expect([refused.status, refused.body.message]).toEqual([400, PASSKEY_REFUSED]);
    expect(refused.body.data).toMatchObject({ reason: 'pin-incorrect', pin_attempts: 2 });

    // Another account's passkey, over this session's own challenge.
    const stranger = await signUpWithPin(t);
    const strangersPhone = phoneOf();
    expect((await addPasskey(t, strangersPhone, stranger)).status).toBe(200);
    const start = await started(t, '/api/passkeys/confirm/start', buyer.token);
    const foreign = { ceremony: start.ceremony, response: strangersPhone.assert(start.options) };
    const notTheirs = await buy(t, buyer.token, 'airtime', airtime(foreign));
    expect(notTheirs.body.data).toMatchObject({ reason: 'pin-incorrect', pin_attempts: 3, attempts_left: 0 });

    const replay = await confirmation(t, phone, buyer.token);
    expect((await buy(t, buyer.token, 'airtime', airtime(replay))).status).toBe(200);
    const replayed = await buy(t, buyer.token, 'airtime', airtime(replay));
    expect([replayed.status, replayed.body.message]).toEqual([400, CEREMONY_ENDED]);
    expect(await balance(t, buyer.token)).toBeLessThan(afterOne);

    // The pin's count keeps its meaning: a passkey does not clear it, and the next wrong one logs out.
    const user = await t.call<UserData>('/api/get-user', { token: buyer.token });
    expect(user.body.data?.pin_attempts).toBe(3);
    const last = await confirmation(t, phone, buyer.token, { origin: 'https://phish.example.com' });
    const loggedOut = await buy(t, buyer.token, 'airtime', airtime(last));
    expect([loggedOut.status, loggedOut.body.data]).toEqual([401, { reason: 'pin-logout' }]);
  });

  it('a locked pin refuses a passkey purchase too', async () => {
    const buyer = await newBuyer(t, 1_000);
    const phone = phoneOf();
    expect((await addPasskey(t, phone, buyer)).status).toBe(200);
    await t.db.updateTable('users').set({ pin_locked_at: t.clock.now() }).where('id', '=', buyer.userId).execute();
    const mtn = await providerId(t, 'airtime', 'MTN');
    const passkey = await confirmation(t, phone, buyer.token);
    const locked = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      passkey,
    });
    expect(locked.status).toBe(423);
  });

  it('authorises a schedule with a passkey', async () => {
    const buyer = await newBuyer(t, 1_000);
    const phone = phoneOf();
    expect((await addPasskey(t, phone, buyer)).status).toBe(200);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const { day, time } = lagosIn(t, 60);
    const form = { category: 'airtime', provider_id: mtn, beneficiary: '08031234567', amount: 200 };
    const timing = { frequency: 'once' as const, date: day, time };
    const passkey = await confirmation(t, phone, buyer.token);
    const made = await createSchedule(t, buyer.token, { ...form, ...timing, pin: undefined, passkey });
    expect(made.status, made.body.message).toBe(200);
    expect(await schedulesOf(t, buyer.token)).toHaveLength(1);
    const none = await createSchedule(t, buyer.token, { ...form, ...timing, pin: undefined });
    expect([none.status, none.body.message]).toEqual([422, 'please enter your transaction pin']);
  });

  it('an account without a passkey cannot start a confirmation', async () => {
    const account = await signUpWithPin(t);
    const reply = await t.call('/api/passkeys/confirm/start', { token: account.token, body: {} });
    expect(reply.status).toBe(409);
  });
});
