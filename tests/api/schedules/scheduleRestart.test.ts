import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '../../../core/contract';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { startTestApp } from '../../support/api/app';
import { backends, type Backend } from '../../support/api/backends';
import { freePort } from '../../../testkit/freePort';
import { ManualClock } from '../../support/api/manualClock';
import { newBuyer, providerId, type Buyer } from '../../support/api/purchases';
import { createdSchedule, lagosIn } from '../../support/api/schedules';
import {
  openStorage,
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
import { eventually } from '../../support/api/eventually';

/**
 * A killed server resumes the due runs once: a production server (`node --import tsx
 * server/main.ts`) making 40 due runs is SIGKILLed in the middle, with runs in flight; a new
 * server on the same database takes over what was left — runs not begun, and runs whose purchase
 * had begun, once their leases end — and every schedule ends with exactly one run and one
 * purchase, the ledger audit clean. On PGlite as on PostgreSQL.
 */
const BUYERS = 4;
const PER_BUYER = 10;

/** Waits for `ready` to hold of the server's answers, asking every 100 ms; on a timeout, says what did not happen and what the server printed. */
const until = <T>(read: () => Promise<T>, ready: (value: T) => boolean, what: string, started: Started) =>
  eventually(read, ready, {
    timeoutMs: 120_000,
    intervalMs: 100,
    context: () => `${what} did not happen:\n${started.output().slice(-4_000)}`,
  });

describe.each(backends)('a server killed while making scheduled runs, on $name', ({ name }) => {
  const secrets = productionSecrets();
  let place: Storage;
  let rails: Awaited<ReturnType<typeof productionRails>>;
  beforeAll(async () => {
    [place, rails] = await Promise.all([storage(name), productionRails()]);
  });
  afterAll(() => Promise.all([place.remove(), rails.close()]));

  it(
    `a new server makes the ${BUYERS * PER_BUYER} due runs that were left, each once`,
    async () => {
      // Made ten minutes ago, due two minutes after that: due when the servers start, well within the grace period.
      const database = await openStorage(place);
      const seeding = await startTestApp({ name, open: () => Promise.resolve(database) } satisfies Backend, {
        database,
        config: secretsAsConfig(secrets),
        clock: new ManualClock(new Date(Date.now() - 10 * 60_000)),
      });
      const mtn = await providerId(seeding, 'airtime', 'MTN');
      const at = lagosIn(seeding, 2);
      const buyers: Buyer[] = [];
      for (let n = 0; n < BUYERS; n++) {
        const buyer = await newBuyer(seeding, 5_000);
        for (let k = 0; k < PER_BUYER; k++) {
          await createdSchedule(seeding, buyer.token, {
            category: 'airtime',
            provider_id: mtn,
            beneficiary: `0803${2_000_010 + n * 100 + k}`,
            amount: 100,
            frequency: 'once',
            date: at.day,
            time: at.time,
          });
        }
        buyers.push(buyer);
      }
      await seeding.close();

      // The first server makes eight runs; the biller then holds the next payment, and the server is
      // killed the moment it does: runs in flight (their payments held at the biller) and runs not
      // begun, however fast or slow the start was. Killed on the biller's word, not on a poll: a
      // server left running while held payments time out opens its breaker, and refuses the rest.
      // A short biller timeout on the next server, so that the runs it takes over end soon.
      const ANSWERED = 8;
      rails.vtpass.holdPayments(ANSWERED);
      const env = {
        ...place.env,
        ...secrets,
        ...rails.env,
        HOST: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '100',
        BILLER_TIMEOUT_MS: '1000',
        SCHEDULE_INTERVAL_MS: '200',
        REQUERY_INTERVAL_MS: '500',
      };
      const listed = (base: string) => async () =>
        (
          await Promise.all(
            buyers.map(async (buyer) => {
              const response = await fetch(`${base}/api/schedules/list`, {
                method: 'POST',
                headers: { authorization: `Bearer ${buyer.token}` },
              });
              return ((await response.json()) as { data: Schedule[] }).data;
            }),
          )
        ).flat();
      const finished = (schedules: Schedule[]) =>
        schedules.filter((schedule) => schedule.last_run && schedule.last_run.outcome !== 'running').length;
      const payments = () => rails.vtpass.requests.filter((request) => request.path.endsWith('/pay')).length;

      const firstPort = await freePort();
      // The first server waits 10 s on the biller: killed late (a busy machine can hold the kill back
      // for seconds), its held payments must not time out first, or five timeouts open its breaker
      // and it refuses the runs left before it dies. The next server keeps the short wait.
      const first = startServer({ ...env, BILLER_TIMEOUT_MS: '10000', PORT: String(firstPort) });
      let paidBeforeKill: number;
      try {
        await waitUntilListening(first, firstPort);
        await rails.vtpass.held();
        first.kill();
        paidBeforeKill = payments();
      } finally {
        first.kill();
      }
      expect(await first.exit).toBeNull();

      // The biller answers again; what it held from the killed server it makes, as a real one would.
      rails.vtpass.releasePayments();
      const secondPort = await freePort();
      const second = startServer({ ...env, PORT: String(secondPort) });
      try {
        await waitUntilListening(second, secondPort);
        await until(
          listed(`http://127.0.0.1:${secondPort}`),
          (schedules) => finished(schedules) === BUYERS * PER_BUYER && schedules.every((s) => s.status === 'ended'),
          'every run',
          second,
        );
      } finally {
        second.stop();
      }
      expect(await second.exit).toBe(0);
      console.info(
        `schedules: ${ANSWERED} of ${BUYERS * PER_BUYER} runs were answered by the biller and ${paidBeforeKill - ANSWERED} held in flight when the server was killed (${name}); the next server made the rest`,
      );
      // Some runs were in flight at the kill, and some not begun.
      expect(paidBeforeKill).toBeGreaterThan(ANSWERED);
      expect(paidBeforeKill).toBeLessThan(BUYERS * PER_BUYER);

      const after = await openStorage(place);
      try {
        const { rows } = await sql<{ schedules: number; runs: number; once: number; purchases: number; keys: number }>`
        SELECT (SELECT count(*)::int FROM schedules) AS schedules,
               (SELECT count(*)::int FROM schedule_runs) AS runs,
               (SELECT count(DISTINCT schedule_id)::int FROM schedule_runs) AS once,
               (SELECT count(*)::int FROM transactions WHERE category = 'airtime') AS purchases,
               (SELECT count(*)::int FROM idempotency_keys WHERE key LIKE 'schedule run %') AS keys`.execute(after.db);
        const total = BUYERS * PER_BUYER;
        expect(rows[0]).toEqual({ schedules: total, runs: total, once: total, purchases: total, keys: total });
        const outcomes = await after.db
          .selectFrom('schedule_runs')
          .select('outcome')
          .where('outcome', 'not in', ['completed', 'processing'])
          .execute();
        expect(outcomes).toEqual([]);
        expect(await auditLedger(after.db)).toEqual([]);
      } finally {
        await after.close();
      }
    },
    4 * START_TIMEOUT_MS,
  );
});
