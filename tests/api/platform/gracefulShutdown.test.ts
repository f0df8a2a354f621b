import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../../server/db/database';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { startTestApp } from '../../support/api/app';
import { backends, type Backend } from '../../support/api/backends';
import { newBuyer, PIN, providerId } from '../../support/api/purchases';
import { freePort } from '../../../testkit/freePort';
import {
  productionRails,
  productionSecrets,
  secretsAsConfig,
  START_TIMEOUT_MS,
  startServer,
  storage,
  waitUntilListening,
  type Storage,
} from '../../support/api/serverProcess';
import { eventually } from '../../support/api/eventually';

/**
 * A deploy: SIGTERM reaches a production server (`node --import tsx server/main.ts`) while
 * purchases wait on the biller. Readiness turns 503 at once, no new connection is taken, and
 * every purchase received is answered, never cut off: completed, or refused with 503 and
 * Retry-After when it had written nothing yet (its key unclaimed, so it may be sent again).
 * Then the process exits 0 and the ledger is clean. The same on PGlite, whose one connection
 * queues every purchase behind the others, as on PostgreSQL.
 */
const IN_FLIGHT = [40, 100] as const;

/** The server's database, opened here (migrated already: storage() copies the migrated template). */
async function openStorage(place: Storage): Promise<DatabaseHandle> {
  return place.databaseUrl
    ? openServerDatabase(place.databaseUrl)
    : await openEmbeddedDatabase({ dataDir: join(place.dataDir, 'pglite') });
}

interface Answer {
  key: string;
  status: number;
  retryAfter: string | null;
  body: { type: string; message: string; data?: { status: string } };
}

describe.each(backends.flatMap((backend) => IN_FLIGHT.map((inFlight) => ({ backend: backend.name, inFlight }))))(
  'SIGTERM with $inFlight purchases in flight, on $backend',
  ({ backend, inFlight }) => {
    const secrets = productionSecrets();
    let place: Storage;
    beforeAll(async () => {
      place = await storage(backend);
    });
    afterAll(() => place.remove());

    it(
      `answers all ${inFlight}: completed, or 503 with Retry-After before anything was written; exits 0 with the audit clean`,
      async () => {
        // The customer is made by the app in process (development routes fund the wallet), with the
        // production server's keys so that the started server accepts the session and the pin.
        const database = await openStorage(place);
        const seeding = await startTestApp({ name: backend, open: () => Promise.resolve(database) } satisfies Backend, {
          database,
          config: secretsAsConfig(secrets),
        });
        const buyer = await newBuyer(seeding, 20_000);
        const mtn = await providerId(seeding, 'airtime', 'MTN');
        await seeding.close();

        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        // Production refuses the simulated rails: the bills go to the fake VTpass, which holds them once the server is up.
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
          // Every payment is held until the test has seen the shutdown begin: bills in flight, however fast the machine.
          rails.vtpass.holdPayments();
          expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
          expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

          let answered = 0;
          const purchases = Array.from({ length: inFlight }, (): Promise<Answer> => {
            const key = `key-${randomUUID()}`;
            return fetch(`${base}/api/airtime`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${buyer.token}`,
                'idempotency-key': key,
              },
              body: JSON.stringify({ provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN }),
            }).then(async (response) => {
              answered += 1;
              return {
                key,
                status: response.status,
                retryAfter: response.headers.get('retry-after'),
                body: (await response.json()) as Answer['body'],
              };
            });
          });
          // The signal once the server has taken every purchase (its request log says so).
          const received = () =>
            started
              .output()
              .split('\n')
              .filter((line) => line.includes('"url":"/api/airtime"') && line.includes('incoming request')).length;
          await eventually(
            async () => received(),
            (count) => count === inFlight,
            { timeoutMs: 60_000, intervalMs: 20 },
          );
          // At least one bill reserved and waiting on the biller: work that must be finished, not refused.
          await rails.vtpass.held();
          started.stop();

          // Not ready (or no longer taking connections) while the purchases are still in flight.
          const readiness = await eventually(
            () =>
              fetch(`${base}/api/health/ready`).then(
                (r) => r.status,
                () => 0,
              ),
            (status) => status !== 200,
            { timeoutMs: 30_000, intervalMs: 20 },
          );
          expect(readiness).not.toBe(200);
          expect(answered).toBeLessThan(inFlight);

          // The biller answers again, well before the drain's deadline: every purchase is answered, a connection cut off would reject here.
          rails.vtpass.releasePayments();
          const replies = await Promise.all(purchases);
          const completed = replies.filter((r) => r.status === 200);
          const refused = replies.filter((r) => r.status !== 200);
          expect(completed.length).toBeGreaterThan(0);
          // Begun work is finished: delivered, or — a bill held past the server's biller timeout on a
          // loaded machine — answered "processing", its money held for the requery job.
          expect(
            completed
              .map((r) => r.body.data?.status)
              .filter((status) => status !== 'completed' && status !== 'processing'),
          ).toEqual([]);
          expect(completed.some((r) => r.body.data?.status === 'completed')).toBe(true);
          expect(refused.map((r) => [r.status, r.retryAfter, r.body.type])).toEqual(
            refused.map(() => [503, '2', 'error']),
          );
          expect(await started.exit).toBe(0);
          expect(started.output()).toContain('shut down cleanly');
          expect(started.output()).not.toContain('closing their connections');

          const after = await openStorage(place);
          try {
            expect(await auditLedger(after.db)).toEqual([]);
            const rows = await after.db
              .selectFrom('transactions')
              .select(['status'])
              .where('category', '=', 'airtime')
              .execute();
            expect(rows.map((row) => row.status).sort()).toEqual(completed.map((r) => r.body.data?.status).sort());
            // A refused purchase claimed nothing: sent again, it runs as new.
            const claimed = await after.db.selectFrom('idempotency_keys').select('key').execute();
            expect(claimed.map((row) => row.key).sort()).toEqual(completed.map((r) => r.key).sort());
          } finally {
            await after.close();
          }
        } finally {
          started.stop();
          await started.exit;
          await rails.close();
        }
      },
      2 * START_TIMEOUT_MS,
    );
  },
);

describe('SIGTERM with a purchase that outlasts SHUTDOWN_TIMEOUT_MS', () => {
  const backend = backends.at(-1)!.name;
  const secrets = productionSecrets();
  let place: Storage;
  beforeAll(async () => {
    place = await storage(backend);
  });
  afterAll(() => place.remove());

  it(
    `on ${backend}: the wait is bounded, every purchase is answered "processing", the process exits 0, and the bills stay processing for the requery job with the audit clean`,
    async () => {
      const database = await openStorage(place);
      const seeding = await startTestApp({ name: backend, open: () => Promise.resolve(database) } satisfies Backend, {
        database,
        config: secretsAsConfig(secrets),
      });
      const buyer = await newBuyer(seeding, 1_000);
      const mtn = await providerId(seeding, 'airtime', 'MTN');
      await seeding.close();

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const rails = await productionRails();
      const started = startServer({
        ...place.env,
        ...secrets,
        ...rails.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'info',
        // The server would wait on the biller for 60 s (BILLER_TIMEOUT_MS); the deploy waits 0.5 s.
        BILLER_TIMEOUT_MS: '60000',
        SHUTDOWN_TIMEOUT_MS: '500',
      });
      try {
        await waitUntilListening(started, port);
        // The biller holds every payment until the process is gone: longer than the drain may wait.
        rails.vtpass.holdPayments();
        const purchases = Array.from({ length: 3 }, () =>
          fetch(`${base}/api/airtime`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${buyer.token}`,
              'idempotency-key': `key-${randomUUID()}`,
            },
            body: JSON.stringify({ provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN }),
          }).then(
            async (response) => [
              response.status,
              ((await response.json()) as { data?: { status: string } }).data?.status,
            ],
            () => 'connection closed',
          ),
        );
        // All three reserved, each waiting on the biller.
        for (let held = 0; held < 3; held++) await rails.vtpass.held();
        const signalled = Date.now();
        started.stop();
        expect(await started.exit).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(20_000);
        // Answered as a biller timeout answers, not cut off.
        expect(await Promise.all(purchases)).toEqual([
          [200, 'processing'],
          [200, 'processing'],
          [200, 'processing'],
        ]);
        expect(started.output()).not.toContain('closing their connections');
        // The biller makes the bills at last, for a server that is gone: they stay processing, for the requery job.
        rails.vtpass.releasePayments();
      } finally {
        started.stop();
        await started.exit;
        await rails.close();
      }

      const after = await openStorage(place);
      try {
        const rows = await after.db
          .selectFrom('transactions')
          .select('status')
          .where('category', '=', 'airtime')
          .execute();
        expect(rows.map((row) => row.status)).toEqual(['processing', 'processing', 'processing']);
        expect(await auditLedger(after.db)).toEqual([]);
      } finally {
        await after.close();
      }
    },
    2 * START_TIMEOUT_MS,
  );
});
