import { beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import { latestMail, latestPinResetCode, resetTokenFrom, storedPin } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { balance, buy, netCost, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'a fresh passphrase 2026';
const THIEF_PIN = '7391';
const DEVICE = { owner: 'owner-phone-0000000001', thief: 'thief-laptop-000000009' };
const NOT_ME = /\/not-me\?token=([A-Za-z0-9_-]+)/;

describe.each(backends)('account recovery on $name', (backend) => {
  let ikeja: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    ikeja = await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)');
  });

  const login = (who: Buyer, password: string, deviceId?: string) =>
    t.call<UserData>('/api/login', {
      body: { device: 'web', email: who.email, password, ...(deviceId ? { device_id: deviceId } : {}) },
    });
  const electricity = (token: string, amount: number, pin = PIN) =>
    buy(t, token, 'electricity-bill', { provider_id: ikeja, beneficiary: '45031234567', amount, pin });
  const forgotAndReset = async (who: Buyer) => {
    expect(
      (await t.call('/api/forgot', { body: { device: 'web', email: who.email, token: 'dev-ok:forgot' } })).status,
    ).toBe(200);
    const link = resetTokenFrom(t, who.email);
    const reset = await t.call('/api/reset', {
      token: link,
      body: { new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD },
    });
    expect(reset.status, reset.body.message).toBe(200);
    return link;
  };
  const mailsTo = (who: Buyer, subject: string) => t.outbox.list(who.email).filter((mail) => mail.subject === subject);

  /** An owner who signed in on their phone: that device is known to the account. */
  async function owner(naira = 20_000): Promise<Buyer> {
    const buyer = await newBuyer(t, naira);
    expect((await login(buyer, buyer.password, DEVICE.owner)).status).toBe(200);
    return buyer;
  }

  // The attack: with the inbox alone, /forgot → /reset → /set-pin replaced the password, then
  // the pin (lifting any lock), and answered a session: electricity tokens within minutes, and
  // the owner was told nothing.
  it('a stolen inbox is not a stolen wallet: the reset link restores the password only, purchases cool off, the owner is told', async () => {
    const victim = await owner();
    const link = await forgotAndReset(victim);

    // The link's last stage no longer replaces a pin: it says the account keeps its own.
    expect(await t.call('/api/reset-link', { token: link, body: {} })).toMatchObject({
      status: 200,
      body: { data: { pin_set: true } },
    });
    const setPin = await t.call('/api/set-pin', { token: link, body: { pin: THIEF_PIN, confirm_pin: THIEF_PIN } });
    expect(setPin).toMatchObject({ status: 409, body: { type: 'error', data: { reason: 'pin-kept' } } });
    expect(setPin.body.message).toContain('your transaction pin is unchanged');
    expect(await storedPin(t, victim.email)).toBe(PIN);

    // The new password opens a session, but it cannot buy past the allowance for a day, with the pin it does not know or the real one.
    const thief = await login(victim, NEW_PASSWORD, DEVICE.thief);
    expect(thief.status).toBe(200);
    const token = thief.body.data!.token;
    expect((await electricity(token, 10_000, THIEF_PIN)).status).toBe(400);
    const refused = await electricity(token, 10_000);
    expect(refused).toMatchObject({ status: 403, body: { type: 'error', data: { reason: 'cooling-off' } } });
    expect(refused.body.message).toMatch(
      /purchases above ₦5,000\.00 in total wait until .* \(Lagos time\) because your password was reset/,
    );
    expect(await balance(t, token)).toBe(20_000);

    // The owner was e-mailed at once, with a way to stop it.
    const notice = latestMail(t, victim.email, 'Your Naira Wallet password was reset');
    expect(notice.text).toMatch(NOT_ME);
    expect(notice.text).toContain('purchases above ₦5,000.00 in total wait 24 hours');
    // The link's e-mail said all this before the reset was chosen.
    expect(latestMail(t, victim.email, 'Reset your Naira Wallet password').text).toContain(
      'a reset changes only your password',
    );
  });

  it('the allowance: small purchases go through while cooling off, up to ₦5,000 in total; after 24 hours, anything', async () => {
    const buyer = await owner();
    await forgotAndReset(buyer);
    const token = (await login(buyer, NEW_PASSWORD, DEVICE.owner)).body.data!.token;
    expect((await electricity(token, 3_000)).status).toBe(200);
    const second = await electricity(token, 2_500);
    expect(second).toMatchObject({ status: 403, body: { data: { reason: 'cooling-off', left: 2_000 } } });
    expect((await electricity(token, 2_000)).status).toBe(200);
    t.clock.advance(24 * HOUR);
    expect((await electricity(token, 10_000)).status).toBe(200);
  });

  it('purchases sent together while cooling off are counted one after the other: ten of ₦1,000 at once, five go through', async () => {
    const buyer = await owner();
    await forgotAndReset(buyer);
    const token = (await login(buyer, NEW_PASSWORD, DEVICE.owner)).body.data!.token;
    const answers = await Promise.all(Array.from({ length: 10 }, () => electricity(token, 1_000)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 403).map((answer) => answer.body.data)).toEqual(
      Array(5).fill(expect.objectContaining({ reason: 'cooling-off', left: 0 })),
    );
    expect(await balance(t, token)).toBe(20_000 - 5 * netCost('electricity-bill', 1_000));
  });

  it('a pin reset (password and e-mailed code) cools purchases off too, and is e-mailed with a "this wasn\'t me" link', async () => {
    const buyer = await owner();
    const { token } = buyer;
    expect((await t.call('/api/forgot-pin', { token })).status).toBe(200);
    const reset = await t.call('/api/reset-pin', {
      token,
      body: { password: buyer.password, otp: latestPinResetCode(t, buyer.email), pin: '6048', confirm_pin: '6048' },
    });
    expect(reset.status, reset.body.message).toBe(200);
    expect((await electricity(token, 6_000, '6048')).body.data).toMatchObject({ reason: 'cooling-off' });
    expect(latestMail(t, buyer.email, 'Your Naira Wallet transaction pin was reset').text).toMatch(NOT_ME);
  });

  it("a new device's first login is e-mailed and cools purchases off; a known device's is not", async () => {
    const buyer = await owner();
    const newSignIn = 'New sign-in to your Naira Wallet account';
    expect((await login(buyer, buyer.password, DEVICE.owner)).status).toBe(200);
    expect(mailsTo(buyer, newSignIn)).toHaveLength(0);
    const known = (await login(buyer, buyer.password, DEVICE.owner)).body.data!.token;
    expect((await electricity(known, 6_000)).status).toBe(200);

    const stranger = await login(buyer, buyer.password, DEVICE.thief);
    expect(stranger.status).toBe(200);
    expect(mailsTo(buyer, newSignIn)).toHaveLength(1);
    expect(mailsTo(buyer, newSignIn)[0].text).toMatch(NOT_ME);
    expect((await electricity(stranger.body.data!.token, 6_000)).body.data).toMatchObject({ reason: 'cooling-off' });
    // A client that sends no device id is a new device once the account has a known one.
    expect((await login(buyer, buyer.password)).status).toBe(200);
    expect(mailsTo(buyer, newSignIn)).toHaveLength(2);
  });

  it('every credential change e-mails the owner at once, each with a "this wasn\'t me" link', async () => {
    const buyer = await owner();
    const { token } = buyer;
    const changePassword = await t.call('/api/change-password', {
      token,
      body: { old_password: buyer.password, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD },
    });
    expect(changePassword.status).toBe(200);
    expect(
      (await t.call('/api/change-pin', { token, body: { old_pin: PIN, new_pin: '6048', confirm_new_pin: '6048' } }))
        .status,
    ).toBe(200);
    const profile = await t.call('/api/update-profile', {
      token,
      body: { device: 'web', name: buyer.name, phone: '08059876543' },
    });
    expect(profile.status).toBe(200);
    for (const subject of [
      'Your Naira Wallet password was changed',
      'Your Naira Wallet transaction pin was changed',
      'The phone number of your Naira Wallet account was changed',
    ]) {
      expect(latestMail(t, buyer.email, subject).text, subject).toMatch(NOT_ME);
    }
    // An identity number verified (the profile's BVN or NIN) is a change of the same kind: the buyer's were verified on sign-up.
    expect(latestMail(t, buyer.email, 'An identity number was added to your Naira Wallet account').text).toMatch(
      NOT_ME,
    );
  });

  it('"this wasn\'t me" signs out every device, locks the account until a password reset, and works once', async () => {
    const buyer = await owner();
    const thief = (await login(buyer, buyer.password, DEVICE.thief)).body.data!.token;
    const link = NOT_ME.exec(latestMail(t, buyer.email, 'New sign-in to your Naira Wallet account').text)![1];

    const reported = await t.call('/api/not-me', { token: link, body: {} });
    expect(reported).toMatchObject({ status: 200, body: { type: 'success' } });
    for (const session of [thief, buyer.token])
      expect((await t.call('/api/get-user', { token: session })).status).toBe(401);
    // The password no longer opens the account, right or not...
    const locked = await login(buyer, buyer.password, DEVICE.owner);
    expect(locked).toMatchObject({ status: 423, body: { type: 'error' } });
    expect(locked.body.message).toContain('Forgot password?');
    expect((await t.call('/api/not-me', { token: link, body: {} })).status).toBe(400);

    // ...until the owner resets it from the inbox; purchases then cool off as after any reset.
    await forgotAndReset(buyer);
    const back = await login(buyer, NEW_PASSWORD, DEVICE.owner);
    expect(back.status).toBe(200);
    expect((await electricity(back.body.data!.token, 6_000)).body.data).toMatchObject({ reason: 'cooling-off' });
  });

  it('a reset link still sets the first pin of an account that never had one, and signs it in', async () => {
    const buyer = await newBuyer(t, 0);
    await t.db.updateTable('users').set({ pin_sealed: null }).where('id', '=', buyer.userId).execute();
    const link = await forgotAndReset(buyer);
    expect(await t.call('/api/reset-link', { token: link, body: {} })).toMatchObject({
      status: 200,
      body: { data: { pin_set: false } },
    });
    const set = await t.call<UserData>('/api/set-pin', { token: link, body: { pin: '6048', confirm_pin: '6048' } });
    expect(set.status).toBe(200);
    expect(set.body.data!.token).toBeTruthy();
    expect(await storedPin(t, buyer.email)).toBe('6048');
  });
});
