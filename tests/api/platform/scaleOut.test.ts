import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServerDatabase, type DatabaseHandle } from '../../../server/db/database';
import { MonnifyBank } from '../../../server/gateways/monnifyBank';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { startTestApp, type TestApp } from '../../support/api/app';
import { postgresUnavailable, type Backend } from '../../support/api/backends';
import { REDIS_URL, redisUnavailable } from '../../support/api/counters';
import { systemClock } from '../../../server/clock';
import { partnerOptions, RecordingLog } from '../../support/api/partners';
import { newBuyer, packageOf, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { freePort } from '../../../testkit/freePort';
import {
  productionRails,
  productionSecrets,
  secretsAsConfig,
  START_TIMEOUT_MS,
  startServer,
  storage,
  waitUntilListening,
  type Started,
  type Storage,
} from '../../support/api/serverProcess';

/**
 * The claim of docs/operations.md, "Scaling", proven: three production server processes on one PostgreSQL (and one
 * Redis when there is one), requests spread round-robin as a load balancer would, keep every
 * invariant of one process — money, idempotency, webhooks credited once, one requery job's
 * work done once whichever replica claims it, sessions and request limits shared — and the
 * ledger audit is clean after.
 */
/** SCALE_OUT_REPLICAS=1 with `-t 1,000` measures one process for comparison; every test assumes at least two. */
const REPLICAS = Number(process.env.SCALE_OUT_REPLICAS ?? 3);
/** ×34: the purchase limit (30 a minute per account) lets 1,020 through, refresh-transaction (20) 680. */
const RATE_LIMIT_MULTIPLIER = 34;
const REFRESH_LIMIT = 20 * RATE_LIMIT_MULTIPLIER;

interface Replica {
  base: string;
  started: Started;
}

type Answer = { status: number; body: { type: string; message: string; data?: { status?: string; id?: number } } };

describe.skipIf(postgresUnavailable)(
  `${REPLICAS} server processes on one PostgreSQL${redisUnavailable ? '' : ' and one Redis'}, round-robin`,
  () => {
    const secrets = productionSecrets();
    let rails: Awaited<ReturnType<typeof productionRails>>;
    let place: Storage;
    let database: DatabaseHandle;
    let seeding: TestApp;
    const replicas: Replica[] = [];
    let next = 0;

    /** The next replica's address, as a round-robin load balancer picks it. */
    const pick = (): Replica => replicas[next++ % replicas.length];

    async function call(
      replica: Replica,
      path: string,
      body: unknown,
      headers: Record<string, string> = {},
    ): Promise<Answer> {
      const response = await fetch(`${replica.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    }

    const purchase = (
      replica: Replica,
      buyer: Buyer,
      mtn: number,
      beneficiary = '08031234567',
      key = `key-${randomUUID()}`,
    ) =>
      call(
        replica,
        '/api/airtime',
        { provider_id: mtn, beneficiary, amount: 100, pin: PIN },
        { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
      );

    beforeAll(async () => {
      // Empty: the replicas' start is a fresh one, all three migrating it at once.
      place = await storage('postgres', { fresh: true });
      database = openServerDatabase(place.databaseUrl!, { max: 5 });
      // Production refuses the simulated rails: the replicas sell through the fake VTpass and fund through the fake Monnify.
      rails = await productionRails();
      // Customers are made in process with the replicas' keys and partner (development routes fund wallets through the fake Monnify); the database is shared.
      const shared = { ...database, close: async () => {} };
      const monnify = new MonnifyBank(
        {
          baseUrl: rails.monnify.url,
          apiKey: rails.monnify.apiKey,
          secretKey: rails.monnify.secretKey,
          contractCode: rails.monnify.contractCode,
        },
        partnerOptions(new RecordingLog(), systemClock),
      );
      seeding = await startTestApp({ name: 'postgres', open: () => Promise.resolve(shared) } satisfies Backend, {
        database: shared,
        config: secretsAsConfig(secrets),
        banks: [monnify],
      });
      const env = {
        ...place.env,
        ...secrets,
        ...rails.env,
        HOST: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'debug',
        RATE_LIMIT_MULTIPLIER: String(RATE_LIMIT_MULTIPLIER),
        REQUERY_INTERVAL_MS: '250',
        // The fake VTpass answers from this process, busy sending the burst: a short timeout would turn delivered bills into processing ones.
        BILLER_TIMEOUT_MS: '10000',
        // A burst of 1,000 on a loaded machine may queue for connections longer than the 30 s default, which would shed it (503).
        DATABASE_POOL_SIZE: '20',
        DATABASE_CONNECT_TIMEOUT_MS: '120000',
        ...(redisUnavailable ? {} : { REDIS_URL }),
      };
      const ports = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
      for (const port of ports)
        replicas.push({ base: `http://127.0.0.1:${port}`, started: startServer({ ...env, PORT: String(port) }) });
      await Promise.all(replicas.map((replica, i) => waitUntilListening(replica.started, ports[i])));
      // The fake Monnify tells the first replica of the payments the seeding makes; it confirms them with the fake.
      rails.monnify.webhookUrl = `${replicas[0].base}/api/webhooks/monnify`;
    }, 3 * START_TIMEOUT_MS);

    afterAll(async () => {
      for (const replica of replicas) replica.started.stop();
      const exits = await Promise.all(replicas.map((replica) => replica.started.exit));
      await seeding?.close();
      await database?.close();
      await place?.remove();
      await rails?.close();
      expect(exits).toEqual(replicas.map(() => 0));
    }, 60_000);

    /**
     * 1,000 concurrent WAEC pins (exam pins earn no cashback, so exactly 100 fit) against a wallet
     * holding 100 of them on `targets`: exactly 100 succeed, the rest are refused for the balance.
     * One wallet's purchases take its account lock one at a time, so this measures correctness
     * under contention, not throughput.
     */
    async function burst(targets: Replica[]) {
      const waec = await packageOf(seeding, 'WASSCE');
      const buyer = await newBuyer(seeding, 100 * waec.amount);
      const topUp = (replica: Replica) =>
        call(
          replica,
          '/api/education',
          { provider_id: waec.providerId, package_id: waec.id, beneficiary: '08031234567', pin: PIN },
          { authorization: `Bearer ${buyer.token}`, 'idempotency-key': `key-${randomUUID()}` },
        );
      const started = performance.now();
      const replies = await Promise.all(Array.from({ length: 1_000 }, (_, i) => topUp(targets[i % targets.length])));
      const seconds = (performance.now() - started) / 1000;
      const ok = replies.filter((r) => r.status === 200);
      expect(
        replies.filter((r) => r.status !== 200 && r.status !== 400).map((r) => [r.status, r.body.message]),
      ).toEqual([]);
      expect(ok).toHaveLength(100);
      // Each success is a bill placed once: delivered, or still "processing" when the fake biller (in this
      // process, busy sending the burst) did not answer within the biller's timeout, its money held.
      expect(
        ok.map((r) => r.body.data?.status).filter((status) => status !== 'completed' && status !== 'processing'),
      ).toEqual([]);
      expect(
        replies.filter((r) => r.status === 400).every((r) => r.body.message.startsWith('insufficient wallet balance')),
      ).toBe(true);
      const wallet = await seeding.db
        .selectFrom('wallets')
        .select('balance_kobo')
        .where('user_id', '=', buyer.userId)
        .executeTakeFirstOrThrow();
      expect(wallet.balance_kobo).toBe(0n);
      return { seconds, perSecond: 1_000 / seconds };
    }

    it('1,000 concurrent purchases against a wallet that covers 100: exactly 100 succeed', async () => {
      const { seconds, perSecond } = await burst(replicas);
      // Printed, not asserted: a shared 2-core machine may take far longer than usual.
      console.info(
        `scale-out: 1,000 concurrent purchases (100 covered) across ${REPLICAS} processes: ${seconds.toFixed(1)} s (${perSecond.toFixed(0)} requests/s), exactly 100 succeeded`,
      );
      expect(await auditLedger(database.db)).toEqual([]);
    }, 180_000);

    it('each webhook delivered to every replica at once is credited exactly once', async () => {
      const buyer = await newBuyer(seeding);
      // Payments Monnify holds (its status call confirms them) and has told no one of yet.
      const transfers = await Promise.all(
        Array.from({ length: 20 }, async () =>
          rails.monnify.webhookFor(
            (await rails.monnify.pay({ accountNumber: buyer.accountNumber, amountKobo: 50_000n, notify: false }))
              .reference,
          ),
        ),
      );
      const replies = await Promise.all(
        transfers.flatMap(({ body, headers }) =>
          replicas.map((replica) => call(replica, '/api/webhooks/monnify', body, headers)),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
      expect(replies.filter((r) => r.body.data?.status === 'credited')).toHaveLength(20);
      expect(replies.filter((r) => r.body.data?.status === 'duplicate')).toHaveLength(40);
      const wallet = await seeding.db
        .selectFrom('wallets')
        .select('balance_kobo')
        .where('user_id', '=', buyer.userId)
        .executeTakeFirstOrThrow();
      expect(wallet.balance_kobo).toBe(20n * 50_000n);
      expect(await auditLedger(database.db)).toEqual([]);
    }, 60_000);

    it('the requery job runs on every replica and settles each pending bill exactly once', async () => {
      const buyer = await newBuyer(seeding, 5_000);
      const mtn = await providerId(seeding, 'airtime', 'MTN');
      // Pending at the biller (…0002), delivered when asked again.
      const replies = await Promise.all(Array.from({ length: 30 }, () => purchase(pick(), buyer, mtn, '08030000002')));
      // Processing, unless the machine is so loaded that a replica's job settled the bill before its purchase answered.
      expect(
        replies
          .filter((r) => r.status !== 200 || !['processing', 'completed'].includes(r.body.data?.status ?? ''))
          .map((r) => [r.status, r.body.message]),
      ).toEqual([]);
      const ids = replies.map((r) => BigInt(r.body.data!.id!));
      await expect
        .poll(
          async () =>
            (
              await seeding.db
                .selectFrom('transactions')
                .select('status')
                .where('id', 'in', ids)
                .where('status', '=', 'processing')
                .execute()
            ).length,
          {
            timeout: 30_000,
            interval: 200,
          },
        )
        .toBe(0);
      const settled = await seeding.db.selectFrom('transactions').select('status').where('id', 'in', ids).execute();
      expect(settled.map((row) => row.status)).toEqual(settled.map(() => 'completed'));
      for (const replica of replicas) expect(replica.started.output()).toContain('"msg":"requery run"');
      expect(await auditLedger(database.db)).toEqual([]);
    }, 60_000);

    it('sessions and request limits are shared: a logout on one replica ends the session on all; a limit counts across replicas', async () => {
      const buyer = await newBuyer(seeding);
      const login = await call(pick(), '/api/login', { device: 'web', email: buyer.email, password: buyer.password });
      expect(login.status).toBe(200);
      const token = (login.body.data as { token: string }).token;
      const auth = { authorization: `Bearer ${token}` };
      expect((await call(pick(), '/api/logout', {}, auth)).status).toBe(200);
      for (const replica of replicas)
        expect((await call(replica, '/api/fetch-transactions', {}, auth)).status).toBe(401);

      // refresh-transaction allows REFRESH_LIMIT a minute per account in all: one replica alone would let every request through.
      const refreshes = await Promise.all(
        Array.from({ length: REFRESH_LIMIT + 30 }, () =>
          call(pick(), '/api/refresh-transaction', { transaction_id: 1 }, { authorization: `Bearer ${buyer.token}` }),
        ),
      );
      expect(refreshes.filter((r) => r.status === 429)).toHaveLength(30);
      expect(refreshes.filter((r) => r.status >= 500)).toHaveLength(0);
    }, 60_000);
  },
);
