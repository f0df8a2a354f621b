import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../server/errors';
import { TurnstileCaptcha } from '../../../server/gateways/turnstileCaptcha';
import { BOT_CHECK_FAILED } from '../../../server/gateways/captcha';
import { newPerson, registerBody, signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

/**
 * A stand-in siteverify endpoint speaking Turnstile's protocol: form-encoded secret, response
 * and remoteip in; JSON with `success`, the widget's `action`, the `hostname` the challenge was
 * served on and `challenge_ts` out. 'solved:<action>' passes, solved for that action on
 * localhost (the test apps' PUBLIC_URL host) just now; '…@<host>' solved on another site;
 * '…~<seconds>' solved that long ago; 'solved-without-action' passes with no action; 'explode'
 * fails the server. "Now" is the clock of the app under test.
 */
async function startSiteverify(now: () => Date = () => new Date()) {
  const requests: { contentType: string | undefined; form: Record<string, string> }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ contentType: request.headers['content-type'], form });
      if (form.response === 'explode') {
        response.writeHead(500).end('internal error');
        return;
      }
      const solved = /^solved:(\w+)(?:@([\w.-]+))?(?:~(-?\d+))?$/.exec(form.response ?? '');
      const success = form.secret === 'test-secret' && (solved !== null || form.response === 'solved-without-action');
      const solvedAt = new Date(now().getTime() - Number(solved?.[3] ?? 0) * 1000);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          success
            ? {
                success: true,
                challenge_ts: solvedAt.toISOString(),
                hostname: solved?.[2] ?? 'localhost',
                action: solved?.[1],
                cdata: '',
                'error-codes': [],
              }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const turnstile = (secret: string, verifyUrl: string) =>
  new TurnstileCaptcha({ secret, verifyUrl, hostname: 'localhost' });

describe('TurnstileCaptcha against a siteverify endpoint', () => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    siteverify = await startSiteverify();
  });
  afterAll(() => siteverify.close());

  it('posts secret, response and remoteip as a form and reads success', async () => {
    const captcha = turnstile('test-secret', siteverify.url);
    expect(await captcha.verify('solved:register', 'register', '203.0.113.7')).toBe(true);
    expect(siteverify.requests.at(-1)).toEqual({
      contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
      form: { secret: 'test-secret', response: 'solved:register', remoteip: '203.0.113.7' },
    });
    expect(await captcha.verify('bad-token', 'register')).toBe(false);
    expect(await turnstile('wrong-secret', siteverify.url).verify('solved:register', 'register')).toBe(false);
  });

  it('accepts a token only for the action it was solved for', async () => {
    const captcha = turnstile('test-secret', siteverify.url);
    for (const action of ['register', 'forgot', 'login'] as const)
      expect(await captcha.verify(`solved:${action}`, action), action).toBe(true);
    expect(await captcha.verify('solved:register', 'forgot')).toBe(false);
    expect(await captcha.verify('solved:forgot', 'register')).toBe(false);
    expect(await captcha.verify('solved:iamhuman', 'register')).toBe(false);
    expect(await captcha.verify('solved:register', 'login')).toBe(false);
    expect(await captcha.verify('solved-without-action', 'register')).toBe(false);
  });

  it('rejects an empty or oversized token without calling the service', async () => {
    const before = siteverify.requests.length;
    const captcha = turnstile('test-secret', siteverify.url);
    expect(await captcha.verify('', 'register')).toBe(false);
    expect(await captcha.verify('t'.repeat(2049), 'register')).toBe(false);
    expect(siteverify.requests.length).toBe(before);
  });

  it('fails with a GatewayError when the service errs or cannot be reached', async () => {
    await expect(turnstile('test-secret', siteverify.url).verify('explode', 'register')).rejects.toBeInstanceOf(
      GatewayError,
    );
    await expect(
      turnstile('test-secret', 'http://127.0.0.1:1/siteverify').verify('solved:register', 'register'),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe.each(backends)('register and forgot with Turnstile on $name', (backend) => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    siteverify = await startSiteverify();
  });
  afterAll(() => siteverify.close());
  const t = useTestApp(backend, () => ({ captcha: turnstile('test-secret', siteverify.url) }));

  it('registers with a token the service accepts, refuses one it rejects (403), and answers 503 with Retry-After when it is down', async () => {
    expect(
      (await t.call('/api/register', { body: { ...registerBody(newPerson()), token: 'solved:register' } })).status,
    ).toBe(201);
    expect((await t.call('/api/register', { body: { ...registerBody(newPerson()), token: 'dev-ok' } })).status).toBe(
      403,
    );
    expect(
      (await t.call('/api/register', { body: { ...registerBody(newPerson()), token: 'dev-ok:register' } })).status,
    ).toBe(403);
    const down = await t.call('/api/register', { body: { ...registerBody(newPerson()), token: 'explode' } });
    expect(down).toMatchObject({
      status: 503,
      headers: { 'retry-after': '10' },
      body: { type: 'error', message: 'the bot check could not be completed, please try again in a moment' },
    });
  });

  it('refuses a token solved for another action: /forgot or /iamhuman tokens do not register, register tokens do not reset', async () => {
    for (const token of ['solved:forgot', 'solved:iamhuman', 'solved:login', 'solved-without-action']) {
      const person = newPerson();
      expect(await t.call('/api/register', { body: { ...registerBody(person), token } }), token).toMatchObject({
        status: 403,
        body: { message: BOT_CHECK_FAILED.message },
      });
    }
    const forgot = (token: string) =>
      t.call('/api/forgot', { body: { device: 'web', email: 'someone@example.com', token } });
    expect(await forgot('solved:register')).toMatchObject({ status: 403, body: { message: BOT_CHECK_FAILED.message } });
    expect((await forgot('solved:forgot')).status).toBe(200);
  });
});

// The attack: a token farmed on another site that uses the same site key (or a page of the
// attacker's own, for keys not restricted to our hostnames), or a solve kept for later, is
// still a token siteverify calls a success. The app's own Turnstile verifier (CAPTCHA_SECRET)
// must refuse both.
describe.each(backends)('Turnstile tokens solved elsewhere or long ago, on $name', (backend) => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    siteverify = await startSiteverify(() => t.clock.now());
  });
  afterAll(() => siteverify.close());
  const t = useTestApp(backend, () => ({ config: { captchaSecret: 'test-secret', captchaVerifyUrl: siteverify.url } }));

  const register = (token: string) => t.call('/api/register', { body: { ...registerBody(newPerson()), token } });

  it('refuses a challenge solved on another hostname', async () => {
    expect(await register('solved:register@phish.example')).toMatchObject({
      status: 403,
      body: { message: BOT_CHECK_FAILED.message },
    });
    expect(await register('solved:register@localhost.phish.example')).toMatchObject({
      status: 403,
      body: { message: BOT_CHECK_FAILED.message },
    });
    expect((await register('solved:register@LOCALHOST')).status).toBe(201);
    expect((await register('solved:register')).status).toBe(201);
  });

  it('refuses a challenge solved more than five minutes ago, or in the future', async () => {
    expect(await register('solved:register~301')).toMatchObject({
      status: 403,
      body: { message: BOT_CHECK_FAILED.message },
    });
    expect(await register('solved:register~86400')).toMatchObject({
      status: 403,
      body: { message: BOT_CHECK_FAILED.message },
    });
    expect(await register('solved:register~-120')).toMatchObject({
      status: 403,
      body: { message: BOT_CHECK_FAILED.message },
    });
    expect((await register('solved:register~290')).status).toBe(201);
  });
});

describe.each(backends)('the development verifier on $name', (backend) => {
  const t = useTestApp(backend);

  it("accepts the development token of the expected action only; plain 'dev-ok' is refused", async () => {
    for (const token of ['dev-ok', 'dev-ok:forgot', 'dev-ok:login', 'dev-ok:iamhuman', 'solved:register']) {
      expect(await t.call('/api/register', { body: { ...registerBody(newPerson()), token } }), token).toMatchObject({
        status: 403,
        body: { message: BOT_CHECK_FAILED.message },
      });
    }
    const account = await signUp(t); // with 'dev-ok:register'
    const forgot = (token: string) => t.call('/api/forgot', { body: { device: 'web', email: account.email, token } });
    expect((await forgot('dev-ok:register')).status).toBe(403);
    expect((await forgot('dev-ok')).status).toBe(403);
    expect((await forgot('dev-ok:forgot')).status).toBe(200);
  });
});
