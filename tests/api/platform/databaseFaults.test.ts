import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../core/contract';
import { openServerDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import type { PeriodicJob } from '../../../server/jobs/periodic';
import { startRequeryJob } from '../../../server/jobs/requery';
import { DATABASE_UNAVAILABLE } from '../../../server/http/errorHandler';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { startTestApp, type Reply, type TestApp } from '../../support/api/app';
import { POSTGRES_URL, postgresUnavailable, type Backend } from '../../support/api/backends';
import { startOwnCluster, ownClusterUnavailable, type OwnCluster } from '../../support/api/ownCluster';
import {
  balance,
  buy,
  netCost,
  newBuyer,
  newKey,
  pastRequeryDelay,
  PIN,
  providerId,
  purchaseDeps,
  type Buyer,
} from '../../support/api/purchases';
import { eventually } from '../../support/api/eventually';
import { figuresOf, printFigures } from '../../support/api/faultFigures';

/**
 * The database going away under load (a restart, a failover, backends terminated): the process
 * stays up, each affected request answers 503 with the envelope and writes nothing halfway,
 * the pool reconnects, the same request sent again with its Idempotency-Key succeeds, and the
 * requery job settles whatever was left processing. PostgreSQL only: PGlite runs in the process.
 */

const PURCHASES = 60;
/** Short, so that a retry of a purchase whose first attempt lost its connection after reserving does not wait long for it. */
const BILLER_TIMEOUT_MS = 300;
const OWN_CLUSTER_PORT = 5544;

interface Burst {
  buyer: Buyer;
  keys: string[];
  first: Reply<Transaction>[];
}

/** PURCHASES ₦100 airtime purchases at once against ₦10,000, with `fault` done to the database while they run. */
async function burstWith(t: TestApp, fault: () => Promise<void>): Promise<Burst> {
  const buyer = await newBuyer(t, 10_000);
  const mtn = await providerId(t, 'airtime', 'MTN');
  const keys = Array.from({ length: PURCHASES }, () => newKey());
  const body = { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN };
  const burst = Promise.all(keys.map((key) => buy(t, buyer.token, 'airtime', body, key)));
  // The fault lands once the first purchases are inside their transactions.
  await until(async () => (await countPurchases(t, buyer)) > 0, 5_000);
  await fault();
  return { buyer, keys, first: await burst };
}

/** Every first answer is a purchase answer or the envelope's 503; each 503 sent again with its key until it succeeds. */
async function expectRecovery(t: TestApp, { buyer, keys, first }: Burst) {
  const unexpected = first.filter((r) => r.status !== 200 && r.status !== 503).map((r) => [r.status, r.body.message]);
  expect(unexpected).toEqual([]);
  const unavailable = first.filter((r) => r.status === 503);
  expect(
    unavailable.every(
      (r) =>
        r.body.type === 'error' && r.body.message === DATABASE_UNAVAILABLE.message && r.headers['retry-after'] === '2',
    ),
  ).toBe(true);

  const mtn = await providerId(t, 'airtime', 'MTN');
  const body = { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN };
  const final = await Promise.all(
    first.map(async (reply, i) => {
      if (reply.status !== 503) return reply;
      return eventually(
        () => buy(t, buyer.token, 'airtime', body, keys[i]),
        (again) => again.status !== 503,
        { timeoutMs: 10_000, intervalMs: 250 },
      );
    }),
  );
  expect(final.map((r) => r.status)).toEqual(final.map(() => 200));
  // Each key bought once: exactly one transaction per purchase sent, whatever the retries.
  expect(await countPurchases(t, buyer)).toBe(PURCHASES);
  return { unavailable: unavailable.length };
}

/** The requery job, running on its own timer, settles every bill the fault left processing. */
async function expectSettledByJob(t: TestApp, buyer: Buyer) {
  pastRequeryDelay(t);
  await until(async () => (await processing(t, buyer)) === 0, 20_000);
  expect(await balance(t, buyer.token)).toBe(10_000 - netCost('airtime', 100) * PURCHASES);
  expect(await auditLedger(t.db)).toEqual([]);
}

async function countPurchases(t: TestApp, buyer: Buyer): Promise<number> {
  const row = await t.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('user_id', '=', buyer.userId)
    .where('category', '=', 'airtime')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function processing(t: TestApp, buyer: Buyer): Promise<number> {
  const row = await t.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('user_id', '=', buyer.userId)
    .where('status', '=', 'processing')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Polls `condition` (its failures, while the database is away, count as not yet) until it holds. */
const until = (condition: () => Promise<boolean>, timeoutMs: number) =>
  eventually(
    () => condition().catch(() => false),
    (holds) => holds,
    { timeoutMs, intervalMs: 20 },
  );

/** A running requery job over the app's context, as main.ts runs it; its failed runs are collected. */
function requeryJobOf(t: TestApp, failures: unknown[]): PeriodicJob {
  return startRequeryJob(t.ctx, purchaseDeps(t), 50, { error: (obj) => failures.push(obj) });
}

const backendOf = (database: DatabaseHandle): Backend => ({ name: 'postgres', open: () => Promise.resolve(database) });

describe.skipIf(postgresUnavailable)('backends terminated in the middle of a purchase burst (PostgreSQL)', () => {
  // Started by hand, as in the next block: the app runs on a database made here for the fault (a
  // pool of its own, counting lost connections), its requery job beside it; each test audits itself.
  let t: TestApp;
  let job: PeriodicJob;
  const lost: Error[] = [];
  const jobFailures: unknown[] = [];
  beforeAll(async () => {
    // A pool of its own, to count the connections the server dropped.
    const name = `naira_faults_${process.pid}_${Date.now()}`;
    await admin(POSTGRES_URL, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const handle = openServerDatabase(url.toString(), {
      max: 10,
      connectTimeoutMs: 2_000,
      onConnectionLost: (error) => lost.push(error),
    });
    await migrate(handle.db);
    const database = {
      ...handle,
      async close() {
        await handle.close();
        await admin(POSTGRES_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
    t = await startTestApp(backendOf(database), { database, config: { billerTimeoutMs: BILLER_TIMEOUT_MS } });
    job = requeryJobOf(t, jobFailures);
  });
  afterAll(async () => {
    await job?.stop();
    await t?.close();
  });

  it('the process stays up, affected requests answer 503, retries with the same key succeed, the job settles the rest, the audit is clean', async () => {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
    const onDatabase = (statement: string) =>
      admin(POSTGRES_URL, (client) => client.query<{ n: number }>(statement, [rows[0].name]));
    const terminate = () =>
      onDatabase(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      );
    const connected = async () =>
      (
        await onDatabase(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        )
      ).rows[0].n > 0;
    const burst = await burstWith(t, async () => {
      // Three waves, each once the pool has connected again, so that connections die idle, checked out between statements and mid-query.
      for (let wave = 0; wave < 3; wave++) {
        await terminate();
        await until(connected, 5_000);
      }
    });
    printFigures('PostgreSQL backends terminated under load', figuresOf(burst.first.map((r) => r.status)));
    const { unavailable } = await expectRecovery(t, burst);
    await expectSettledByJob(t, burst.buyer);
    expect(lost.length).toBeGreaterThan(0);
    console.info(
      `terminated backends: ${lost.length} connections lost, ${unavailable} of ${PURCHASES} purchases answered 503 first, all succeeded on retry`,
    );
  }, 60_000);
});

describe.skipIf(postgresUnavailable || ownClusterUnavailable)(
  `a PostgreSQL restart under load (own cluster on port ${OWN_CLUSTER_PORT})`,
  () => {
    let cluster: OwnCluster;
    let t: TestApp;
    let job: PeriodicJob;
    const jobFailures: unknown[] = [];
    beforeAll(async () => {
      cluster = await startOwnCluster(OWN_CLUSTER_PORT);
      await admin(cluster.url, (client) => client.query('CREATE DATABASE wallet'));
      const handle = openServerDatabase(cluster.url.replace(/\/postgres$/, '/wallet'), {
        max: 10,
        connectTimeoutMs: 1_000,
        onConnectionLost: () => {},
      });
      await migrate(handle.db);
      t = await startTestApp(backendOf(handle), { database: handle, config: { billerTimeoutMs: BILLER_TIMEOUT_MS } });
      job = requeryJobOf(t, jobFailures);
    }, 60_000);
    afterAll(async () => {
      await job?.stop();
      await t?.close();
      await cluster?.destroy();
    });

    it('affected requests answer 503, the pool reconnects, retries with the same key succeed, the job resumes, the audit is clean', async () => {
      const burst = await burstWith(t, () => cluster.restart());
      printFigures('PostgreSQL restarted under load', figuresOf(burst.first.map((r) => r.status)));
      const { unavailable } = await expectRecovery(t, burst);
      expect(unavailable).toBeGreaterThan(0);
      await expectSettledByJob(t, burst.buyer);
      // Health answers again on the same pool.
      expect((await t.call('/api/health', { method: 'GET' })).status).toBe(200);
      console.info(
        `restart: ${unavailable} of ${PURCHASES} purchases answered 503 first, all succeeded on retry; ${jobFailures.length} requery runs failed while the server was away`,
      );
    }, 90_000);
  },
);

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
