import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../core/contract';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../../server/services/sessions';
import { signUp } from './support/accounts';
import { startTestApp, type TestApp } from './support/app';
import { backends } from './support/backends';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('sessions on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  const getUser = (token?: string, method: 'GET' | 'POST' = 'POST') => t.call<UserData>('/api/get-user', { token, method });
  const expectAuthorizationFailure = (reply: { status: number; body: { type: string; message: string } }) => {
    expect(reply.status).toBe(401);
    expect(reply.body.type).toBe('error');
    expect(reply.body.message).toMatch(/authorization/);
  };

  it('GET and POST /api/get-user answer the user fields with the bearer token', async () => {
    const account = await signUp(t);
    for (const method of ['GET', 'POST'] as const) {
      const reply = await getUser(account.token, method);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual(account.user);
    }
  });

  it.each([
    ['no Authorization header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an unknown token', { authorization: `Bearer ${'x'.repeat(43)}` }],
    ['a token of the wrong shape', { authorization: 'Bearer <script>' }],
  ])('answers %s with 401 containing "authorization"', async (_case, headers) => {
    expectAuthorizationFailure(await t.call('/api/get-user', { headers }));
  });

  it('logout revokes the session it was called with, and only that one', async () => {
    const account = await signUp(t);
    const other = await t.call<UserData>('/api/login', { body: { device: 'web', email: account.email, password: account.password } });
    const reply = await t.call('/api/logout', { token: account.token });
    expect(reply).toMatchObject({ status: 200, body: { type: 'success', message: 'you have been logged out' } });
    expectAuthorizationFailure(await getUser(account.token));
    expectAuthorizationFailure(await t.call('/api/logout', { token: account.token }));
    expect((await getUser(other.body.data!.token)).status).toBe(200);
  });

  it('expires a session left unused for 7 days', async () => {
    const account = await signUp(t);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await getUser(account.token)).status).toBe(200);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await getUser(account.token)).status).toBe(200);
    t.clock.advance(SESSION_IDLE_MS);
    expectAuthorizationFailure(await getUser(account.token));
  });

  it('ends every session after 30 days, however active', async () => {
    const account = await signUp(t);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(6 * DAY);
      expect((await getUser(account.token)).status).toBe(200);
    }
    t.clock.advance(SESSION_LIFETIME_MS - 24 * DAY - 60_000);
    expect((await getUser(account.token)).status).toBe(200);
    t.clock.advance(60_000);
    expectAuthorizationFailure(await getUser(account.token));
  });

  it('stores only a keyed hash of the token', async () => {
    const account = await signUp(t);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    const stored = rows.map((row) => Buffer.from(row.token_hash).toString('base64url'));
    expect(stored).not.toContain(account.token);
    expect(rows.every((row) => row.token_hash.length === 32)).toBe(true);
  });
});
