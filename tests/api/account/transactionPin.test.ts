import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, PinRefusal, UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import {
  latestCode,
  latestMail,
  latestPinResetCode,
  resetTokenFrom,
  storedPin,
  type SignedUp,
} from '../../support/api/accounts';
import { type Reply } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import {
  balance,
  buy,
  netCost,
  newBuyer,
  newKey,
  packageOf,
  PIN,
  providerId,
  purchaseRowCounts,
  type Buyer,
} from '../../support/api/purchases';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const WRONG_PIN = '1357';
const NEW_PIN = '6048';

const incorrect = (attempts: number, max = 3, message = 'transaction pin not correct') => ({
  status: 400,
  body: {
    type: 'error',
    message,
    data: {
      reason: 'pin-incorrect',
      pin_attempts: attempts,
      max_attempts: max,
      attempts_left: Math.max(max - attempts, 0),
    },
  },
});
const LOGOUT = {
  status: 401,
  body: {
    type: 'error',
    message: 'too many wrong transaction pins: you have been logged out (authorization revoked)',
    data: { reason: 'pin-logout' },
  },
};
const LOCKED = {
  status: 423,
  body: {
    type: 'error',
    message: 'purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)',
    data: { reason: 'pin-locked' },
  },
};
const answer = ({ status, body }: Reply<unknown>) => ({ status, body });

describe.each(backends)('the transaction pin on $name', (backend) => {
  let mtn: number;
  let plan: Awaited<ReturnType<typeof packageOf>>;
  const t = useTestApp(backend);
  beforeAll(async () => {
    mtn = await providerId(t, 'airtime', 'MTN');
    plan = await packageOf(t, 'MTN 1GB – 30 days');
  });

  const airtime = (pin: string) => ({ provider_id: mtn, beneficiary: '08031234567', amount: 100, pin });
  const data = (pin: string) => ({
    provider_id: plan.providerId,
    package_id: plan.id,
    beneficiary: '08031234567',
    pin,
  });
  const userData = async (token: string) => (await t.call<UserData>('/api/get-user', { token })).body.data!;
  /** A new session of the account: another tab or device, or the user logging in again. */
  const logIn = async (account: SignedUp) => {
    const reply = await t.call<UserData>('/api/login', {
      body: { device: 'web', email: account.email, password: account.password },
    });
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.data!;
  };
  const changePin = (token: string, oldPin: string, newPin: string) =>
    t.call<UserData>('/api/change-pin', { token, body: { old_pin: oldPin, new_pin: newPin, confirm_new_pin: newPin } });
  const forgotPin = (token: string) => t.call('/api/forgot-pin', { token });
  const resetPin = (token: string, body: Record<string, unknown>) =>
    t.call<UserData>('/api/reset-pin', { token, body });
  const lockouts = async (buyer: Buyer) =>
    (await t.db.selectFrom('pin_lockouts').select('created_at').where('user_id', '=', buyer.userId).execute()).length;
  /** Three wrong pins answered with the attempts left, the fourth ends every session; answers a new session's token. */
  const logOutWithWrongPins = async (buyer: Buyer, token: string) => {
    for (let attempt = 1; attempt <= 3; attempt++)
      expect(answer(await buy(t, token, 'airtime', airtime(WRONG_PIN)))).toEqual(incorrect(attempt));
    expect(answer(await buy(t, token, 'airtime', airtime(WRONG_PIN)))).toEqual(LOGOUT);
    return (await logIn(buyer)).token;
  };

  describe('wrong pins', () => {
    it('1–3 are counted together across services, sessions and reloads; the 4th ends every session and buys nothing', async () => {
      const buyer = await newBuyer(t, 5_000);
      const otherTab = (await logIn(buyer)).token;
      const before = await purchaseRowCounts(t);

      expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN)))).toEqual(incorrect(1));
      // A reload reads the counter from get-user.
      expect(await userData(buyer.token)).toMatchObject({
        pin: 'set',
        pin_attempts: 1,
        max_attempts: 3,
        pin_locked: false,
      });
      expect(answer(await buy(t, otherTab, 'data', data(WRONG_PIN)))).toEqual(incorrect(2));
      expect(answer(await buy(t, buyer.token, 'data', data(WRONG_PIN)))).toEqual(incorrect(3));
      expect(await userData(otherTab)).toMatchObject({ pin_attempts: 3, max_attempts: 3 });

      const logout = await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN));
      expect(answer(logout)).toEqual(LOGOUT);
      expect(logout.body.message).toMatch(/authorization/);
      for (const token of [buyer.token, otherTab]) {
        const revoked = await t.call('/api/get-user', { token });
        expect(revoked.status).toBe(401);
        expect(revoked.body.message).toMatch(/authorization/);
        expect((await buy(t, token, 'airtime', airtime(PIN))).status).toBe(401);
      }
      expect(await purchaseRowCounts(t)).toEqual(before);
      const mail = latestMail(t, buyer.email, 'Your Naira Wallet session was ended');
      expect(mail.text).toMatch(/^Your Naira Wallet session was ended after too many wrong transaction pins/);
      expect(await lockouts(buyer)).toBe(1);

      // The count starts again; the pin still works.
      const again = await logIn(buyer);
      expect(again).toMatchObject({ pin_attempts: 0, pin_locked: false });
      expect((await buy(t, again.token, 'airtime', airtime(PIN))).status).toBe(200);
      expect(await balance(t, again.token)).toBe(5_000 - netCost('airtime', 100));
    });

    it('sent all at once, they get no more guesses: 3 counted, one logout, the rest refused as signed out', async () => {
      const buyer = await newBuyer(t, 1_000);
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => buy(t, buyer.token, 'airtime', airtime(WRONG_PIN))),
      );
      const refusal = (reply: Reply<unknown>) => reply.body.data as PinRefusal | undefined;
      const counted = replies
        .map(refusal)
        .flatMap((data) => (data?.reason === 'pin-incorrect' ? [data.pin_attempts] : []));
      expect(counted.sort()).toEqual([1, 2, 3]);
      expect(replies.filter((reply) => reply.status === 400)).toHaveLength(3);
      expect(replies.filter((reply) => refusal(reply)?.reason === 'pin-logout').map(answer)).toEqual([LOGOUT]);
      const signedOut = replies.filter((reply) => reply.status === 401 && refusal(reply) === undefined);
      expect(signedOut).toHaveLength(8);
      for (const reply of signedOut)
        expect(reply.body).toEqual({ type: 'error', message: 'authorization failed: please log in again' });
      expect(await lockouts(buyer)).toBe(1);
      expect((await logIn(buyer)).pin_attempts).toBe(0);
    });

    it('a right pin clears the count', async () => {
      const buyer = await newBuyer(t, 1_000);
      expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN)))).toEqual(incorrect(1));
      expect(answer(await buy(t, buyer.token, 'data', data(WRONG_PIN)))).toEqual(incorrect(2));
      expect((await buy(t, buyer.token, 'airtime', airtime(PIN))).status).toBe(200);
      expect((await userData(buyer.token)).pin_attempts).toBe(0);
      for (let attempt = 1; attempt <= 3; attempt++)
        expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN)))).toEqual(incorrect(attempt));
      expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN)))).toEqual(LOGOUT);
    });

    it("change-pin's old pin is counted with the purchases' pins", async () => {
      const buyer = await newBuyer(t, 1_000);
      expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN)))).toEqual(incorrect(1));
      expect(answer(await changePin(buyer.token, WRONG_PIN, NEW_PIN))).toEqual(
        incorrect(2, 3, 'old pin is not correct'),
      );
      expect(answer(await buy(t, buyer.token, 'data', data(WRONG_PIN)))).toEqual(incorrect(3));
      expect(answer(await changePin(buyer.token, WRONG_PIN, NEW_PIN))).toEqual(LOGOUT);
      expect((await t.call('/api/get-user', { token: buyer.token })).status).toBe(401);
      expect(await storedPin(t, buyer.email)).toBe(PIN);
    });

    it('the third logout within a day locks purchases and change-pin (423) until the pin is reset', async () => {
      const buyer = await newBuyer(t, 5_000);
      let token = await logOutWithWrongPins(buyer, buyer.token);
      t.clock.advance(HOUR);
      token = await logOutWithWrongPins(buyer, token);
      expect(await userData(token)).toMatchObject({ pin_locked: false });
      t.clock.advance(HOUR);
      token = await logOutWithWrongPins(buyer, token);
      expect(latestMail(t, buyer.email, 'Your Naira Wallet session was ended').text).toMatch(
        /purchases are locked until you reset your transaction pin/,
      );
      expect(await userData(token)).toMatchObject({ pin_locked: true, pin_attempts: 0 });

      const before = await purchaseRowCounts(t);
      expect(answer(await buy(t, token, 'airtime', airtime(PIN)))).toEqual(LOCKED);
      expect(answer(await buy(t, token, 'data', data(WRONG_PIN)))).toEqual(LOCKED);
      expect(answer(await changePin(token, PIN, NEW_PIN))).toEqual(LOCKED);
      // The lock does not wear off, and a locked pin is not counted.
      t.clock.advance(3 * 24 * HOUR);
      expect(answer(await buy(t, token, 'airtime', airtime(PIN)))).toEqual(LOCKED);
      expect(await userData(token)).toMatchObject({ pin_locked: true, pin_attempts: 0 });
      expect(await purchaseRowCounts(t)).toEqual(before);
      expect(await balance(t, token)).toBe(5_000);

      expect((await forgotPin(token)).status).toBe(200);
      const reset = await resetPin(token, {
        password: buyer.password,
        otp: latestPinResetCode(t, buyer.email),
        pin: NEW_PIN,
        confirm_pin: NEW_PIN,
      });
      expect(reset).toMatchObject({
        status: 200,
        body: {
          type: 'success',
          message: 'pin reset successfully',
          data: { pin: 'set', pin_attempts: 0, pin_locked: false },
        },
      });
      expect(await lockouts(buyer)).toBe(0);
      expect(answer(await buy(t, token, 'airtime', airtime(PIN)))).toEqual(incorrect(1));
      expect((await buy(t, token, 'airtime', airtime(NEW_PIN))).status).toBe(200);
    });

    it('a password reset link does not lift a pin lock: it changes the password only, "Forgot pin?" unlocks', async () => {
      const buyer = await newBuyer(t, 1_000);
      let token = buyer.token;
      for (let logout = 0; logout < 3; logout++) token = await logOutWithWrongPins(buyer, token);
      expect(answer(await buy(t, token, 'airtime', airtime(PIN)))).toEqual(LOCKED);
      expect(
        (await t.call('/api/forgot', { body: { device: 'web', email: buyer.email, token: 'dev-ok:forgot' } })).status,
      ).toBe(200);
      const link = resetTokenFrom(t, buyer.email);
      expect(
        (
          await t.call('/api/reset', {
            token: link,
            body: { new_password: 'a brand new password', confirm_new_password: 'a brand new password' },
          })
        ).status,
      ).toBe(200);
      const pinned = await t.call<UserData>('/api/set-pin', {
        token: link,
        body: { pin: NEW_PIN, confirm_pin: NEW_PIN },
      });
      expect(pinned).toMatchObject({ status: 409, body: { data: { reason: 'pin-kept' } } });
      const login = await t.call<UserData>('/api/login', {
        body: { device: 'web', email: buyer.email, password: 'a brand new password' },
      });
      expect(login.body.data).toMatchObject({ pin_locked: true });
      expect(answer(await buy(t, login.body.data!.token, 'airtime', airtime(PIN)))).toEqual(LOCKED);
      expect(await lockouts(buyer)).toBe(3);
    });

    it('logouts spread over more than a day do not lock', async () => {
      const buyer = await newBuyer(t, 1_000);
      let token = await logOutWithWrongPins(buyer, buyer.token);
      token = await logOutWithWrongPins(buyer, token);
      t.clock.advance(24 * HOUR + MINUTE);
      token = await logOutWithWrongPins(buyer, token);
      expect(await userData(token)).toMatchObject({ pin_locked: false });
      expect((await buy(t, token, 'airtime', airtime(PIN))).status).toBe(200);
    });
  });

  describe('a replayed Idempotency-Key', () => {
    it('answers the stored response only to the right pin; a wrong pin is counted and answered as wrong', async () => {
      const buyer = await newBuyer(t, 1_000);
      const key = newKey();
      const first = await buy(t, buyer.token, 'airtime', airtime(PIN), key);
      expect(first.status).toBe(200);
      const before = await purchaseRowCounts(t);

      expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN), key))).toEqual(incorrect(1));
      const replay = await buy(t, buyer.token, 'airtime', airtime(PIN), key);
      expect(answer(replay)).toEqual(answer(first));
      expect((await userData(buyer.token)).pin_attempts).toBe(0);

      // Replays count toward the logout like any purchase; the key keeps its response.
      for (let attempt = 1; attempt <= 3; attempt++)
        expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN), key))).toEqual(incorrect(attempt));
      expect(answer(await buy(t, buyer.token, 'airtime', airtime(WRONG_PIN), key))).toEqual(LOGOUT);
      expect(await purchaseRowCounts(t)).toEqual(before);
      const token = (await logIn(buyer)).token;
      expect(answer(await buy(t, token, 'airtime', airtime(PIN), key))).toEqual(answer(first));
      expect(await balance(t, token)).toBe(1_000 - netCost('airtime', 100));
    });

    it('answers 423 while the pin is locked, even with the right pin', async () => {
      const buyer = await newBuyer(t, 1_000);
      const key = newKey();
      expect((await buy(t, buyer.token, 'airtime', airtime(PIN), key)).status).toBe(200);
      let token = buyer.token;
      for (let logout = 0; logout < 3; logout++) token = await logOutWithWrongPins(buyer, token);
      expect(answer(await buy(t, token, 'airtime', airtime(PIN), key))).toEqual(LOCKED);
    });
  });

  describe('forgot pin', () => {
    const form = (buyer: Buyer, overrides: Record<string, unknown> = {}) => ({
      password: buyer.password,
      otp: latestPinResetCode(t, buyer.email),
      pin: NEW_PIN,
      confirm_pin: NEW_PIN,
      ...overrides,
    });
    /** A 4-digit code that is certainly not `code`. */
    const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

    it('e-mails a code; reset-pin checks the password and the code, refuses a guessable pin, then sets the pin and tells the user', async () => {
      const buyer = await newBuyer(t, 1_000);
      expect(answer(await forgotPin(buyer.token))).toEqual({
        status: 200,
        body: { type: 'success', message: 'we have sent a code to your email' },
      });
      expect(latestMail(t, buyer.email, 'Your transaction pin reset code').text).toMatch(/expires in 10 minutes/);
      const code = latestPinResetCode(t, buyer.email);

      expect(answer(await resetPin(buyer.token, form(buyer, { password: 'not the password' })))).toEqual({
        status: 400,
        body: { type: 'error', message: 'password is not correct' },
      });
      expect(answer(await resetPin(buyer.token, form(buyer, { otp: otherCode(code) })))).toEqual({
        status: 400,
        body: { type: 'error', message: 'invalid or expired code' },
      });
      for (const [body, message] of [
        [
          form(buyer, { pin: '1234', confirm_pin: '1234' }),
          'this pin is too easy to guess, please choose a different one',
        ],
        [form(buyer, { confirm_pin: '6049' }), 'pin and confirm pin do not match'],
        [form(buyer, { password: '' }), messages.allFormFieldsRequired.message],
        [form(buyer, { otp: undefined }), messages.allFormFieldsRequired.message],
        [form(buyer, { otp: '12a4' }), messages.enterOtp.message],
        [form(buyer, { pin: '604', confirm_pin: '604' }), 'pin must be exactly 4 digits'],
      ] as const) {
        expect(answer(await resetPin(buyer.token, body))).toEqual({ status: 422, body: { type: 'error', message } });
      }
      expect(await storedPin(t, buyer.email)).toBe(PIN);

      const reset = await resetPin(buyer.token, form(buyer));
      expect(reset).toMatchObject({
        status: 200,
        body: {
          type: 'success',
          message: 'pin reset successfully',
          data: { email: buyer.email, pin: 'set', token: buyer.token },
        },
      });
      expect(await storedPin(t, buyer.email)).toBe(NEW_PIN);
      expect(latestMail(t, buyer.email, 'Your Naira Wallet transaction pin was reset').text).toMatch(
        /If this was not you/,
      );
      const notifications = (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body
        .data!;
      expect(notifications[0]).toMatchObject({ title: 'Transaction pin reset', status: 'unread' });
      // The code is spent.
      expect(answer(await resetPin(buyer.token, form(buyer, { pin: '7159', confirm_pin: '7159' })))).toEqual({
        status: 400,
        body: { type: 'error', message: 'invalid or expired code' },
      });
      expect((await buy(t, buyer.token, 'airtime', airtime(NEW_PIN))).status).toBe(200);
    });

    it('keeps the OTP rules: 59-second resend, 10-minute codes, 5 wrong codes in total even across a resend', async () => {
      const buyer = await newBuyer(t);
      expect((await forgotPin(buyer.token)).status).toBe(200);
      t.clock.advance(10 * SECOND + 200);
      expect(answer(await forgotPin(buyer.token))).toEqual({
        status: 429,
        body: { type: 'error', message: messages.resendIn.message.replace('{seconds}', '49') },
      });
      t.clock.advance(49 * SECOND);
      expect((await forgotPin(buyer.token)).status).toBe(200);
      t.clock.advance(10 * MINUTE + SECOND);
      expect(answer(await resetPin(buyer.token, form(buyer)))).toEqual({
        status: 400,
        body: { type: 'error', message: 'invalid or expired code' },
      });

      expect((await forgotPin(buyer.token)).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect(
          (await resetPin(buyer.token, form(buyer, { otp: otherCode(latestPinResetCode(t, buyer.email)) }))).status,
        ).toBe(400);
      t.clock.advance(60 * SECOND);
      expect((await forgotPin(buyer.token)).status).toBe(200);
      // The expired code above was the first wrong one: with this one, five.
      expect(
        (await resetPin(buyer.token, form(buyer, { otp: otherCode(latestPinResetCode(t, buyer.email)) }))).status,
      ).toBe(400);
      const locked = await resetPin(buyer.token, form(buyer));
      expect(answer(locked)).toEqual({
        status: 429,
        body: { type: 'error', message: 'too many wrong codes, please try again in about 30 minutes' },
      });
      expect(await storedPin(t, buyer.email)).toBe(PIN);
    });

    it('a code serves its own purpose: a verify-email code resets no pin, a pin code verifies no e-mail', async () => {
      const buyer = await newBuyer(t);
      expect((await forgotPin(buyer.token)).status).toBe(200);
      const pinCode = latestPinResetCode(t, buyer.email);
      // Contrived: an account with live codes of both purposes (the e-mail unverified again).
      await t.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', buyer.userId).execute();
      t.clock.advance(60 * SECOND);
      expect((await t.call('/api/resend-otp', { token: buyer.token })).status).toBe(200);
      while (latestCode(t, buyer.email) === pinCode) {
        t.clock.advance(60 * SECOND);
        expect((await t.call('/api/resend-otp', { token: buyer.token })).status).toBe(200);
      }
      const emailCode = latestCode(t, buyer.email);

      expect(answer(await resetPin(buyer.token, form(buyer, { otp: emailCode })))).toEqual({
        status: 400,
        body: { type: 'error', message: 'invalid or expired code' },
      });
      expect(answer(await t.call('/api/verify-otp', { token: buyer.token, body: { otp: pinCode } }))).toEqual({
        status: 400,
        body: { type: 'error', message: 'invalid or expired code' },
      });
      expect((await resetPin(buyer.token, form(buyer, { otp: pinCode }))).status).toBe(200);
      expect((await t.call('/api/verify-otp', { token: buyer.token, body: { otp: emailCode } })).status).toBe(200);
    });

    it('needs a session and a pin to reset', async () => {
      expect((await t.call('/api/forgot-pin')).status).toBe(401);
      expect((await t.call('/api/reset-pin', { body: {} })).status).toBe(401);
      const buyer = await newBuyer(t);
      await t.db.updateTable('users').set({ pin_sealed: null }).where('id', '=', buyer.userId).execute();
      const noPin = {
        status: 409,
        body: { type: 'error', message: 'you have not set a pin yet, please set one first' },
      };
      expect(answer(await forgotPin(buyer.token))).toEqual(noPin);
      expect(
        answer(
          await resetPin(buyer.token, { password: buyer.password, otp: '1234', pin: NEW_PIN, confirm_pin: NEW_PIN }),
        ),
      ).toEqual(noPin);
    });
  });
});

describe.each(backends)('PIN_MAX_ATTEMPTS on $name', (backend) => {
  const t = useTestApp(backend, { config: { pinMaxAttempts: 1 } });

  it('sets how many wrong pins are answered before the logout, and is sent with the user fields', async () => {
    const buyer = await newBuyer(t, 500);
    expect(buyer.user).toMatchObject({ max_attempts: 1, pin_attempts: 0 });
    const mtn = await providerId(t, 'airtime', 'MTN');
    const wrong = () =>
      buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: WRONG_PIN });
    expect(answer(await wrong())).toEqual(incorrect(1, 1));
    expect(answer(await wrong())).toEqual(LOGOUT);
  });
});
