import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { signUp, signUpWithPin } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

describe.each(backends)('POST /api/login on $name', (backend) => {
  const t = useTestApp(backend);

  it('answers every user field with a new session token, the verification time and the pin marker, never the pin', async () => {
    const account = await signUpWithPin(t, '4826');
    const reply = await t.call<UserData>('/api/login', {
      body: { device: 'web', email: account.email.toUpperCase(), password: account.password },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('login successful');
    const user = reply.body.data!;
    expect(user).toMatchObject({
      email: account.email,
      pin: 'set',
      pin_attempts: 0,
      max_attempts: 3,
      pin_locked: false,
      email_verified_at: expect.any(String),
      wallet_balance: 0,
    });
    expect(user.token).not.toBe(account.token);
    // Both sessions are live: logging in elsewhere does not log out here.
    expect((await t.call('/api/get-user', { token: account.token })).status).toBe(200);
    expect((await t.call('/api/get-user', { token: user.token })).status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike, without the word that logs the SPA out', async () => {
    const account = await signUp(t);
    const wrongPassword = await t.call('/api/login', {
      body: { device: 'web', email: account.email, password: 'not the password' },
    });
    const unknownEmail = await t.call('/api/login', {
      body: { device: 'web', email: 'nobody@example.com', password: account.password },
    });
    for (const reply of [wrongPassword, unknownEmail]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ type: 'error', message: 'invalid email or password' });
      expect(reply.body.message).not.toMatch(/authorization/i);
    }
  });

  it.each([
    ['no e-mail', { password: 'whatever1' }, messages.fillForm.message],
    ['no password', { email: 'a@example.com' }, messages.fillForm.message],
    ['an empty password', { email: 'a@example.com', password: '' }, messages.fillForm.message],
    ['a malformed e-mail', { email: 'a@', password: 'whatever1' }, 'please enter a valid email address'],
    ['a password object', { email: 'a@example.com', password: { $gt: '' } }, 'password must be text'],
  ])('answers %s with 422', async (_case, body, message) => {
    const reply = await t.call('/api/login', { body: { device: 'web', ...body } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ type: 'error', message });
  });
});
