import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../server/errors';
import { TurnstileCaptcha } from '../../server/gateways/turnstileCaptcha';
import { newPerson, registerBody } from './support/accounts';
import { startTestApp, type TestApp } from './support/app';
import { backends } from './support/backends';

/**
 * A stand-in siteverify endpoint speaking Turnstile's protocol: form-encoded secret, response
 * and remoteip in; JSON with `success` out. 'good-token' passes, 'explode' fails the server.
 */
async function startSiteverify() {
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
      const success = form.secret === 'test-secret' && form.response === 'good-token';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(success ? { success: true, hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('TurnstileCaptcha against a siteverify endpoint', () => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    siteverify = await startSiteverify();
  });
  afterAll(() => siteverify.close());

  it('posts secret, response and remoteip as a form and reads success', async () => {
    const captcha = new TurnstileCaptcha('test-secret', siteverify.url);
    expect(await captcha.verify('good-token', '203.0.113.7')).toBe(true);
    expect(siteverify.requests.at(-1)).toEqual({
      contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
      form: { secret: 'test-secret', response: 'good-token', remoteip: '203.0.113.7' },
    });
    expect(await captcha.verify('bad-token')).toBe(false);
    expect(await new TurnstileCaptcha('wrong-secret', siteverify.url).verify('good-token')).toBe(false);
  });

  it('rejects an empty or oversized token without calling the service', async () => {
    const before = siteverify.requests.length;
    const captcha = new TurnstileCaptcha('test-secret', siteverify.url);
    expect(await captcha.verify('')).toBe(false);
    expect(await captcha.verify('t'.repeat(2049))).toBe(false);
    expect(siteverify.requests.length).toBe(before);
  });

  it('fails with a GatewayError when the service errs or cannot be reached', async () => {
    await expect(new TurnstileCaptcha('test-secret', siteverify.url).verify('explode')).rejects.toBeInstanceOf(GatewayError);
    await expect(new TurnstileCaptcha('test-secret', 'http://127.0.0.1:1/siteverify').verify('good-token')).rejects.toBeInstanceOf(GatewayError);
  });
});

describe.each(backends)('registration with Turnstile on $name', (backend) => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  let t: TestApp;
  beforeAll(async () => {
    siteverify = await startSiteverify();
    t = await startTestApp(backend, { captcha: new TurnstileCaptcha('test-secret', siteverify.url) });
  });
  afterAll(async () => {
    await t.close();
    await siteverify.close();
  });

  it('registers with a token the service accepts, refuses one it rejects (403), and answers 502 when it is down', async () => {
    expect((await t.call('/api/register', { body: { ...registerBody(newPerson()), token: 'good-token' } })).status).toBe(201);
    expect((await t.call('/api/register', { body: { ...registerBody(newPerson()), token: 'dev-ok' } })).status).toBe(403);
    const down = await t.call('/api/register', { body: { ...registerBody(newPerson()), token: 'explode' } });
    expect(down).toMatchObject({ status: 502, body: { type: 'error', message: 'the bot check could not be completed, please try again in a moment' } });
  });
});
