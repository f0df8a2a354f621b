import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import { DEMO_ACCOUNT } from '../../../server/db/demoAccount';
import { startFakeMonnify, type FakeMonnify } from '../../../testkit/fakes/monnifyServer';
import { freePort } from '../../../testkit/freePort';
import {
  START_TIMEOUT_MS,
  startServer,
  storage,
  waitUntilListening,
  type Started,
  type Storage,
} from '../../support/api/serverProcess';

interface Ready {
  data: { details: { partners: { partner: string; breaker: string; enrolments_needing_identity: number }[] } };
}

/**
 * `npm start` (development, the embedded database, the demo account) with BANK_PARTNERS=monnify
 * while Monnify refuses every call: the server starts and serves all the same, says what it
 * could not do in /api/health/ready's details and the metrics, and the demo account gets its
 * accounts and its funding once Monnify answers (the demo job tries again, at once when the
 * development clock is moved).
 */
describe('a start while the bank partner is down', () => {
  let monnify: FakeMonnify;
  let place: Storage;
  let started: Started;
  let base: string;

  beforeAll(async () => {
    monnify = await startFakeMonnify();
    monnify.misbehave({ down: true });
    place = await storage('pglite');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    monnify.webhookUrl = `${base}/api/webhooks/monnify`;
    started = startServer({
      ...place.env,
      APP_MODE: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '/nonexistent',
      BANK_PARTNERS: 'monnify',
      MONNIFY_BASE_URL: monnify.url,
      MONNIFY_API_KEY: monnify.apiKey,
      MONNIFY_SECRET_KEY: monnify.secretKey,
      MONNIFY_CONTRACT_CODE: monnify.contractCode,
    });
    await waitUntilListening(started, port);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    started.stop();
    await started.exit;
    await monnify.close();
    await place.remove();
  });

  const login = async () => {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device: 'web', email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    return { status: response.status, user: ((await response.json()) as { data: UserData }).data };
  };
  /** The demo account as get-user answers it, on one session (logging in again and again would meet the login throttle). */
  let token: string | undefined;
  const demoUser = async () => {
    token ??= (await login()).user.token;
    const response = await fetch(`${base}/api/get-user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await response.json()) as { data: UserData }).data;
  };

  it('serves, with the demo account verified and waiting for its accounts; ready says what waits on Monnify', async () => {
    const { status, user } = await login();
    expect(status).toBe(200);
    expect(user).toMatchObject({ accounts: [], wallet_balance: 0, limits: { tier: 2, can_fund: true } });
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status, 'a partner down takes no replica out of service').toBe(200);
    const { data } = (await ready.json()) as Ready;
    expect(data.details.partners).toEqual([
      expect.objectContaining({ partner: 'monnify', enrolments_needing_identity: 1 }),
    ]);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/wallet_partner_backlog\{partner="monnify",kind="enrolments_needing_identity"\} 1/);
  });

  it('gives the demo account its accounts and its ₦25,000.00 once Monnify answers', async () => {
    monnify.misbehave({});
    // Past the breaker's cool-down, on the development clock, whose move runs the demo job at once.
    const moved = await fetch(`${base}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 5 * 60_000 }),
    });
    expect(moved.status).toBe(200);
    const user = await demoUser();
    expect(user.wallet_balance).toBe(25_000);
    expect(user.accounts.map((account) => account.bank_name)).toEqual(['Wema Bank', 'Sterling Bank']);
    expect(monnify.identityOf('user-1')).toMatchObject({ bvn: expect.any(String), nin: expect.any(String) });
  }, 90_000);
});
