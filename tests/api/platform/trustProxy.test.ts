import { afterEach, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../../server/config';
import { startTestApp, tightLimits, type TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';

/**
 * Whose address the per-address limits count, with `X-Forwarded-For` sent by a trusted hop (the
 * load balancer) and by anyone else. The register limit (2 a minute here) is keyed by address;
 * an empty body is refused after the limiter has counted it, so no account is made.
 */
const LOAD_BALANCER = '10.0.0.2';
const CLIENT = '203.0.113.7';
const ANOTHER_CLIENT = '203.0.113.8';
const ATTACKER = '198.51.100.9';

describe.each(backends)('TRUST_PROXY on $name', (backend) => {
  // Started by hand: each test starts its own app, with the TRUST_PROXY setting it is about.
  let t: TestApp;
  afterEach(() => t.close());

  async function start(trustProxy: TrustProxy) {
    t = await startTestApp(backend, { config: { trustProxy, rateLimits: tightLimits(2) } });
    // The address every per-address limit is keyed by (routes/rateLimits.ts: request.ip).
    t.app.get('/test/client-address', async (request) => ({ type: 'success', message: request.ip }));
  }

  const seenAs = async (from: string, forwardedFor?: string) =>
    (
      await t.call('/test/client-address', {
        method: 'GET',
        remoteAddress: from,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).body.message;

  const register = async (from: string, forwardedFor?: string) =>
    (
      await t.call('/api/register', {
        body: {},
        remoteAddress: from,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).status;

  it('unset (false): X-Forwarded-For is ignored, so rotating it buys no attempts', async () => {
    await start(false);
    expect(await seenAs(ATTACKER, CLIENT)).toBe(ATTACKER);
    expect(await register(ATTACKER, '192.0.2.1')).toBe(422);
    expect(await register(ATTACKER, '192.0.2.2')).toBe(422);
    expect(await register(ATTACKER, '192.0.2.3')).toBe(429);
  });

  it("the load balancers' addresses: their X-Forwarded-For names the client; anyone else's is ignored", async () => {
    await start(['10.0.0.0/8']);
    expect(await seenAs(LOAD_BALANCER, CLIENT)).toBe(CLIENT);
    // A client that writes its own header gets it extended by the balancer: the balancer's entry counts.
    expect(await seenAs(LOAD_BALANCER, `192.0.2.99, ${CLIENT}`)).toBe(CLIENT);
    expect(await seenAs(ATTACKER, CLIENT)).toBe(ATTACKER);

    // Through the balancer, each client has a limit of its own (no carrier-wide lock-out)...
    expect(await register(LOAD_BALANCER, CLIENT)).toBe(422);
    expect(await register(LOAD_BALANCER, CLIENT)).toBe(422);
    expect(await register(LOAD_BALANCER, CLIENT)).toBe(429);
    expect(await register(LOAD_BALANCER, `192.0.2.99, ${CLIENT}`)).toBe(429);
    expect(await register(LOAD_BALANCER, ANOTHER_CLIENT)).toBe(422);
    // ...and a direct caller forging the header is counted under its own address.
    expect(await register(ATTACKER, '192.0.2.1')).toBe(422);
    expect(await register(ATTACKER, '192.0.2.2')).toBe(422);
    expect(await register(ATTACKER, '192.0.2.3')).toBe(429);
  });
});
