import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import {
  latestMail,
  newPerson,
  resetTokenFrom,
  signUp,
  signUpWithPin,
  storedPin,
  type SignedUp,
} from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

const MINUTE = 60_000;
const FORGOT_ANSWER = { type: 'success', message: 'if an account exists for this email, a reset link has been sent' };
const INVALID_LINK = { type: 'error', message: 'this reset link is invalid or has expired' };

describe.each(backends)('password reset on $name', (backend) => {
  const t = useTestApp(backend, { config: { publicUrl: 'https://wallet.example.ng' } });

  const forgot = (email: string, token = 'dev-ok:forgot') =>
    t.call('/api/forgot', { body: { email, device: 'web', token } });
  const reset = (token: string | undefined, new_password: unknown, confirm_new_password: unknown = new_password) =>
    t.call('/api/reset', { token, body: { new_password, confirm_new_password } });
  const setPin = (token: string, pin: string) =>
    t.call<UserData>('/api/set-pin', { token, body: { pin, confirm_pin: pin } });
  const login = (email: string, password: string) =>
    t.call<UserData>('/api/login', { body: { device: 'web', email, password } });

  const userIdOf = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  async function forgotten(account: SignedUp): Promise<string> {
    expect(await forgot(account.email)).toMatchObject({ status: 200, body: FORGOT_ANSWER });
    return resetTokenFrom(t, account.email);
  }

  describe('POST /api/forgot', () => {
    it('answers the same whether or not the account exists, and mails a link only to a real account', async () => {
      const account = await signUp(t);
      const unknown = newPerson().email;
      expect(await forgot(account.email)).toEqual(expect.objectContaining({ status: 200, body: FORGOT_ANSWER }));
      expect(await forgot(unknown)).toEqual(expect.objectContaining({ status: 200, body: FORGOT_ANSWER }));
      expect(t.outbox.list(unknown)).toEqual([]);
      const mail = latestMail(t, account.email, 'Reset your Naira Wallet password');
      expect(mail.text).toMatch(/https:\/\/wallet\.example\.ng\/reset\?token=[A-Za-z0-9_-]{43}\b/);
    });

    it('stores only a hash of the link token', async () => {
      const account = await signUp(t);
      const token = await forgotten(account);
      const rows = await t.db.selectFrom('password_reset_tokens').select('token_hash').execute();
      expect(rows.map((r) => Buffer.from(r.token_hash).toString('base64url'))).not.toContain(token);
    });

    it('requires the bot check (403) and an e-mail (422)', async () => {
      const account = await signUp(t);
      expect(await forgot(account.email, 'wrong')).toMatchObject({ status: 403, body: { type: 'error' } });
      expect(await t.call('/api/forgot', { body: { device: 'web', token: 'dev-ok:forgot' } })).toMatchObject({
        status: 422,
        body: { message: messages.enterEmail.message },
      });
      expect(t.outbox.list(account.email)).toEqual([]);
    });

    it('sends at most 3 links an hour to one account, silently', async () => {
      const account = await signUp(t);
      for (let i = 0; i < 5; i++)
        expect(await forgot(account.email)).toMatchObject({ status: 200, body: FORGOT_ANSWER });
      expect(t.outbox.list(account.email)).toHaveLength(3);
    });

    it('keeps only the newest link working', async () => {
      const account = await signUp(t);
      const first = await forgotten(account);
      const second = await forgotten(account);
      expect(await reset(first, 'a brand new password')).toMatchObject({ status: 400, body: INVALID_LINK });
      expect((await reset(second, 'a brand new password')).status).toBe(200);
    });
  });

  describe('POST /api/reset and then /api/set-pin with the same link', () => {
    it('resets the password and signs out everywhere; an account with a pin keeps it (the link sets none)', async () => {
      const account = await signUpWithPin(t, '4826');
      const link = await forgotten(account);

      expect(await reset(link, 'a brand new password')).toMatchObject({
        status: 200,
        body: { type: 'success', message: 'password reset successful' },
      });
      const oldSession = await t.call('/api/get-user', { token: account.token });
      expect(oldSession.status).toBe(401);
      expect(oldSession.body.message).toMatch(/authorization/);
      expect((await login(account.email, account.password)).status).toBe(401);
      // The link is not a session: it opens nothing but the pin step.
      expect((await t.call('/api/get-user', { token: link })).status).toBe(401);

      expect(await t.call('/api/reset-link', { token: link, body: {} })).toMatchObject({
        status: 200,
        body: { data: { pin_set: true } },
      });
      expect(await setPin(link, '5937')).toMatchObject({
        status: 409,
        body: { type: 'error', data: { reason: 'pin-kept' } },
      });
      expect(await storedPin(t, account.email)).toBe('4826');
      expect(await reset(link, 'yet another password')).toMatchObject({ status: 400, body: INVALID_LINK });
      expect((await login(account.email, 'a brand new password')).body.data!.pin).toBe('set');
      expect(latestMail(t, account.email, 'Your Naira Wallet password was reset').text).toContain(
        'Your transaction pin is unchanged',
      );
    });

    it('sets the first pin of an account without one, once, with a new session', async () => {
      const account = await signUp(t);
      const link = await forgotten(account);
      expect((await reset(link, 'a brand new password')).status).toBe(200);
      const pinned = await setPin(link, '5937');
      expect(pinned.status).toBe(200);
      expect(pinned.body.message).toBe('pin set successfully');
      const user = pinned.body.data!;
      expect(user).toMatchObject({ email: account.email, pin: 'set' });
      expect(await storedPin(t, account.email)).toBe('5937');
      expect(user.token).not.toBe(link);
      expect((await t.call<UserData>('/api/get-user', { token: user.token })).body.data).toEqual(user);
      expect(await setPin(link, '6048')).toMatchObject({ status: 400, body: INVALID_LINK });
      expect(await t.call('/api/reset-link', { token: link, body: {} })).toMatchObject({
        status: 400,
        body: INVALID_LINK,
      });
    });

    it('lets only one of several simultaneous uses of a link win, at each step', async () => {
      const account = await signUp(t);
      const link = await forgotten(account);
      const resets = await Promise.all(
        ['first new password', 'second new password', 'third new password'].map((p) => reset(link, p)),
      );
      expect(resets.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      const pins = await Promise.all(['5937', '6048', '7159'].map((pin) => setPin(link, pin)));
      expect(pins.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      expect(
        await t.db
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', await userIdOf(account.email))
          .where('revoked_at', 'is', null)
          .execute(),
      ).toHaveLength(1);
    });

    it('allows one reset per link: a second reset fails', async () => {
      const account = await signUp(t);
      const link = await forgotten(account);
      expect((await reset(link, 'a brand new password')).status).toBe(200);
      expect(await reset(link, 'another new password')).toMatchObject({ status: 400, body: INVALID_LINK });
      expect((await login(account.email, 'a brand new password')).status).toBe(200);
    });

    it('refuses a guessable pin at the pin step and keeps the link for a better one', async () => {
      const account = await signUp(t);
      const link = await forgotten(account);
      await reset(link, 'a brand new password');
      expect(await setPin(link, '1234')).toMatchObject({
        status: 422,
        body: { type: 'error', message: 'this pin is too easy to guess, please choose a different one' },
      });
      expect((await setPin(link, '5937')).status).toBe(200);
    });

    it('refuses the pin step before the password step', async () => {
      const account = await signUp(t);
      const link = await forgotten(account);
      expect(await setPin(link, '5937')).toMatchObject({ status: 400, body: INVALID_LINK });
    });

    it('expires the link 30 minutes after it was sent, for both steps', async () => {
      const account = await signUp(t);
      const link = await forgotten(account);
      t.clock.advance(30 * MINUTE);
      expect(await reset(link, 'a brand new password')).toMatchObject({ status: 400, body: INVALID_LINK });

      const second = await forgotten(account);
      t.clock.advance(20 * MINUTE);
      expect((await reset(second, 'a brand new password')).status).toBe(200);
      t.clock.advance(10 * MINUTE);
      expect(await setPin(second, '5937')).toMatchObject({ status: 400, body: INVALID_LINK });
    });

    it('verifies the e-mail of an unverified account: opening the link proved the address', async () => {
      const account = await signUp(t);
      const link = await forgotten(account);
      await reset(link, 'a brand new password');
      const pinned = await setPin(link, '5937');
      expect(pinned.body.data!.email_verified_at).toBe(t.clock.now().toISOString());
    });

    it.each([
      ['nothing', undefined, undefined, messages.enterNewPassword.message],
      ['an empty confirmation', 'a brand new password', '', messages.enterNewPassword.message],
      ['a mismatch', 'a brand new password', 'a different password', messages.passwordMismatch.message],
      ['a short password', 'short', 'short', 'new password must be at least 8 characters'],
    ])('answers %s with 422 and leaves the link usable', async (_case, password, confirmation, message) => {
      const account = await signUp(t);
      const link = await forgotten(account);
      expect(await reset(link, password, confirmation)).toMatchObject({
        status: 422,
        body: { type: 'error', message },
      });
      expect((await reset(link, 'a brand new password')).status).toBe(200);
    });

    it('answers a missing or unknown link with 400, never with the word that logs out', async () => {
      for (const token of [undefined, 'B'.repeat(43)]) {
        const reply = await reset(token, 'a brand new password');
        expect(reply).toMatchObject({ status: 400, body: INVALID_LINK });
        expect(reply.body.message).not.toMatch(/authorization/);
      }
    });
  });
});
