import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../../server/config';
import { startTestApp, testConfig, tightLimits, type TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * The console's door as an attacker knocks: by the bytes of the request line, over a socket of
 * its own (fastify.inject and fetch would normalise the path first). The router matches the
 * decoded path, so every spelling that reaches a console route must meet its access check;
 * the console answers only its own host; the customer's port never hands out the console's page.
 */

interface RawReply {
  status: number;
  headers: Record<string, string>;
  /** Everything after the head, as sent (chunked bodies included). */
  body: string;
}

/** One request written byte for byte on a connection of its own, read to the end. */
function send(port: number, request: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const JSON_BODY = 'Content-Type: application/json\r\nContent-Length: 2\r\n';
const post = (target: string, host: string) =>
  `POST ${target} HTTP/1.1\r\nHost: ${host}\r\n${JSON_BODY}Connection: close\r\n\r\n{}`;
const get = (target: string, host: string) => `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;

const hex = (letter: string, upper: boolean) => {
  const code = letter.charCodeAt(0).toString(16);
  return `%${upper ? code.toUpperCase() : code}`;
};

/** Spellings of `/ops/api/<rest>`: each letter of ops and api escaped, dot segments, doubled slashes… */
function spellings(url: string): string[] {
  const rest = url.slice('/ops/api/'.length);
  const escapedAt = (word: string, index: number, upper: boolean) =>
    word.slice(0, index) + hex(word[index], upper) + word.slice(index + 1);
  const escaped = [0, 1, 2].flatMap((index) =>
    [false, true].flatMap((upper) => [
      `/${escapedAt('ops', index, upper)}/api/${rest}`,
      `/ops/${escapedAt('api', index, upper)}/${rest}`,
    ]),
  );
  return [
    ...escaped,
    `/%6F%70%73/%61%70%69/${rest}`,
    `/ops/api/${hex(rest[0], false)}${rest.slice(1)}`,
    `/ops/api/../api/${rest}`,
    `/ops/./api/${rest}`,
    `/ops/api/%2e%2e/api/${rest}`,
    `/x/../ops/api/${rest}`,
    `//ops/api/${rest}`,
    `/ops//api/${rest}`,
    `/ops/api//${rest}`,
    `/ops/api/${rest}/`,
    `/ops/api/${rest}?`,
    `/ops/api/${rest};x`,
    `/%6Fps/api/${rest}?from=door`,
  ];
}

const CONSOLE_PAGE = '<!doctype html><title>Naira Wallet console</title><div id="console-root"></div>';
const CONSOLE_CHUNK = 'console.log("the console chunk")';

/** A build as `npm run build` leaves it: the customer's page and assets, the console's page and chunk. */
async function writeBuild(dist: string) {
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Naira Wallet</title><div id="root"></div>');
  await writeFile(join(dist, 'console.html'), CONSOLE_PAGE);
  await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  await writeFile(join(dist, 'assets', 'console-4d5e6f.js'), CONSOLE_CHUNK);
}

describe.each(backends)("the operator console's door on $name", (backend) => {
  let dist: string;
  let port: number;
  let host: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'naira-console-door-'));
    await writeBuild(dist);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const t = useTestApp(backend, () => ({ config: { staticDir: dist } }));
  beforeAll(async () => {
    // The console on a real port, as main.ts listens on it; the app's close() closes it too.
    await t.opsConsole.listen({ port: 0, host: '127.0.0.1' });
    port = (t.opsConsole.server.address() as AddressInfo).port;
    host = `127.0.0.1:${port}`;
  });

  const auditRows = async () => {
    const count = t.db.selectFrom('staff_audit').select((eb) => eb.fn.countAll<string>().as('rows'));
    const { rows } = await count.executeTakeFirstOrThrow();
    return Number(rows);
  };
  const guarded = () => t.opsConsole.consoleRoutes.filter((route) => !('open' in route.access));

  // The attack: no session at all, a console route's path spelled so that a check on the raw URL
  // misses it while the router, which decodes, still finds the route: the audit, the staff list,
  // the cases and the money queues answered 200 with data, and the writes 500.
  it('answers every guarded route 401 (404 where none matches) however its path is spelled; no audit row', async () => {
    expect(guarded().length).toBeGreaterThanOrEqual(25);
    const before = await auditRows();
    const matched: string[] = [];
    for (const route of guarded()) {
      for (const target of spellings(route.url)) {
        const reply = await send(port, post(target, host));
        expect([401, 404], `${target}: ${reply.status} ${reply.body}`).toContain(reply.status);
        expect(JSON.parse(reply.body), target).toMatchObject({ type: 'error' });
        expect(reply.headers['cache-control'], target).toBe('no-store');
        if (reply.status === 401) matched.push(target);
      }
      // Each escaped letter decodes to the route itself: those reach it, and meet its check.
      expect(matched, route.url).toContain(`/%6Fps/api/${route.url.slice('/ops/api/'.length)}`);
      expect(matched, route.url).toContain(`/ops/a%70i/${route.url.slice('/ops/api/'.length)}`);
    }
    expect(await auditRows()).toBe(before);
  });

  // The attack: a request line in absolute form (as to a proxy), whose target does not begin with /ops/api/.
  it('answers every guarded route 401 when the request line is in absolute form', async () => {
    for (const route of guarded()) {
      for (const path of [route.url, `/%6Fps/api/${route.url.slice('/ops/api/'.length)}`]) {
        const reply = await send(port, post(`http://${host}${path}`, host));
        expect(reply.status, `${path}: ${reply.body}`).toBe(401);
        expect(reply.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('answers a GET of a console call, however spelled, 404 in the envelope and never with the page', async () => {
    for (const target of ['/ops/api/glance', '/%6Fps/api/glance', '/ops/%61pi/audit/list', '/ops/api/no-such-call']) {
      const reply = await send(port, get(target, host));
      expect(reply.status, target).toBe(404);
      expect(JSON.parse(reply.body)).toMatchObject({ type: 'error' });
      expect(reply.headers['cache-control'], target).toBe('no-store');
    }
  });

  const MISDIRECTED = 'this is the operator console of 127.0.0.1 only: open it at its own address';
  // The attack: DNS rebinding. A page on the attacker's name, pointed at 127.0.0.1, is a page of
  // the same origin as the console to the browser of anyone who opens it on the staff's machine.
  it('answers only its own host: any other Host, or absolute-form authority, is 421 in the envelope', async () => {
    for (const [request, what] of [
      [post('/ops/api/sign-in', 'rebind.example.com'), 'a foreign Host'],
      [post('/ops/api/glance', `rebind.example.com:${port}`), 'a foreign Host with the port'],
      [get('/', 'rebind.example.com'), 'the page under a foreign Host'],
      [post(`http://rebind.example.com/ops/api/glance`, host), 'an absolute-form authority'],
      [`POST /ops/api/sign-in HTTP/1.0\r\n${JSON_BODY}\r\n{}`, 'no Host at all'],
    ] as const) {
      const reply = await send(port, request);
      expect(reply.status, what).toBe(421);
      expect(JSON.parse(reply.body), what).toEqual({ type: 'error', message: MISDIRECTED });
      expect(reply.headers['cache-control'], what).toBe('no-store');
    }
    // Its own host, under any of this machine's names.
    for (const own of [host, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await send(port, post('/ops/api/glance', own))).status, own).toBe(401);
      const page = await send(port, get('/', own));
      expect([page.status, page.body], own).toEqual([200, CONSOLE_PAGE]);
    }
  });
});

describe.each(backends)("the customer's port on $name", (backend) => {
  let dist: string;
  let port: number;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'naira-customer-door-'));
    await writeBuild(dist);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const t = useTestApp(backend, () => ({ config: { staticDir: dist } }));
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  // The attack: a path the static plugin or the SPA's allow-list reads before normalising.
  it('never serves the console page or its chunks, under any dot-segment or escaped spelling', async () => {
    const targets = [
      '/console.html',
      '/assets/../console.html',
      '/assets/%2e%2e/console.html',
      '/assets/%2E%2E/console.html',
      '/%61ssets/..%2fconsole.html',
      '/assets/..%2Fconsole.html',
      '/assets/.%2e/console.html',
      '/./console.html',
      '//console.html',
      '/%63onsole.html',
      '/console%2ehtml',
      '/x/../console.html',
      '/assets/console-4d5e6f.js',
      '/assets/../assets/console-4d5e6f.js',
      '/%61ssets/console-4d5e6f.js',
      '/assets/%63onsole-4d5e6f.js',
      '/assets//console-4d5e6f.js',
      '/assets/./console-4d5e6f.js',
    ];
    for (const target of targets) {
      const host = `127.0.0.1:${port}`;
      for (const request of [get(target, host), get(`http://${host}${target}`, host)]) {
        const reply = await send(port, request);
        expect(reply.body, `${target}: ${reply.status}`).not.toContain('console-root');
        expect(reply.body, `${target}: ${reply.status}`).not.toContain('the console chunk');
      }
    }
    // The customer's own files are still there.
    expect((await send(port, get('/assets/app-1a2b3c.js', `127.0.0.1:${port}`))).body).toContain('console.log("app")');
  });
});

const LOAD_BALANCER_RANGE = '10.0.0.0/8';
const CONSOLE_PROXY = '10.0.0.3';
const VPN_CLIENT = '10.8.0.5';

describe.each(backends)("the console's own OPS_TRUST_PROXY on $name", (backend) => {
  // Started by hand: each test starts its own app, with the proxy settings it is about.
  let t: TestApp;
  afterEach(() => t.close());
  const start = async (consoleTrusts: TrustProxy) => {
    const base = testConfig();
    const ops = { ...base.ops, trustProxy: consoleTrusts };
    t = await startTestApp(backend, { config: { trustProxy: [LOAD_BALANCER_RANGE], rateLimits: tightLimits(3), ops } });
  };
  const signIn = async (from: string, forwardedFor: string) =>
    (
      await t.opsConsole.inject({
        method: 'POST',
        url: '/ops/api/sign-in',
        remoteAddress: from,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        payload: JSON.stringify({ email: 'nobody@ops.test', password: 'Not-the-password-1' }),
      })
    ).statusCode;

  // The attack: the customer's TRUST_PROXY believes a whole private range (its load balancers); a
  // VPN client of that range reaching the console made up a new address per password it tried,
  // past the per-address limit, and chose the audit's "from where".
  it('believes no X-Forwarded-For on the console but from OPS_TRUST_PROXY, whatever TRUST_PROXY says', async () => {
    await start(false);
    for (let attempt = 0; attempt < 3; attempt++) expect(await signIn(VPN_CLIENT, `203.0.113.${attempt}`)).toBe(401);
    expect(await signIn(VPN_CLIENT, '203.0.113.99')).toBe(429);
  });

  it('believes the proxy OPS_TRUST_PROXY names: each client behind it counted on its own', async () => {
    await start([CONSOLE_PROXY]);
    for (let attempt = 0; attempt < 3; attempt++) expect(await signIn(CONSOLE_PROXY, '203.0.113.7')).toBe(401);
    expect(await signIn(CONSOLE_PROXY, '203.0.113.7')).toBe(429);
    expect(await signIn(CONSOLE_PROXY, '203.0.113.8')).toBe(401);
    // Anyone else's header is still not believed.
    expect(await signIn(VPN_CLIENT, '203.0.113.7')).toBe(401);
  });
});
