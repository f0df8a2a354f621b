import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DevCaptcha } from '../../../server/gateways/devCaptcha';
import { tagOf } from '../../../server/http/polls';
import { signUp, type SignedUp } from '../../support/api/accounts';
import type { TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

/**
 * The app's three polls, asked as it asks them: a GET with the last answer's tag. 304 with no body
 * while the answer is the same, 200 with a new tag once it changed; the answers compressed.
 */

type Change = (t: TestApp, account: SignedUp) => Promise<unknown>;

const userIdOf = async (t: TestApp, email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Each polled call, and a change of its answer as another request, a job or an operator would make it. */
const POLLS: [string, Change][] = [
  [
    '/api/get-user',
    async (t, account) =>
      t.db.updateTable('users').set({ name: 'Chioma Eze' }).where('email', '=', account.email).execute(),
  ],
  [
    '/api/fetch-providers',
    // A catalogue change bumps its version (018_catalog_version.sql), whoever makes it.
    async (t) => t.db.updateTable('providers').set({ position: 99 }).where('name', '=', 'MTN').execute(),
  ],
  [
    '/api/fetch-notifications',
    async (t, account) =>
      t.db
        .insertInto('notifications')
        .values({
          user_id: await userIdOf(t, account.email),
          title: 'Wallet funded',
          content: '₦5,000.00 received',
          created_at: t.clock.now(),
        })
        .execute(),
  ],
];

/** The headers that say how a body is run, sniffed, framed or read: a 304 has no body for them. */
const BODY_HEADERS = [
  'content-type',
  'content-security-policy',
  'x-content-type-options',
  'cross-origin-resource-policy',
  'x-frame-options',
  'strict-transport-security',
];

function asker(t: TestApp) {
  return (url: string, token: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: method === 'POST' ? '{}' : undefined,
    });
}

describe.each(backends)('the polls answer 304 while nothing changed, on $name', (backend) => {
  const t = useTestApp(backend);
  const ask = asker(t);

  it.each(POLLS)('%s: 304 with no body while unchanged, 200 with a new tag once changed', async (url, change) => {
    const account = await signUp(t);
    const first = await ask(url, account.token);
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    // Computed from the body as sent: a changed answer changes it.
    expect(tag).toBe(tagOf(first.body));
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const same = await ask(url, account.token, { 'if-none-match': tag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(tag);
    expect(same.headers['cache-control']).toBe('no-store');
    expect(same.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const name of BODY_HEADERS) expect(same.headers[name], name).toBeUndefined();

    await change(t, account);
    const changed = await ask(url, account.token, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toBe(first.body);
    expect(changed.json()).toMatchObject({ type: 'success' });
    const newTag = String(changed.headers.etag);
    expect(newTag).not.toBe(tag);
    expect(newTag).toBe(tagOf(changed.body));
    expect((await ask(url, account.token, { 'if-none-match': newTag })).statusCode).toBe(304);
  });

  it.each(POLLS)('%s: the POST form answers as it always did, with no validator', async (url) => {
    const account = await signUp(t);
    const tag = String((await ask(url, account.token)).headers.etag);
    const posted = await ask(url, account.token, { 'if-none-match': tag }, 'POST');
    expect(posted.statusCode).toBe(200);
    expect(posted.headers.etag).toBeUndefined();
    expect(posted.json()).toMatchObject({ type: 'success' });
  });

  it('compares tags weakly, in a list or as `*`, as a GET is compared', async () => {
    const account = await signUp(t);
    const tag = String((await ask('/api/get-user', account.token)).headers.etag);
    const opaque = tag.slice(2);
    for (const ifNoneMatch of [`"other", ${tag}`, opaque, '*'])
      expect(
        (await ask('/api/get-user', account.token, { 'if-none-match': ifNoneMatch })).statusCode,
        ifNoneMatch,
      ).toBe(304);
    for (const ifNoneMatch of ['"other"', `W/"${opaque.slice(1, -2)}"`, ''])
      expect(
        (await ask('/api/get-user', account.token, { 'if-none-match': ifNoneMatch })).statusCode,
        ifNoneMatch,
      ).toBe(200);
  });

  it("answers each user's own tag: another's is a full answer, and a refused session is 401, never 304", async () => {
    const [ada, chidi] = [await signUp(t), await signUp(t)];
    const adaTag = String((await ask('/api/get-user', ada.token)).headers.etag);
    const theirs = await ask('/api/get-user', chidi.token, { 'if-none-match': adaTag });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ data: { email: chidi.email } });
    expect((await t.call('/api/logout', { token: ada.token, body: {} })).status).toBe(200);
    const refused = await ask('/api/get-user', ada.token, { 'if-none-match': adaTag });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ type: 'error' });
    expect(refused.headers.etag).toBeUndefined();
  });
});

describe.each(backends)("a poll's headers in production, on $name", (backend) => {
  const t = useTestApp(backend, {
    config: {
      production: true,
      smtpUrl: 'smtp://127.0.0.1:1',
      captchaSecret: 'secret',
      identity: { provider: 'dojah', appId: 'app', secretKey: 'secret-key', baseUrl: 'http://127.0.0.1:1' },
    },
    // Never contacted but by the sign-ups: the tests' stand-ins for the bot check and the identity provider.
    captcha: new DevCaptcha(),
  });
  const ask = asker(t);

  it('every security header with the answer, only the validator and the cache rule with its 304', async () => {
    const { token } = await signUp(t);
    const full = await ask('/api/get-user', token);
    expect(full.statusCode).toBe(200);
    expect(full.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(full.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const same = await ask('/api/get-user', token, { 'if-none-match': String(full.headers.etag) });
    expect(same.statusCode).toBe(304);
    expect(Object.keys(same.headers).sort()).toEqual(['cache-control', 'connection', 'date', 'etag', 'x-request-id']);
  });
});

describe.each(backends)('the API answers compressed, on $name', (backend) => {
  const t = useTestApp(backend);
  const ask = asker(t);

  it('brotli or gzip as the client accepts, the same JSON either way', async () => {
    const account = await signUp(t);
    const plain = await ask('/api/fetch-providers', account.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ask('/api/fetch-providers', account.token, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The tag is the JSON's, whatever the encoding: a compressed answer is revalidated as the plain one.
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gzip = await ask('/api/fetch-providers', account.token, { 'accept-encoding': 'gzip' }, 'POST');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const identity = await ask('/api/fetch-providers', account.token, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('leaves short answers and 304s as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ type: 'success' });
    const account = await signUp(t);
    const encodings = { 'accept-encoding': 'br' };
    const tag = String((await ask('/api/get-user', account.token, encodings)).headers.etag);
    const same = await ask('/api/get-user', account.token, { ...encodings, 'if-none-match': tag });
    expect(same.statusCode).toBe(304);
    expect(same.headers['content-encoding']).toBeUndefined();
  });

  it('never reads a compressed request body', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.com', password: 'whatever' })),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ type: 'error', message: 'the request body is not valid JSON' });
  });
});
