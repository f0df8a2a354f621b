import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import { signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(backends)('sessions on $name', (backend) => {
  const t = useTestApp(backend, { config: { sessions: { idleMs: 30 * MINUTE, lifetimeMs: 12 * HOUR } } });

  const getUser = (token?: string, method: 'GET' | 'POST' = 'POST') =>
    t.call<UserData>('/api/get-user', { token, method });
  const expectAuthorisationFailure = (reply: { status: number; body: { type: string; message: string } }) => {
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
    expectAuthorisationFailure(await t.call('/api/get-user', { headers }));
  });

  it('logout revokes the session it was called with, and only that one', async () => {
    const account = await signUp(t);
    const other = await t.call<UserData>('/api/login', {
      body: { device: 'web', email: account.email, password: account.password },
    });
    const reply = await t.call('/api/logout', { token: account.token });
    expect(reply).toMatchObject({ status: 200, body: { type: 'success', message: 'you have been logged out' } });
    expectAuthorisationFailure(await getUser(account.token));
    expectAuthorisationFailure(await t.call('/api/logout', { token: account.token }));
    expect((await getUser(other.body.data!.token)).status).toBe(200);
  });

  const POLLS = ['/api/get-user', '/api/fetch-providers', '/api/fetch-notifications'];
  const expectExpired = (reply: { status: number; body: { type: string; message: string } }) => {
    expectAuthorisationFailure(reply);
    expect(reply.body.message).toBe('your session has expired, please log in again (authorization expired)');
  };

  it('expires a session left idle for the idle time, however often the app polls', async () => {
    const account = await signUp(t);
    const { idleMs } = t.config.sessions;
    // An open tab polls every minute: none of it is the user's activity.
    for (let elapsed = MINUTE; elapsed < idleMs; elapsed += MINUTE) {
      t.clock.advance(MINUTE);
      for (const path of POLLS)
        expect((await t.call(path, { token: account.token })).status, `${path} at ${elapsed / MINUTE} min`).toBe(200);
    }
    t.clock.advance(MINUTE);
    for (const path of POLLS) expectExpired(await t.call(path, { token: account.token }));
    expectExpired(await t.call('/api/fetch-transactions', { token: account.token }));
  });

  it('restarts the idle time on any call that is not a poll', async () => {
    const account = await signUp(t);
    const { idleMs } = t.config.sessions;
    t.clock.advance(idleMs - MINUTE);
    expect((await t.call('/api/fetch-transactions', { token: account.token })).status).toBe(200);
    t.clock.advance(idleMs - MINUTE);
    expect((await getUser(account.token)).status).toBe(200);
    t.clock.advance(MINUTE);
    expectExpired(await getUser(account.token));
  });

  it('ends every session after its lifetime, however active', async () => {
    const account = await signUp(t);
    const { lifetimeMs } = t.config.sessions;
    let elapsed = 0;
    while (elapsed + 20 * MINUTE < lifetimeMs) {
      t.clock.advance(20 * MINUTE);
      elapsed += 20 * MINUTE;
      expect((await t.call('/api/fetch-transactions', { token: account.token })).status).toBe(200);
    }
    t.clock.advance(lifetimeMs - elapsed - 1);
    expect((await getUser(account.token)).status).toBe(200);
    t.clock.advance(1);
    expectExpired(await getUser(account.token));
    expectExpired(await t.call('/api/fetch-transactions', { token: account.token }));
  });

  it('tells an ended session from a revoked or unknown one', async () => {
    const account = await signUp(t);
    await t.call('/api/logout', { token: account.token });
    t.clock.advance(t.config.sessions.lifetimeMs);
    const revoked = await getUser(account.token);
    expectAuthorisationFailure(revoked);
    expect(revoked.body.message).toBe('authorization failed: please log in again');
  });

  it('stores only a keyed hash of the token', async () => {
    const account = await signUp(t);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    const stored = rows.map((row) => Buffer.from(row.token_hash).toString('base64url'));
    expect(stored).not.toContain(account.token);
    expect(rows.every((row) => row.token_hash.length === 32)).toBe(true);
  });
});
