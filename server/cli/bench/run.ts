import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../config';
import { migrate } from '../../db/migrate';
import { auditLedger } from '../../services/ledger/ledgerAudit';
import { capturePurchases, Recorder, type Product } from './capture';
import { listPage, pollMix, purchases, type LoadResult } from './load';
import {
  PGBENCH_MODES,
  replayInProcess,
  runPgbench,
  scriptOf,
  statementCount,
  storeClients,
  writePgbenchScript,
  type PgbenchMode,
  type RawRate,
} from './replay';
import { BENCH_PIN, benchContext, seeder } from './seed';
import { serverEnvironment, startFakeBiller, startServer } from './server';
import { startSmtpSink } from './smtpSink';
import type { BenchStorage } from './storage';

export interface BenchOptions {
  /** Client counts of the purchase runs; each client is a user of its own. */
  clients: number[];
  /** Seconds of each measured run (purchases, raw SQL, poll mix). */
  seconds: number;
  /** Seconds of load before the measured runs, so the server is warm. */
  warmUpSeconds: number;
  pollUsers: number;
  pollConnections: number;
  /** Sizes of the users' histories whose activity list is timed. */
  histories: number[];
  pages: number[];
  /** Requests per (history, page), one after another. */
  listRequests: number;
  /** Where the server's log (and the pgbench script) go. */
  workDir: string;
  /** Extra `node` options of the server, e.g. to profile it. */
  serverNodeOptions?: string[];
  /** Told what the bench is doing. */
  progress?: (step: string) => void;
}

/** One way of running the purchase's statements without the API, and its rate. */
export interface RawRun {
  /** pgbench's mode on PostgreSQL; in process on PGlite. */
  mode: PgbenchMode | 'in-process';
  rate: RawRate;
}

export interface PurchaseRow {
  clients: number;
  api: LoadResult;
  /**
   * The first is what the API is compared with: prepared on PostgreSQL (as the server sends them),
   * in process on PGlite.
   */
  raw: RawRun[];
}

export interface DatabaseReport {
  kind: BenchStorage['kind'];
  version: string;
  statementsPerPurchase: number;
  /** The server's pool (PostgreSQL). */
  pool: number | null;
  purchases: PurchaseRow[];
  poll: LoadResult;
  lists: { transactions: number; page: number; result: LoadResult }[];
  /** The ledger audit after every purchase of the run, API and raw alike: empty when clean. */
  audit: string[];
  serverLog: string;
}

/**
 * ₦100 of MTN airtime to a number the fake VTpass delivers at once (as the simulated biller
 * would): a purchase that settles and earns cashback.
 */
const airtime = (providerId: number): Product => ({
  category: 'airtime',
  body: (pin) => ({ provider_id: providerId, beneficiary: '08031234567', amount: 100, pin }),
});

/** A run's buyers: `count` of the seeded buyers from the `first`. */
interface BuyerSet {
  first: number;
  count: number;
}

/**
 * Buyers of their own for every measured run, API and raw alike. A run spends its buyers' day:
 * tier 2 allows ₦200,000 a day, 2,000 purchases of ₦100, and a fast raw run at 10 clients buys
 * about a thousand each, so buyers shared between runs ran out of their limit before the last.
 */
function buyersPlan(clients: number[], rawRuns: number): { users: number; api: BuyerSet[]; raw: BuyerSet[][] } {
  let users = 0;
  const take = (count: number): BuyerSet => {
    const set = { first: users, count };
    users += count;
    return set;
  };
  const api = clients.map(take);
  const raw = clients.map((count) => Array.from({ length: rawRuns }, () => take(count)));
  return { users, api, raw };
}

const usersOf = <T>(all: T[], { first, count }: BuyerSet): T[] => all.slice(first, first + count);

/** ₦10,000,000: a wallet no run empties. */
const BUYER_FUNDS_KOBO = 1_000_000_000n;
const POLLER_FUNDS_KOBO = 500_000n;

export async function benchDatabase(storage: BenchStorage, options: BenchOptions): Promise<DatabaseReport> {
  const say = options.progress ?? (() => {});
  const smtp = await startSmtpSink();
  let biller: Awaited<ReturnType<typeof startFakeBiller>> | undefined;
  try {
    biller = await startFakeBiller(join(options.workDir, `biller-${storage.kind}.log`));
    const env = { ...serverEnvironment(smtp.url, biller.url), ...storage.env };
    const { config } = loadConfig(env);
    const recorder = new Recorder();
    const serverLog = join(options.workDir, `server-${storage.kind}.log`);
    say('seeding');
    let handle = await storage.open(recorder.wrap);
    await migrate(handle.db);
    const seed = await seeder(config, benchContext(config, handle.db));
    const plan = buyersPlan(options.clients, storage.kind === 'postgres' ? PGBENCH_MODES.length : 1);
    const buyers = await seed.users(plan.users, 'buyer', BUYER_FUNDS_KOBO);
    const pollers = await seed.users(options.pollUsers, 'poller', POLLER_FUNDS_KOBO);
    const readers = [];
    for (const size of options.histories) {
      const [reader] = await seed.users(1, `reader${size}`, 0n);
      await seed.history(reader, size);
      readers.push({ size, reader });
    }
    const mtn = await handle.db
      .selectFrom('providers')
      .select('id')
      .where('category', '=', 'airtime')
      .where('name', '=', 'MTN')
      .executeTakeFirstOrThrow();
    const product = airtime(mtn.id);
    say('recording what a purchase sends');
    const script = scriptOf(await capturePurchases(config, handle.db, recorder, buyers, product, BENCH_PIN));
    if (storage.kind === 'postgres') await storeClients(handle.db, script);
    const { rows } = await sql<{ version: string }>`SELECT version()`.execute(handle.db);
    const version = /^PostgreSQL [\d.]+/.exec(rows[0].version)?.[0] ?? rows[0].version;
    await handle.close();

    say('starting the server');
    const started = await startServer(env, serverLog, options.serverNodeOptions);
    const server = { ...started, databaseCpuSeconds: () => storage.backendCpuSeconds() };
    const runs: { clients: number; api: LoadResult }[] = [];
    let poll: LoadResult;
    const lists: DatabaseReport['lists'] = [];
    try {
      say('warming up');
      await purchases(
        server,
        usersOf(buyers, plan.api.at(-1)!),
        product.category,
        product.body(BENCH_PIN),
        options.warmUpSeconds,
      );
      await pollMix(server, pollers, options.pollConnections, options.warmUpSeconds);
      for (const [i, clients] of options.clients.entries()) {
        say(`purchases at ${clients} clients`);
        runs.push({
          clients,
          api: await purchases(
            server,
            usersOf(buyers, plan.api[i]),
            product.category,
            product.body(BENCH_PIN),
            options.seconds,
          ),
        });
      }
      say('poll mix');
      poll = await pollMix(server, pollers, options.pollConnections, options.seconds);
      for (const { size, reader } of readers) {
        for (const page of options.pages) {
          say(`activity list: ${size} transactions, page ${page}`);
          lists.push({ transactions: size, page, result: await listPage(server, reader, page, options.listRequests) });
        }
      }
    } finally {
      await server.stop();
    }

    const purchaseRows: PurchaseRow[] = [];
    if (storage.kind === 'postgres') {
      const file = await writePgbenchScript(options.workDir, script);
      for (const [i, run] of runs.entries()) {
        const raw: RawRun[] = [];
        for (const [m, mode] of PGBENCH_MODES.entries()) {
          say(`pgbench -M ${mode} at ${run.clients} clients`);
          raw.push({
            mode,
            rate: await runPgbench(
              storage.url!,
              file,
              mode,
              { clients: run.clients, offset: plan.raw[i][m].first },
              options.seconds,
            ),
          });
        }
        purchaseRows.push({ ...run, raw });
      }
      handle = await storage.open();
    } else {
      handle = await storage.open();
      await replayInProcess(
        handle.db,
        { ...script, clients: usersOf(script.clients, plan.raw[0][0]) },
        options.warmUpSeconds,
      );
      for (const [i, run] of runs.entries()) {
        say(`raw SQL in process, ${run.clients} users`);
        const rate = await replayInProcess(
          handle.db,
          { ...script, clients: usersOf(script.clients, plan.raw[i][0]) },
          options.seconds,
        );
        purchaseRows.push({ ...run, raw: [{ mode: 'in-process', rate }] });
      }
    }
    say('ledger audit');
    const audit = await auditLedger(handle.db);
    await handle.close();
    return {
      kind: storage.kind,
      version,
      statementsPerPurchase: statementCount(script),
      pool: storage.kind === 'postgres' ? config.databasePool.max : null,
      purchases: purchaseRows,
      poll: poll!,
      lists,
      audit,
      serverLog,
    };
  } finally {
    await Promise.all([smtp.close(), biller?.stop()]);
  }
}
