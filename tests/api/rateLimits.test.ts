import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, registerBody, signUp } from './support/accounts';
import { startTestApp, tightLimits, type Reply, type TestApp } from './support/app';
import { backends } from './support/backends';

const MAX = 3;

describe.each(backends)('per-client request limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { config: { rateLimits: tightLimits(MAX) } });
  });
  afterAll(() => t.close());

  const expectLimited = (reply: Reply<unknown>) => {
    expect(reply.status).toBe(429);
    expect(reply.body.type).toBe('error');
    expect(reply.body.message).toMatch(/^too many attempts, please try again in \d+ (second|minute)s?$/);
  };

  it('login: per address and e-mail, so other accounts are still heard', async () => {
    const attempt = (email: string, remoteAddress = '198.51.100.1') =>
      t.call('/api/login', { body: { device: 'web', email, password: 'guessing-again' }, remoteAddress });
    for (let i = 0; i < MAX; i++) expect((await attempt('target@example.com')).status).toBe(401);
    expectLimited(await attempt('target@example.com'));
    expectLimited(await attempt('TARGET@example.com'));
    expect((await attempt('someone.else@example.com')).status).toBe(401);
    expect((await attempt('target@example.com', '198.51.100.2')).status).toBe(401);
  });

  it('forgot: per address and e-mail', async () => {
    const attempt = () => t.call('/api/forgot', { body: { device: 'web', email: 'forgetful@example.com', token: 'dev-ok:forgot' }, remoteAddress: '198.51.100.3' });
    for (let i = 0; i < MAX; i++) expect((await attempt()).status).toBe(200);
    expectLimited(await attempt());
  });

  it('verify-otp: per account, so one account cannot use up another\'s', async () => {
    const [first, second] = [await signUp(t), await signUp(t)];
    const guess = (token: string) => t.call('/api/verify-otp', { token, body: { otp: '0000' } });
    for (let i = 0; i < MAX; i++) expect((await guess(first.token)).status).toBe(400);
    expectLimited(await guess(first.token));
    expect((await guess(second.token)).status).toBe(400);
  });

  it('register: per address', async () => {
    const attempt = (remoteAddress: string) => t.call('/api/register', { body: registerBody(newPerson()), remoteAddress });
    for (let i = 0; i < MAX; i++) expect((await attempt('198.51.100.4')).status).toBe(201);
    expectLimited(await attempt('198.51.100.4'));
    expect((await attempt('198.51.100.5')).status).toBe(201);
  });
});
