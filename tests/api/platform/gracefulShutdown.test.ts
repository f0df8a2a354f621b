import { randomUUID } from 'node:crypto';
import type { Paginated, Transaction } from '../../../core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { startTestApp } from '../../support/api/app';
import { backends, type Backend } from '../../support/api/backends';
import { figuresOf, printFigures } from '../../support/api/faultFigures';
import { sendPurchases, type BurstAnswer } from '../../support/api/purchaseBurst';
import { newBuyer, PIN, providerId } from '../../support/api/purchases';
import { freePort } from '../../../testkit/freePort';
import {
  openStorage,
  productionRails,
  productionSecrets,
  secretsAsConfig,
  seedCustomer,
  START_TIMEOUT_MS,
  startProduction,
  startServer,
  storage,
  waitUntilListening,
  type Customer,
  type Production,
  type Rails,
  type Storage,
} from '../../support/api/serverProcess';
import { eventually } from '../../support/api/eventually';

/**
 * A deploy: SIGTERM reaches a production server (`node --import tsx server/main.ts`) while
 * purchases wait on the biller and others have only just connected (the kernel completed their
 * connections; the server may not have taken or read them yet). Readiness turns 503 at once, and
 * every connection made is answered, never cut off: completed, or refused with 503 and
 * Retry-After when it had written nothing yet (its key unclaimed, so it may be sent again). Then
 * the process exits 0 and the ledger is clean. The same on PGlite, which works on the event loop
 * and leaves most of a burst unread when the signal comes, as on PostgreSQL. And a crash before
 * it: SIGKILL mid-burst, after which the next server on the same data answers each purchase sent
 * again with its key, buying each once (what the dead one left processing is the requery job's:
 * databaseFaults.test.ts).
 */
/**
 * SIGTERM once every purchase's connection is made and a bill waits on the biller (work begun,
 * which must be finished, not refused); the biller answers once the server is no longer ready.
 * Every purchase is answered; the process exits 0 without cutting a connection.
 */
async function signalMidBurst(server: Production, rails: Rails, customer: Customer, inFlight: number, label: string) {
  // Every payment is held until the test has seen the shutdown begin: bills in flight, however fast the machine.
  rails.vtpass.holdPayments();
  expect((await fetch(`${server.base}/api/health/ready`)).status).toBe(200);
  const burst = sendPurchases({ base: server.base, token: customer.token, providerId: customer.mtn, count: inFlight });
  await Promise.all([burst.connected, rails.vtpass.held()]);
  server.started.stop();
  // Not ready (or no longer taking connections) while the purchases are still in flight.
  const readiness = await eventually(
    () =>
      fetch(`${server.base}/api/health/ready`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status !== 200,
    { timeoutMs: 30_000, intervalMs: 20 },
  );
  expect(readiness).not.toBe(200);
  expect(burst.answeredSoFar()).toBeLessThan(inFlight);
  // The biller answers again, well before the drain's deadline.
  rails.vtpass.releasePayments();
  const replies = await burst.answers;
  printFigures(`SIGTERM with ${inFlight} in flight (${label})`, figuresOf(replies.map((r) => r.status)));
  const completed = replies.filter((r) => r.status === 200);
  const refused = replies.filter((r) => r.status !== 200);
  expect(completed.length).toBeGreaterThan(0);
  // Begun work is finished: delivered, or — a bill held past the server's biller timeout on a
  // loaded machine — answered "processing", its money held for the requery job.
  expect(
    completed.map((r) => r.body?.data?.status).filter((status) => status !== 'completed' && status !== 'processing'),
  ).toEqual([]);
  expect(completed.some((r) => r.body?.data?.status === 'completed')).toBe(true);
  // Refused, never cut off: a connection closed without an answer would show here as 'no answer'.
  expect(refused.map((r) => [r.status, r.retryAfter, r.body?.type])).toEqual(refused.map(() => [503, '2', 'error']));
  expect(await server.started.exit).toBe(0);
  expect(server.started.output()).toContain('shut down cleanly');
  expect(server.started.output()).not.toContain('closing their connections');
  return completed;
}

/** The ledger audit is clean, each claimed key has bought one bill, and exactly `keys` were claimed. */
async function expectBoughtOnce(place: Storage, keys: string[]) {
  const after = await openStorage(place);
  try {
    expect(await auditLedger(after.db)).toEqual([]);
    const rows = await after.db.selectFrom('transactions').select('id').where('category', '=', 'airtime').execute();
    const claimed = await after.db.selectFrom('idempotency_keys').select(['key', 'transaction_id']).execute();
    expect(claimed.map((row) => row.key).sort()).toEqual([...keys].sort());
    expect(new Set(claimed.map((row) => row.transaction_id)).size).toBe(claimed.length);
    expect(rows.length).toBe(claimed.length);
  } finally {
    await after.close();
  }
}

/**
 * The status of each airtime purchase in the customer's activity list, read page by page (cashback
 * has rows too), once per transaction: the list is newest first, and a row the server adds between
 * two pages (a purchase settling earns its cashback) moves the end of one page onto the next.
 */
async function airtimeStatuses(server: Production, customer: Customer): Promise<string[]> {
  const statuses = new Map<Transaction['id'], string>();
  for (let page = 1; ; page++) {
    const response = await fetch(`${server.base}/api/fetch-transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ pagination: 50, page }),
    });
    const { data } = (await response.json()) as { data: Paginated<Transaction> };
    for (const row of data.data) if (row.category === 'airtime') statuses.set(row.id, row.status);
    if (page >= data.last_page) return [...statuses.values()];
  }
}

describe.each(backends.map((backend) => backend.name))(
  'a server SIGKILLed mid-burst, then the next one SIGTERMed with 40 in flight, on %s',
  (backend) => {
    const secrets = productionSecrets();
    let place: Storage;
    let rails: Rails;
    let customer: Customer;
    /** The server started after the kill: the SIGTERM test signals it. */
    let next: Production | undefined;
    const bought: string[] = [];
    beforeAll(async () => {
      [place, rails] = await Promise.all([storage(backend), productionRails()]);
      customer = await seedCustomer(backend, place, secrets);
    });
    afterAll(async () => {
      next?.started.kill();
      await next?.started.exit;
      await rails.close();
      await place.remove();
    });

    it(
      'SIGKILL: what was answered stays answered, and each purchase sent again with its key is answered by the next server and bought once',
      async () => {
        const first = await startProduction(place, secrets, rails);
        let before: BurstAnswer[];
        try {
          // Five bills are delivered; the sixth and later wait on the biller when the process dies.
          rails.vtpass.holdPayments(5);
          const burst = sendPurchases({ base: first.base, token: customer.token, providerId: customer.mtn, count: 40 });
          await Promise.all([burst.connected, rails.vtpass.held()]);
          first.started.kill();
          before = await burst.answers;
        } finally {
          first.started.kill();
        }
        expect(await first.started.exit).toBeNull();
        printFigures(`SIGKILL mid-burst (${backend})`, figuresOf(before.map((r) => r.status)));
        expect(before.filter((r) => r.status !== 200 && r.status !== 'no answer')).toEqual([]);

        // The biller makes what it held, as a real one does for a caller that went away.
        rails.vtpass.releasePayments();
        // The next server waits longer on the biller: the SIGTERM test below holds its bills while the
        // shutdown begins, which a loaded machine may take seconds to show; held past a 1 s timeout,
        // every bill would be answered "processing" and the breaker would open on the rest. A purchase
        // sent again here waits at most this long for the one the dead server began.
        next = await startProduction(place, secrets, rails, { BILLER_TIMEOUT_MS: '10000' });
        const lost = before.filter((r) => r.status === 'no answer').map((r) => r.key);
        const again = await sendPurchases({
          base: next.base,
          token: customer.token,
          providerId: customer.mtn,
          count: lost.length,
          keys: lost,
        }).answers;
        printFigures(`sent again after the SIGKILL (${backend})`, figuresOf(again.map((r) => r.status)));
        expect(again.map((r) => [r.status, ['completed', 'processing'].includes(r.body?.data?.status ?? '')])).toEqual(
          again.map(() => [200, true]),
        );
        // One purchase a key: delivered, or processing with its money held until the requery job asks the biller.
        const statuses = await airtimeStatuses(next, customer);
        expect(statuses.filter((status) => status !== 'completed' && status !== 'processing')).toEqual([]);
        expect(statuses.length).toBe(40);
        bought.push(...before.map((r) => r.key));
      },
      3 * START_TIMEOUT_MS,
    );

    it(
      'SIGTERM with 40 in flight on the next server: answers all, completed or 503 with Retry-After before anything was written; exits 0 with the audit clean',
      async () => {
        if (!next) throw new Error('no server: the SIGKILL test above did not start the next one');
        const completed = await signalMidBurst(next, rails, customer, 40, backend);
        await expectBoughtOnce(place, [...bought, ...completed.map((r) => r.key)]);
      },
      2 * START_TIMEOUT_MS,
    );
  },
);

describe.each(backends.map((backend) => backend.name))('SIGTERM with 100 purchases in flight, on %s', (backend) => {
  const secrets = productionSecrets();
  let place: Storage;
  let rails: Rails;
  beforeAll(async () => {
    [place, rails] = await Promise.all([storage(backend), productionRails()]);
  });
  afterAll(async () => {
    await rails.close();
    await place.remove();
  });

  it(
    'answers all 100: completed, or 503 with Retry-After before anything was written; exits 0 with the audit clean',
    async () => {
      const customer = await seedCustomer(backend, place, secrets);
      const server = await startProduction(place, secrets, rails);
      try {
        const completed = await signalMidBurst(server, rails, customer, 100, backend);
        await expectBoughtOnce(
          place,
          completed.map((r) => r.key),
        );
      } finally {
        server.started.stop();
        await server.started.exit;
      }
    },
    2 * START_TIMEOUT_MS,
  );
});

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
        // The server would wait on the biller for 60 s (BILLER_TIMEOUT_MS); the deploy waits 4 s. The
        // requests stop waiting a quarter of it before the deadline (1 s) to record "processing" and
        // answer: with 0.5 s (0.125 s to record) a loaded machine's database missed it now and then.
        BILLER_TIMEOUT_MS: '60000',
        SHUTDOWN_TIMEOUT_MS: '4000',
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
