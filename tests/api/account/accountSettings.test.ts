import { beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import {
  latestMail,
  signUp,
  signUpVerified,
  signUpWithPin,
  storedPin,
  type SignedUp,
} from '../../support/api/accounts';
import { testConfig, tightLimits } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';

describe.each(backends)('account settings on $name', (backend) => {
  const t = useTestApp(backend);

  describe('POST /api/update-profile', () => {
    let account: SignedUp;
    beforeAll(async () => {
      account = await signUp(t);
    });

    const update = (body: unknown, token = account.token) => t.call<UserData>('/api/update-profile', { token, body });
    const row = () => t.db.selectFrom('users').selectAll().where('email', '=', account.email).executeTakeFirstOrThrow();

    it('updates name, phone, NIN and BVN and answers the user fields; NIN and BVN are verified and never stored or sent back', async () => {
      // Both with the date of birth on their (simulated) records.
      const numbers = { nin: '12345678901', bvn: '22123456789', date_of_birth: SIMULATED_DATE_OF_BIRTH };
      const reply = await update({
        device: 'web',
        name: '  Chioma Adaeze Okafor ',
        phone: '+234 803 765 4321',
        ...numbers,
      });
      expect(reply).toMatchObject({ status: 200, body: { type: 'success', message: 'profile updated successfully' } });
      expect(reply.body.data).toEqual({
        ...account.user,
        name: 'Chioma Adaeze Okafor',
        phone: '08037654321',
        nin: '•••••••8901',
        bvn: '•••••••6789',
        // Both verified: tier 2 (tier 3 needs a verified address too), and the funding accounts opened, in the holder's name.
        limits: {
          tier: 2,
          daily_limit: 200_000,
          spent_today: 0,
          left_today: 200_000,
          balance_cap: 500_000,
          can_fund: true,
        },
        accounts: [
          {
            bank_name: 'Wema Bank',
            account_number: expect.stringMatching(/^\d{10}$/),
            account_name: 'NAIRA WALLET/CHIOMA ADAEZE OKAFOR',
          },
          {
            bank_name: 'Sterling Bank',
            account_number: expect.stringMatching(/^\d{10}$/),
            account_name: 'NAIRA WALLET/CHIOMA ADAEZE OKAFOR',
          },
        ],
      });

      const stored = await row();
      expect(stored).toMatchObject({ nin_last4: '8901', bvn_last4: '6789' });
      expect(stored.nin_verified_at).toBeInstanceOf(Date);
      const everything = JSON.stringify(stored, (_key, value: unknown) =>
        typeof value === 'bigint'
          ? String(value)
          : value instanceof Uint8Array
            ? Buffer.from(value).toString('hex')
            : value,
      );
      expect(everything).not.toContain('12345678901');
      expect(everything).not.toContain('22123456789');
      const user = (await t.call<UserData>('/api/get-user', { token: account.token })).body.data;
      expect(user).toMatchObject({ nin: '•••••••8901', bvn: '•••••••6789' });
      expect(JSON.stringify(user)).not.toMatch(/12345678901|22123456789/);
    });

    it('keeps NIN and BVN when they are left empty or out, and never changes the e-mail', async () => {
      // The name stays as verified: it is frozen once an identity is (identity.test.ts).
      const reply = await update({
        device: 'web',
        name: 'Chioma Adaeze Okafor',
        phone: '08031234567',
        nin: '',
        email: 'attacker@example.com',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({
        name: 'Chioma Adaeze Okafor',
        phone: '08031234567',
        email: account.email,
        nin: '•••••••8901',
        bvn: '•••••••6789',
      });
      expect((await row()).email).toBe(account.email);
    });

    it.each([
      ['no name', { phone: '08031234567' }, messages.nameAndPhoneRequired.message],
      ['a blank name', { name: '   ', phone: '08031234567' }, messages.nameAndPhoneRequired.message],
      ['no phone', { name: 'Chioma Okafor' }, messages.nameAndPhoneRequired.message],
      ['an empty phone', { name: 'Chioma Okafor', phone: '' }, messages.nameAndPhoneRequired.message],
      [
        'a short phone',
        { name: 'Chioma Okafor', phone: '0803123' },
        'please enter a valid Nigerian phone number: 11 digits starting with 0',
      ],
      [
        'a 10-digit NIN',
        { name: 'Chioma Okafor', phone: '08031234567', nin: '1234567890' },
        'nin must be exactly 11 digits',
      ],
      [
        'a 12-digit NIN',
        { name: 'Chioma Okafor', phone: '08031234567', nin: '123456789012' },
        'nin must be exactly 11 digits',
      ],
      [
        'a BVN with letters',
        { name: 'Chioma Okafor', phone: '08031234567', bvn: '2212345678x' },
        'bvn must be exactly 11 digits',
      ],
      [
        'a BVN as a list',
        { name: 'Chioma Okafor', phone: '08031234567', bvn: ['22123456789'] },
        'bvn must be 11 digits as text',
      ],
      [
        'a name of 101 characters',
        { name: 'a'.repeat(101), phone: '08031234567' },
        'name must be at most 100 characters',
      ],
    ])('refuses %s with 422 and changes nothing', async (_case, body, message) => {
      const before = await row();
      expect(await update({ device: 'web', ...body })).toMatchObject({ status: 422, body: { type: 'error', message } });
      expect(await row()).toEqual(before);
    });

    it('requires a session', async () => {
      expect((await t.call('/api/update-profile', { body: { name: 'x', phone: '08031234567' } })).status).toBe(401);
    });
  });

  describe('POST /api/change-password', () => {
    let account: SignedUp;
    beforeAll(async () => {
      account = await signUp(t);
    });

    const change = (body: unknown, token = account.token) => t.call('/api/change-password', { token, body });
    const login = (password: string) =>
      t.call<UserData>('/api/login', { body: { device: 'web', email: account.email, password } });

    it.each([
      [
        'no old password',
        { new_password: 'brand new passphrase', confirm_new_password: 'brand new passphrase' },
        messages.allFormFieldsRequired.message,
      ],
      [
        'an empty new password',
        { old_password: 'x', new_password: '', confirm_new_password: '' },
        messages.allFormFieldsRequired.message,
      ],
      [
        'no confirmation',
        { old_password: 'x', new_password: 'brand new passphrase' },
        messages.allFormFieldsRequired.message,
      ],
      [
        'a different confirmation',
        { old_password: 'x', new_password: 'brand new passphrase', confirm_new_password: 'brand new passphrasE' },
        messages.passwordsMustMatch.message,
      ],
      [
        'a short new password',
        { old_password: 'x', new_password: 'short', confirm_new_password: 'short' },
        'new password must be at least 8 characters',
      ],
    ])('refuses %s with 422', async (_case, body, message) => {
      expect(await change(body)).toMatchObject({ status: 422, body: { type: 'error', message } });
    });

    it('refuses a wrong old password with 400, without the word that logs the app out', async () => {
      const reply = await change({
        old_password: 'not my password',
        new_password: 'brand new passphrase',
        confirm_new_password: 'brand new passphrase',
      });
      expect(reply).toMatchObject({ status: 400, body: { type: 'error', message: 'old password is not correct' } });
      expect(reply.body.message).not.toMatch(/authorization/i);
      expect((await t.call('/api/get-user', { token: account.token })).status).toBe(200);
    });

    it('changes the password, keeps the current session and signs out every other one', async () => {
      const other = (await login(account.password)).body.data!.token;
      const reply = await change({
        old_password: account.password,
        new_password: 'brand new passphrase',
        confirm_new_password: 'brand new passphrase',
      });
      expect(reply).toMatchObject({ status: 200, body: { type: 'success', message: 'password changed successfully' } });
      expect((await t.call('/api/get-user', { token: account.token })).status).toBe(200);
      const revoked = await t.call('/api/get-user', { token: other });
      expect(revoked.status).toBe(401);
      expect(revoked.body.message).toMatch(/authorization/);
      expect((await login(account.password)).status).toBe(401);
      expect((await login('brand new passphrase')).status).toBe(200);
      expect(latestMail(t, account.email, 'Your Naira Wallet password was changed').text).toContain(
        'every other device was signed out',
      );
    });

    it('requires a session', async () => {
      expect((await t.call('/api/change-password', { body: {} })).status).toBe(401);
    });
  });

  describe('POST /api/change-pin', () => {
    /** For the refusals, which change nothing: one account keeps the argon2 hashes few. */
    let shared: SignedUp;
    beforeAll(async () => {
      shared = await signUpWithPin(t, '4826');
    });

    const change = (token: string, old_pin: unknown, new_pin: unknown, confirm_new_pin: unknown = new_pin) =>
      t.call<UserData>('/api/change-pin', { token, body: { old_pin, new_pin, confirm_new_pin } });
    const wrong = (attempts: number) => ({
      status: 400,
      body: {
        type: 'error',
        message: 'old pin is not correct',
        data: { reason: 'pin-incorrect', pin_attempts: attempts, max_attempts: 3, attempts_left: 3 - attempts },
      },
    });

    it('changes the pin and answers the user fields, with the pin marker only', async () => {
      const account = await signUpWithPin(t, '4826');
      const reply = await change(account.token, '4826', '5937');
      expect(reply).toMatchObject({
        status: 200,
        body: { type: 'success', message: 'pin changed successfully', data: { ...account.user, pin: 'set' } },
      });
      const { pin_sealed } = await t.db
        .selectFrom('users')
        .select('pin_sealed')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      expect(pin_sealed).toMatch(/^v1\./);
      expect(await storedPin(t, account.email)).toBe('5937');
      expect(await change(account.token, '4826', '6048')).toMatchObject(wrong(1));
    });

    it.each([
      ['a missing old pin', [undefined, '5937', '5937'], messages.allFormFieldsRequired.message],
      ['an empty confirmation', ['4826', '5937', ''], messages.allFormFieldsRequired.message],
      ['three digits', ['4826', '593', '593'], 'new pin must be exactly 4 digits'],
      ['letters', ['48a6', '5937', '5937'], 'old pin must be exactly 4 digits'],
      ['a number', ['4826', 5937, 5937], 'new pin must be text'],
      ['a different confirmation', ['4826', '5937', '5938'], 'pin and confirm pin do not match'],
    ])('refuses %s with 422', async (_case, [oldPin, newPin, confirm], message) => {
      expect(await change(shared.token, oldPin, newPin, confirm)).toMatchObject({
        status: 422,
        body: { type: 'error', message },
      });
    });

    it('refuses a guessable new pin, and 409 before any pin is set', async () => {
      expect(await change(shared.token, '4826', '1234')).toMatchObject({
        status: 422,
        body: { message: 'this pin is too easy to guess, please choose a different one' },
      });
      expect(await storedPin(t, shared.email)).toBe('4826');
      const fresh = await signUpVerified(t);
      expect(await change(fresh.token, '4826', '5937')).toMatchObject({
        status: 409,
        body: { type: 'error', message: 'you have not set a pin yet, please set one first' },
      });
    });

    it('counts wrong old pins like purchase pins: 3 answered with the attempts left, the 4th ends every session', async () => {
      const account = await signUpWithPin(t, '4826');
      // A right pin in between starts the count again.
      for (let i = 1; i <= 2; i++) expect(await change(account.token, '0001', '5937')).toMatchObject(wrong(i));
      expect(await change(account.token, '4826', '5937')).toMatchObject({
        status: 200,
        body: { data: { pin_attempts: 0 } },
      });
      for (let i = 1; i <= 3; i++) expect(await change(account.token, '0001', '6048')).toMatchObject(wrong(i));
      expect((await t.call<UserData>('/api/get-user', { token: account.token })).body.data).toMatchObject({
        pin_attempts: 3,
        max_attempts: 3,
      });

      const out = await change(account.token, '0001', '6048');
      expect(out).toMatchObject({ status: 401, body: { type: 'error', data: { reason: 'pin-logout' } } });
      expect(out.body.message).toMatch(/authorization/);
      expect((await t.call('/api/get-user', { token: account.token })).status).toBe(401);
      expect(latestMail(t, account.email, 'Your Naira Wallet session was ended').text).toMatch(
        /too many wrong transaction pins/,
      );
      expect(await storedPin(t, account.email)).toBe('5937');
    });

    it('requires a session', async () => {
      expect((await t.call('/api/change-pin', { body: {} })).status).toBe(401);
    });
  });
});

describe.each(backends)('per-account limits of the settings calls on $name', (backend) => {
  let first: SignedUp;
  let second: SignedUp;
  const t = useTestApp(backend, () => {
    const { changePassword, changePin, forgotPin, resetPin } = tightLimits(2);
    return { config: { rateLimits: { ...testConfig().rateLimits, changePassword, changePin, forgotPin, resetPin } } };
  });
  beforeAll(async () => {
    [first, second] = [await signUp(t), await signUp(t)];
  });

  // Each call has its own budget, so they share the accounts (which have no pin: forgot-pin refuses them with 409).
  it.each([
    ['/api/change-password', 422],
    ['/api/change-pin', 422],
    ['/api/reset-pin', 422],
    ['/api/forgot-pin', 409],
  ])('%s answers 429 after the limit, per account', async (path, refused) => {
    for (let i = 0; i < 2; i++) expect((await t.call(path, { token: first.token, body: {} })).status).toBe(refused);
    const limited = await t.call(path, { token: first.token, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^too many attempts, please try again in/);
    expect((await t.call(path, { token: second.token, body: {} })).status).toBe(refused);
  });
});
