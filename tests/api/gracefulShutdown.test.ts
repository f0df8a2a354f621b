import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { auditLedger } from '../../server/services/ledgerAudit';
import { startTestApp } from './support/app';
import { backends, type Backend } from './support/backends';
import { newBuyer, PIN, providerId } from './support/purchases';
import { freePort } from './support/freePort';
import { productionRails, productionSecrets, secretsAsConfig, START_TIMEOUT_MS, startServer, storage, waitUntilListening, type Storage } from './support/serverProcess';

/**
 * A deploy: SIGTERM reaches a production server (`node --import tsx server/main.ts`) while 100
 * purchases wait on the biller. Readiness turns 503 at once, no new connection is taken, every
 * purchase in flight is answered (none 5xx), then the process exits 0 and the ledger is clean.
 */
/**
 * PGlite on disk takes a large fraction of a second per purchase on this machine (one
 * connection, every commit written through), so it drains fewer; PostgreSQL takes the full 100.
 */
const IN_FLIGHT = { postgres: 100, pglite: 20 } as const;
const BILLER_LATENCY_MS = 3_000;

async function openStorage(place: Storage): Promise<DatabaseHandle> {
  const handle = place.databaseUrl ? openServerDatabase(place.databaseUrl) : await openEmbeddedDatabase({ dataDir: join(place.dataDir, 'pglite') });
  await migrate(handle.db);
  return handle;
}

describe.each(backends)('SIGTERM with purchases in flight, on $name', ({ name: backend }) => {
  const inFlight = IN_FLIGHT[backend];
  const secrets = productionSecrets();
  let place: Storage;
  beforeAll(async () => {
    place = await storage(backend);
  });
  afterAll(() => place.remove());

  it(`answers all ${inFlight} purchases, reports not ready, stops accepting, exits 0 with the audit clean`, async () => {
    // The customer is made by the app in process (development routes fund the wallet), with the
    // production server's keys so that the started server accepts the session and the pin.
    const database = await openStorage(place);
    const seeding = await startTestApp({ name: backend, open: () => Promise.resolve(database) } satisfies Backend, { database, config: secretsAsConfig(secrets) });
    const buyer = await newBuyer(seeding, 10_000);
    const mtn = await providerId(seeding, 'airtime', 'MTN');
    await seeding.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Production refuses the simulated rails: the bills go to the fake VTpass, slowed once the server is up.
    const rails = await productionRails();
    const started = startServer({
      ...place.env,
      ...secrets,
      ...rails.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    try {
      await waitUntilListening(started, port);
      rails.vtpass.setMode({ kind: 'slow', delayMs: BILLER_LATENCY_MS });
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

      let answered = 0;
      const purchases = Array.from({ length: inFlight }, () =>
        fetch(`${base}/api/airtime`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'idempotency-key': `key-${randomUUID()}` },
          body: JSON.stringify({ provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN }),
        }).then(async (response) => {
          answered += 1;
          return { status: response.status, body: (await response.json()) as { type: string; message: string; data?: { status: string } } };
        }),
      );
      // The signal once the server has taken every purchase (its request log says so).
      const received = () => started.output().split('\n').filter((line) => line.includes('"url":"/api/airtime"') && line.includes('incoming request')).length;
      expect(await until(async () => received() === inFlight, 60_000)).toBe(true);
      started.stop();

      // Not ready (or no longer taking connections) while the purchases are still in flight.
      const notReady = await until(async () => (await fetch(`${base}/api/health/ready`).then((r) => r.status, () => 0)) !== 200, 30_000);
      expect(notReady).toBe(true);
      expect(answered).toBeLessThan(inFlight);

      const replies = await Promise.all(purchases);
      expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.message])).toEqual([]);
      expect(replies.every((r) => r.body.data?.status === 'completed')).toBe(true);
      expect(await started.exit).toBe(0);
      expect(started.output()).toContain('shut down cleanly');
    } finally {
      started.stop();
      await started.exit;
      await rails.close();
    }

    const after = await openStorage(place);
    try {
      expect(await auditLedger(after.db)).toEqual([]);
      const rows = await after.db.selectFrom('transactions').select(['status']).where('category', '=', 'airtime').execute();
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'completed'));
      expect(rows).toHaveLength(inFlight);
    } finally {
      await after.close();
    }
  }, 2 * START_TIMEOUT_MS);
});

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('SIGTERM with a purchase that outlasts SHUTDOWN_TIMEOUT_MS', () => {
  const backend = backends.at(-1)!.name;
  const secrets = productionSecrets();
  let place: Storage;
  beforeAll(async () => {
    place = await storage(backend);
  });
  afterAll(() => place.remove());

  it(`on ${backend}: the wait is bounded, the process still exits 0, and the bills stay processing for the requery job with the audit clean`, async () => {
    const database = await openStorage(place);
    const seeding = await startTestApp({ name: backend, open: () => Promise.resolve(database) } satisfies Backend, { database, config: secretsAsConfig(secrets) });
    const buyer = await newBuyer(seeding, 1_000);
    const mtn = await providerId(seeding, 'airtime', 'MTN');
    await seeding.close();

    const port = await freePort();
    const rails = await productionRails();
    const started = startServer({
      ...place.env,
      ...secrets,
      ...rails.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      // The biller takes 60 s and may (BILLER_TIMEOUT_MS); the deploy waits 0.5 s.
      BILLER_TIMEOUT_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '500',
    });
    try {
      await waitUntilListening(started, port);
      rails.vtpass.setMode({ kind: 'slow', delayMs: 60_000 });
      const purchases = Array.from({ length: 3 }, () =>
        fetch(`http://127.0.0.1:${port}/api/airtime`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'idempotency-key': `key-${randomUUID()}` },
          body: JSON.stringify({ provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN }),
        }).then(
          (response) => response.status,
          () => 'connection closed',
        ),
      );
      const calling = () => started.output().split('\n').filter((line) => line.includes('"url":"/api/airtime"') && line.includes('incoming request')).length;
      expect(await until(async () => calling() === 3, 60_000)).toBe(true);
      // Their reservations are committed before the biller is called.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const signalled = Date.now();
      started.stop();
      expect(await started.exit).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(20_000);
      expect(await Promise.all(purchases)).toEqual(['connection closed', 'connection closed', 'connection closed']);
      expect(started.output()).toContain('requests still running after 500 ms, closing their connections');
    } finally {
      started.stop();
      await started.exit;
      await rails.close();
    }

    const after = await openStorage(place);
    try {
      const rows = await after.db.selectFrom('transactions').select('status').where('category', '=', 'airtime').execute();
      expect(rows.map((row) => row.status)).toEqual(['processing', 'processing', 'processing']);
      expect(await auditLedger(after.db)).toEqual([]);
    } finally {
      await after.close();
    }
  }, 2 * START_TIMEOUT_MS);
});
