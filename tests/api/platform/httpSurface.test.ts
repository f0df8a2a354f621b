import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, signUp } from '../../support/api/accounts';
import { startTestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

const PRODUCTION = {
  production: true,
  smtpUrl: 'smtp://127.0.0.1:1',
  captchaSecret: 'secret',
  // Never contacted: production has no simulated identity provider.
  identity: { provider: 'dojah' as const, appId: 'app', secretKey: 'secret-key', baseUrl: 'http://127.0.0.1:1' },
};

/** One directive of a Content-Security-Policy, as written. */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe.each(backends)('HTTP surface in development on $name', (backend) => {
  const t = useTestApp(backend);

  it('GET /api/health answers ok', async () => {
    expect(await t.call('/api/health', { method: 'GET' })).toMatchObject({
      status: 200,
      body: { type: 'success', message: 'ok' },
    });
  });

  it('sends a strict CSP and nosniff, no HSTS outside production, and no-store on the API', async () => {
    const { headers } = await t.call('/api/health', { method: 'GET' });
    const csp = String(headers['content-security-policy']);
    // Inline scripts only by their hash: the built pages' own (the default STATIC_DIR may hold a build).
    expect(directive(csp, 'script-src')).toMatch(
      /^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')* https:\/\/challenges\.cloudflare\.com$/,
    );
    for (const directive of [
      "default-src 'self'",
      'frame-src https://challenges.cloudflare.com',
      "connect-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths and methods with a 404 envelope', async () => {
    expect(await t.call('/api/does-not-exist')).toMatchObject({
      status: 404,
      body: { type: 'error', message: 'not found: POST /api/does-not-exist' },
    });
    expect(await t.call('/api/register', { method: 'GET' })).toMatchObject({ status: 404, body: { type: 'error' } });
    expect((await t.call('/dashboard', { method: 'GET' })).status).toBe(404); // no SPA built in tests
  });

  it.each([
    ['malformed JSON', '{"email": ', 400, 'the request body is not valid JSON'],
    ['a __proto__ key', '{"__proto__": {"admin": true}}', 400, 'the request body is not valid JSON'],
    ['a JSON array', '[1, 2]', 422, 'the request body must be a JSON object'],
    ['a JSON string', '"hello"', 422, 'the request body must be a JSON object'],
    ['null', 'null', 422, 'the request body must be a JSON object'],
    ['more than 16 KiB', JSON.stringify({ email: 'x'.repeat(17_000) }), 413, 'the request body is too large'],
  ])('answers %s with %i', async (_case, body, status, message) => {
    expect(await t.call('/api/login', { body })).toMatchObject({ status, body: { type: 'error', message } });
  });

  it('answers a body that is not JSON with 415', async () => {
    const reply = await t.call('/api/login', { body: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect(reply).toMatchObject({
      status: 415,
      body: { type: 'error', message: 'send the request body as JSON (Content-Type: application/json)' },
    });
  });

  it('GET /dev/mailbox lists mails newest first, filtered by recipient', async () => {
    const account = await signUp(t);
    await t.call('/api/resend-otp', { token: account.token });
    t.clock.advance(60_000);
    await t.call('/api/resend-otp', { token: account.token });
    const reply = await t.call<{ to: string; subject: string; text: string; created_at: string }[]>(
      `/dev/mailbox?to=${encodeURIComponent(account.email.toUpperCase())}`,
      { method: 'GET' },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.type).toBe('success');
    const mails = reply.body.data!;
    expect(mails).toHaveLength(2);
    expect(mails[0]).toEqual({
      to: account.email,
      subject: 'Your verification code',
      text: expect.any(String),
      created_at: t.clock.now().toISOString(),
    });
    expect(mails[0].created_at > mails[1].created_at).toBe(true);
  });

  it('GET /dev/sms lists texts newest first, filtered by phone in any of its forms', async () => {
    const account = await signUp(t, { phone: newPhone() });
    await t.call('/api/send-phone-code', { token: account.token });
    t.clock.advance(60_000);
    await t.call('/api/send-phone-code', { token: account.token });
    const international = `+234 ${account.phone.slice(1)}`;
    const reply = await t.call<{ to: string; text: string; created_at: string }[]>(
      `/dev/sms?to=${encodeURIComponent(international)}`,
      { method: 'GET' },
    );
    expect(reply.status).toBe(200);
    const texts = reply.body.data!;
    expect(texts).toHaveLength(2);
    expect(texts[0]).toEqual({ to: account.phone, text: expect.any(String), created_at: t.clock.now().toISOString() });
    expect(texts[0].created_at > texts[1].created_at).toBe(true);
    expect(texts[0].text).toMatch(/\n@localhost #\d{6}$/);
  });
});

describe.each(backends)('HTTP surface in production on $name', (backend) => {
  const t = useTestApp(backend, { config: PRODUCTION });

  it('answers 404 on every /dev/* path', async () => {
    for (const path of [
      '/dev/mailbox',
      '/dev/mailbox?to=a@b.co',
      '/dev/sms?to=08031234567',
      '/dev/bank/transfer',
      '/dev',
    ]) {
      expect(await t.call(path, { method: 'GET' }), path).toMatchObject({ status: 404, body: { type: 'error' } });
    }
    expect((await t.call('/dev/bank/transfer', { body: {} })).status).toBe(404);
  });

  it('sends HSTS', async () => {
    const { headers } = await t.call('/api/health', { method: 'GET' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

const DASHBOARD_PAGE =
  '<!doctype html><title>Naira Wallet</title><link rel="modulepreload" href="/assets/DashboardScreen-1a2b.js"><div id="root"></div>';

/** A built landing page: a script of its own written in (as the boot module is), and one it names. */
const INLINE_SCRIPT = "alert('Hello, world.');";
const INDEX_PAGE = `<!doctype html><title>Naira Wallet</title><script type="module" data-app="/assets/app-1a2b3c.js">${INLINE_SCRIPT}</script><script type="module" src="/assets/app-1a2b3c.js"></script><div id="root"></div>`;
/** The CSP's own worked example: the source that allows exactly that text. */
const INLINE_SCRIPT_SOURCE = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

describe.each(backends)('the built SPA on $name', (backend) => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'naira-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX_PAGE);
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('console.log("app")'));
    await mkdir(join(dist, 'pages'));
    await writeFile(join(dist, 'pages', 'dashboard.html'), DASHBOARD_PAGE);
    await writeFile(join(dist, 'pages', 'dashboard.html.br'), brotliCompressSync(DASHBOARD_PAGE));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const t = useTestApp(backend, () => ({ config: { ...PRODUCTION, staticDir: dist } }));

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("lets the pages' own inline script run by its hash, and no other inline script", async () => {
    for (const url of ['/', '/dashboard', '/api/health']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(directive(csp, 'script-src'), url).toBe(
        `script-src 'self' ${INLINE_SCRIPT_SOURCE} https://challenges.cloudflare.com`,
      );
    }
  });

  it('serves index.html for the root and for every client-side route', async () => {
    for (const url of ['/', '/dashboard', '/reset?token=abc', '/set-pin?token=abc']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('answers a route that has a page of its own (scripts/routePages.ts) with that page, compressed when accepted', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard?from=login']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(DASHBOARD_PAGE);
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
    }
    const compressed = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(DASHBOARD_PAGE);
    // Any other path keeps the plain index.html.
    expect((await get('/activities')).body).not.toContain('modulepreload');
  });

  it("answers paths without a page of their own with the prerendered 'not here' page once the build has one", async () => {
    const notFound = '<!doctype html><title>Naira Wallet</title><div id="root"><p>not here</p></div>';
    await writeFile(join(dist, 'pages', '404.html'), notFound);
    const withPage = await startTestApp(backend, { config: { ...PRODUCTION, staticDir: dist } });
    try {
      const response = await withPage.app.inject({ method: 'GET', url: '/no-such-screen' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(notFound);
      expect((await withPage.app.inject({ method: 'GET', url: '/' })).body).not.toContain('not here');
    } finally {
      await withPage.close();
      await rm(join(dist, 'pages', '404.html'));
    }
  });

  it("answers each page in the visitor's language: the chosen one (its cookie), else the browser's, else English", async () => {
    const yoruba = (page: string) =>
      `<!doctype html><html lang="yo"><title>Naira Wallet</title><div id="root">${page}</div>`;
    await mkdir(join(dist, 'i18n', 'yo', 'pages'), { recursive: true });
    await writeFile(join(dist, 'i18n', 'yo', 'index.html'), yoruba('ilé'));
    await writeFile(join(dist, 'i18n', 'yo', 'pages', 'dashboard.html'), yoruba('àpò'));
    const withLanguages = await startTestApp(backend, { config: { ...PRODUCTION, staticDir: dist } });
    const page = (url: string, headers: Record<string, string>) =>
      withLanguages.app.inject({ method: 'GET', url, headers });
    try {
      expect((await page('/', { 'accept-language': 'yo-NG,en;q=0.5' })).body).toBe(yoruba('ilé'));
      expect((await page('/dashboard', { 'accept-language': 'fr, yo;q=0.9' })).body).toBe(yoruba('àpò'));
      // The visitor's choice outweighs the browser's list, both ways.
      expect((await page('/dashboard', { cookie: 'theme=dark; lang=yo', 'accept-language': 'en' })).body).toBe(
        yoruba('àpò'),
      );
      expect((await page('/dashboard', { cookie: 'lang=en', 'accept-language': 'yo' })).body).toBe(DASHBOARD_PAGE);
      // A language the build has no pages in, or one the app does not speak, is answered in English.
      expect((await page('/dashboard', { 'accept-language': 'ha' })).body).toBe(DASHBOARD_PAGE);
      expect((await page('/dashboard', { cookie: 'lang=../../etc', 'accept-language': 'fr' })).body).toBe(
        DASHBOARD_PAGE,
      );
      // No cache between us and a visitor keeps one visitor's page for another.
      const asked: Record<string, string>[] = [
        { 'accept-language': 'yo' },
        { 'accept-language': 'en', 'accept-encoding': 'br' },
      ];
      for (const headers of asked) {
        const answered = await page('/dashboard', headers);
        expect(answered.headers['cache-control']).toBe('private, no-cache');
        expect(answered.headers.etag).toBeTruthy();
      }
    } finally {
      await withLanguages.close();
      await rm(join(dist, 'i18n'), { recursive: true });
    }
  });

  it('serves hashed assets with a long cache, and a missing file as 404', async () => {
    const asset = await get('/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/missing-0000.js')).statusCode).toBe(404);
  });

  it('answers the brotli copy written at build time to a browser that accepts it, the plain file otherwise', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('leaves a file without a compressed copy as it is: the API compresses its answers, never the files', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'br, gzip' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-encoding']).toBeUndefined();
    expect(index.body).toContain('<div id="root">');
    const gzipOnly = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers['content-encoding']).toBeUndefined();
    expect(gzipOnly.body).toBe('console.log("app")');
  });

  it('keeps /api and /dev answering JSON, never the SPA', async () => {
    for (const url of ['/api/unknown', '/dev/mailbox']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ type: 'error' });
    }
  });
});
