import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { newPerson, registerBody } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

describe.each(backends)('POST /api/register on $name', (backend) => {
  const t = useTestApp(backend);

  const userCount = async () =>
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('creates the account and answers 201 with every user field and a working session token', async () => {
    const person = newPerson({ email: `Mixed.Case.${Date.now()}@Example.COM`, phone: '+234 803 123 4567' });
    const reply = await t.call<UserData>('/api/register', { body: registerBody(person) });
    expect(reply.status).toBe(201);
    expect(reply.body.type).toBe('success');
    const user = reply.body.data!;
    expect(user).toEqual({
      tenant: '0',
      name: person.name,
      email: person.email.toLowerCase(),
      phone: '08031234567',
      // A phone typed at sign-up is not verified: no text goes to it until a code comes back.
      phone_verified: false,
      accounts: [],
      wallet_balance: 0,
      pin: '',
      pin_attempts: 0,
      max_attempts: 3,
      pin_locked: false,
      nin: '',
      bvn: '',
      avatar: '',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      email_verified_at: null,
      // A new account: no BVN or NIN verified, so the wallet cannot be funded yet (tier 0, core/tiers.ts); nothing bought, no cashback yet.
      limits: { tier: 0, daily_limit: 50_000, spent_today: 0, left_today: 50_000, balance_cap: 0, can_fund: false },
      cashback_total: 0,
      // The test app's session rules (support/api/app.ts testConfig): 7 idle days, 30 days in all.
      session_idle_seconds: 7 * 24 * 60 * 60,
      session_lifetime_seconds: 30 * 24 * 60 * 60,
      // No language given and no Accept-Language: English.
      language: 'en',
    });
    const me = await t.call<UserData>('/api/get-user', { token: user.token });
    expect(me.body.data).toEqual(user);
  });

  it.each(['08031234567', '+2348031234567', '2348031234567', '+234 0803 123 4567', '0803-123-4567'])(
    'stores the phone %s as 08031234567',
    async (phone) => {
      const reply = await t.call<UserData>('/api/register', { body: registerBody(newPerson({ phone })) });
      expect(reply.body.data?.phone).toBe('08031234567');
    },
  );

  it('sends no code at registration: /verify-email asks for the first one', async () => {
    const person = newPerson();
    await t.call('/api/register', { body: registerBody(person) });
    expect(t.outbox.list(person.email)).toEqual([]);
  });

  it('refuses a second account with the same e-mail, in any letter case, with 409', async () => {
    const person = newPerson();
    expect((await t.call('/api/register', { body: registerBody(person) })).status).toBe(201);
    const again = await t.call('/api/register', {
      body: registerBody({ ...person, email: person.email.toUpperCase() }),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ type: 'error', message: 'an account with this email already exists, please log in' });
  });

  it('refuses a failed bot check with 403 and creates nothing', async () => {
    const before = await userCount();
    for (const token of ['', 'not-the-dev-token']) {
      const reply = await t.call('/api/register', { body: { ...registerBody(newPerson()), token } });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({
        type: 'error',
        message: 'the bot check failed, please reload the page and try again',
      });
    }
    const { token: _omitted, ...withoutToken } = registerBody(newPerson());
    expect((await t.call('/api/register', { body: withoutToken })).status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['a missing name', { name: undefined }, messages.fillForm.message],
    ['a blank name', { name: '   ' }, messages.fillForm.message],
    ['a missing e-mail', { email: undefined }, messages.fillForm.message],
    ['a malformed e-mail', { email: 'not-an-email' }, 'please enter a valid email address'],
    ['a missing phone', { phone: '' }, messages.fillForm.message],
    ['a short phone', { phone: '0803123456' }, 'please enter a valid Nigerian phone number: 11 digits starting with 0'],
    [
      'a foreign phone',
      { phone: '+14155550100' },
      'please enter a valid Nigerian phone number: 11 digits starting with 0',
    ],
    ['a missing password', { password: undefined }, messages.fillForm.message],
    ['a short password', { password: 'short', confirm_password: 'short' }, 'password must be at least 8 characters'],
    [
      'a huge password',
      { password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) },
      'password must be at most 128 characters',
    ],
    ['a different confirmation', { confirm_password: 'something else entirely' }, messages.passwordsMustMatch.message],
    ['a missing confirmation', { confirm_password: undefined }, messages.fillForm.message],
    ['a name that is a number', { name: 42 }, 'name must be text'],
    ['an e-mail that is an array', { email: ['a@b.co'] }, 'email must be text'],
    ['a very long name', { name: 'n'.repeat(101) }, 'name must be at most 100 characters'],
    ['a NUL in the name', { name: 'Ada\u0000Obi' }, 'name must not contain control characters'],
    ['a NUL in the device', { device: 'web\u0000' }, 'device must not contain control characters'],
  ])('answers %s with 422 and its message', async (_case, change, message) => {
    const before = await userCount();
    const reply = await t.call('/api/register', { body: { ...registerBody(newPerson()), ...change } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ type: 'error', message });
    expect(await userCount()).toBe(before);
  });

  it('ignores unknown fields', async () => {
    const reply = await t.call<UserData>('/api/register', {
      body: { ...registerBody(newPerson()), tenant: '99', is_admin: true, wallet_balance: 1e9 },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ tenant: '0', wallet_balance: 0 });
  });
});
