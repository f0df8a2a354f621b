import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../server/errors';
import {
  ProviderHttp,
  ProviderUnavailableError,
  type ProviderHttpOptions,
} from '../../../server/gateways/providerHttp';
import { runInContext } from '../../../server/http/requestContext';
import { ManualClock } from '../../support/api/manualClock';

/**
 * A local provider whose next answers the test scripts: each request takes the next behaviour
 * in the queue (the last one repeats). Every request's method, path and body is recorded.
 */
type Behaviour = { status: number; body: string; headers?: Record<string, string> } | 'stall' | 'stall-body' | 'drop';

async function startProvider() {
  let script: Behaviour[] = [];
  const received: { method: string; path: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', body, headers: request.headers });
      const behaviour = script.length > 1 ? script.shift()! : script[0];
      if (behaviour === 'stall') return; // never answers: the client's timeout must end it
      if (behaviour === 'stall-body') {
        // Its headers and the start of a body, then nothing more.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '64' }).write('{"code":');
        return;
      }
      if (behaviour === 'drop') {
        request.socket.destroy();
        return;
      }
      response
        .writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers })
        .end(behaviour.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    received,
    answer: (...behaviours: Behaviour[]) => {
      script = behaviours;
      received.length = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const ok = (body: unknown = { code: '000' }): Behaviour => ({ status: 200, body: JSON.stringify(body) });
const serverError: Behaviour = { status: 500, body: '<html>Internal Server Error</html>' };

function memoryLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
  };
}

describe('ProviderHttp against a local provider', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let log: ReturnType<typeof memoryLog>;
  // Retried at once: which calls are retried is what these tests check, not how long the backoff is.
  const client = (options: Partial<ProviderHttpOptions> = {}) =>
    new ProviderHttp({ provider: 'VTpass', baseUrl: provider.url, timeoutMs: 300, retryDelayMs: 0, log, ...options });

  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.close());
  beforeEach(() => {
    log = memoryLog();
  });

  it('sends JSON with the given headers and answers the parsed body, whatever a 4xx status', async () => {
    provider.answer({
      status: 401,
      body: JSON.stringify({ code: '087', response_description: 'INVALID CREDENTIALS' }),
    });
    const answer = await client().request({
      method: 'POST',
      path: '/pay',
      headers: { 'api-key': 'k' },
      json: { serviceID: 'mtn' },
      idempotent: false,
    });
    expect(answer).toEqual({ status: 401, body: { code: '087', response_description: 'INVALID CREDENTIALS' } });
    expect(provider.received).toMatchObject([
      {
        method: 'POST',
        path: '/api/pay',
        body: '{"serviceID":"mtn"}',
        headers: { 'api-key': 'k', 'content-type': 'application/json' },
      },
    ]);
  });

  it('answers an undefined body for a body that is not JSON', async () => {
    provider.answer({ status: 200, body: '<html>maintenance</html>' });
    expect(await client().request({ method: 'GET', path: '/balance', idempotent: true })).toEqual({
      status: 200,
      body: undefined,
    });
  });

  /**
   * A payment (not idempotent) to a provider that holds it as `behaviour` says: its timeout passes
   * when the clock is moved past it, once the provider has the request. Answers what it failed with.
   */
  async function heldPayment(behaviour: 'stall' | 'stall-body'): Promise<unknown> {
    provider.answer(behaviour);
    const clock = new ManualClock();
    const failure = client({ timeouts: clock })
      .request({ method: 'POST', path: '/pay', json: {}, idempotent: false })
      .catch((error: unknown) => error);
    await expect.poll(() => provider.received.length).toBe(1);
    clock.advance(300);
    return failure;
  }

  it('times out a provider that does not answer, on the timeouts it is given, with the user message, and does not retry a call not marked idempotent', async () => {
    const failure = await heldPayment('stall');
    expect(failure).toBeInstanceOf(ProviderUnavailableError);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({
      status: 503,
      retryAfterS: 30,
      failure: 'timeout',
      maybeReceived: true,
      message: 'VTpass is not answering right now. Please try again in a few minutes.',
    });
    expect(provider.received).toHaveLength(1);
  });

  it('times out a provider that sends its headers and then stalls in the body', async () => {
    expect(await heldPayment('stall-body')).toMatchObject({ failure: 'timeout', maybeReceived: true });
    expect(provider.received).toHaveLength(1);
  });

  it("does not follow a redirect: the answer is the provider's own, and nothing is sent elsewhere", async () => {
    provider.answer({ status: 307, body: '{}', headers: { location: `${provider.url}/elsewhere` } });
    expect(
      await client().request({ method: 'POST', path: '/pay', json: { serviceID: 'mtn' }, idempotent: false }),
    ).toEqual({ status: 307, body: {} });
    expect(provider.received.map((request) => request.path)).toEqual(['/api/pay']);
  });

  it('retries an idempotent call after a timeout, a dropped connection or a 5xx, up to the bound', async () => {
    provider.answer(
      'stall',
      'drop',
      serverError,
      ok({ code: '000', content: { transactions: { status: 'delivered' } } }),
    );
    const clock = new ManualClock();
    const answering = client({ retries: 3, timeouts: clock }).request({
      method: 'POST',
      path: '/requery',
      json: { request_id: 'r1' },
      idempotent: true,
    });
    await expect.poll(() => provider.received.length).toBe(1);
    clock.advance(300);
    const answer = await answering;
    expect(answer.body).toEqual({ code: '000', content: { transactions: { status: 'delivered' } } });
    expect(provider.received).toHaveLength(4);

    provider.answer(serverError);
    await expect(
      client({ retries: 2 }).request({ method: 'POST', path: '/requery', json: {}, idempotent: true }),
    ).rejects.toMatchObject({ failure: 'server-error' });
    expect(provider.received).toHaveLength(3);
  });

  it('does not retry a 5xx of a call not marked idempotent', async () => {
    provider.answer(serverError, ok());
    await expect(client().request({ method: 'POST', path: '/pay', json: {}, idempotent: false })).rejects.toMatchObject(
      { failure: 'server-error', maybeReceived: true },
    );
    expect(provider.received).toHaveLength(1);
  });

  it('reports a refused connection as surely not received', async () => {
    const closed = await startProvider();
    const url = closed.url;
    await closed.close();
    const failure = await new ProviderHttp({ provider: 'VTpass', baseUrl: url, timeoutMs: 300, log })
      .request({ method: 'POST', path: '/pay', json: {}, idempotent: false })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'refused', maybeReceived: false });
  });

  it('opens the breaker after the threshold, fails fast while open, half-opens after the cool-down and closes on success', async () => {
    let now = 1_000_000;
    const http = client({ failureThreshold: 3, coolDownMs: 30_000, now: () => now });
    const pay = () => http.request({ method: 'POST', path: '/pay', json: {}, idempotent: false });
    provider.answer(serverError);
    for (let i = 0; i < 3; i++) await expect(pay()).rejects.toMatchObject({ failure: 'server-error' });
    expect(http.breakerState).toBe('open');
    expect(provider.received).toHaveLength(3);

    // Open: no request leaves, and the caller learns it was not received.
    await expect(pay()).rejects.toMatchObject({
      failure: 'circuit-open',
      maybeReceived: false,
      message: 'VTpass is not answering right now. Please try again in a few minutes.',
    });
    expect(provider.received).toHaveLength(3);

    // Half-open: one trial; its failure opens the breaker again for a full cool-down.
    now += 30_000;
    expect(http.breakerState).toBe('half-open');
    await expect(pay()).rejects.toMatchObject({ failure: 'server-error' });
    expect(provider.received).toHaveLength(4);
    expect(http.breakerState).toBe('open');
    now += 29_999;
    await expect(pay()).rejects.toMatchObject({ failure: 'circuit-open' });

    // The next trial succeeds: closed, calls flow again.
    now += 1;
    provider.answer(ok());
    await expect(pay()).resolves.toMatchObject({ status: 200 });
    expect(http.breakerState).toBe('closed');
    await expect(pay()).resolves.toMatchObject({ status: 200 });
    expect(log.lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'provider circuit open: failing fast',
        'provider circuit half-open: sending a trial call',
        'provider circuit closed',
      ]),
    );
  });

  it('lets exactly one trial call through while half-open', async () => {
    let now = 0;
    const http = client({ failureThreshold: 1, coolDownMs: 1_000, now: () => now });
    provider.answer(serverError);
    await expect(http.request({ method: 'GET', path: '/x', idempotent: false })).rejects.toMatchObject({
      failure: 'server-error',
    });
    now = 1_000;
    provider.answer({ status: 200, body: '{}' });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => http.request({ method: 'GET', path: '/x', idempotent: false })),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(provider.received).toHaveLength(1);
  });

  it('options passed as undefined take the defaults (five failures open the breaker)', async () => {
    const http = client({ failureThreshold: undefined, coolDownMs: undefined });
    provider.answer(serverError);
    for (let i = 0; i < 4; i++)
      await http.request({ method: 'GET', path: '/x', idempotent: false }).catch(() => undefined);
    expect(http.breakerState).toBe('closed');
    await http.request({ method: 'GET', path: '/x', idempotent: false }).catch(() => undefined);
    expect(http.breakerState).toBe('open');
  });

  it("counts one signed-in caller's failures once per run, and keeps a breaker per kind of call", async () => {
    const http = client({ failureThreshold: 2 });
    const lookup = (caller?: string) => {
      const call = () =>
        http
          .request({
            method: 'POST',
            path: '/merchant-verify',
            idempotent: true,
            retryWhenReceived: false,
            breaker: 'verify:ikeja-electric',
          })
          .catch(() => undefined);
      return caller ? runInContext({ requestId: `r-${caller}`, caller }, call) : call();
    };
    provider.answer(serverError);
    for (let i = 0; i < 5; i++) await lookup('user:1');
    // Not retried once the provider may have received it: one request per call.
    expect(provider.received).toHaveLength(5);
    expect(http.breakerStateOf('verify:ikeja-electric')).toBe('closed');
    await lookup('user:2');
    expect(http.breakerStateOf('verify:ikeja-electric')).toBe('open');
    // The provider's other calls have breakers of their own.
    expect(http.breakerState).toBe('closed');
    // Calls made for nobody in particular (a job) count each time.
    const jobs = client({ failureThreshold: 2 });
    for (let i = 0; i < 2; i++)
      await jobs.request({ method: 'POST', path: '/requery', idempotent: false }).catch(() => undefined);
    expect(jobs.breakerState).toBe('open');
  });

  it('a success in between resets the count of consecutive failures', async () => {
    const http = client({ failureThreshold: 2 });
    const call = () => http.request({ method: 'GET', path: '/x', idempotent: false }).catch(() => undefined);
    provider.answer(serverError, ok(), serverError, ok());
    for (let i = 0; i < 4; i++) await call();
    expect(http.breakerState).toBe('closed');
  });

  it('logs method, path, status and timing but no header, no query string and no personal or secret value', async () => {
    provider.answer(
      ok({
        code: '000',
        content: {
          transactions: {
            status: 'delivered',
            unique_element: '08011112222',
            product_name: 'MTN Airtime VTU',
            transactionId: '17',
          },
        },
        purchased_code: 'Token : 1234-5678-9012-3456-7890',
        Pin: '998877665544',
        requestId: '202611221514abc',
      }),
    );
    await client().request({
      method: 'POST',
      path: '/pay?secret=1',
      headers: { 'api-key': 'live-api-key', 'secret-key': 'SK_live_secret', authorization: 'Basic c2VjcmV0' },
      json: {
        request_id: '202611221514abc',
        serviceID: 'ikeja-electric',
        billersCode: '45700000001',
        phone: '08011112222',
        amount: 5000,
        variation_code: 'prepaid',
        pin: '1234',
      },
      idempotent: false,
    });
    const written = JSON.stringify(log.lines);
    for (const secret of [
      'live-api-key',
      'SK_live_secret',
      'c2VjcmV0',
      '08011112222',
      '45700000001',
      '1234-5678',
      '998877665544',
      'secret=1',
      '"1234"',
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      level: 'info',
      msg: 'provider call',
      obj: {
        provider: 'VTpass',
        method: 'POST',
        path: '/pay',
        status: 200,
        request: {
          request_id: '202611221514abc',
          serviceID: 'ikeja-electric',
          billersCode: '[redacted]',
          phone: '[redacted]',
          amount: 5000,
          variation_code: 'prepaid',
          pin: '[redacted]',
        },
        response: {
          code: '000',
          content: {
            transactions: { status: 'delivered', unique_element: '[redacted]', product_name: 'MTN Airtime VTU' },
          },
          purchased_code: '[redacted]',
          Pin: '[redacted]',
        },
      },
    });
    expect(log.lines[0].obj.ms).toEqual(expect.any(Number));
  });

  it('logs a failed call as a warning with its kind of failure', async () => {
    provider.answer('stall');
    const clock = new ManualClock();
    const failed = client({ timeouts: clock })
      .request({ method: 'POST', path: '/pay', json: { phone: '08011112222' }, idempotent: false })
      .catch(() => undefined);
    await expect.poll(() => provider.received.length).toBe(1);
    clock.advance(300);
    await failed;
    expect(log.lines).toMatchObject([
      { level: 'warn', msg: 'provider call failed', obj: { failure: 'timeout', request: { phone: '[redacted]' } } },
    ]);
  });
});
