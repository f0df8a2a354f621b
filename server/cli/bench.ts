// `npm run bench`: the server measures itself against its targets (docs/architecture.md,
// "Targets"), on the machine's PostgreSQL and on PGlite, and prints one table per database:
//
//   (a) purchases/s and p50/p99 at 10 and 40 clients (each client a user of its own), beside the
//       same statements run as raw SQL (pgbench on PostgreSQL, prepared and unprepared; in process
//       on PGlite) and the ratio of the API to each; the statements are recorded from the API,
//       never copied by hand;
//   (b) the SPA's 60-s poll mix (get-user, fetch-providers, fetch-notifications) per second;
//   (c) fetch-transactions latency for users with 100, 10,000 and 200,000 transactions, pages 1 and 100;
//
// then the ledger audit over everything the run bought, and the targets. Exits non-zero on an
// error or an audit problem only: the figures are reported, not asserted (the machine is shared).
//
//   npm run bench -- [--quick] [--db postgres|pglite] [--profile <dir>]
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench) names a database the
// bench creates and drops; PGlite runs in a temporary folder. `--profile` writes the server's
// CPU profile (node --cpu-prof) of each database's run into <dir>.
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { databaseSection, targetsSection } from './bench/report';
import { benchDatabase, type BenchOptions, type DatabaseReport } from './bench/run';
import { DEFAULT_BENCH_DATABASE_URL, pgliteStorage, postgresStorage } from './bench/storage';

const FULL: Omit<BenchOptions, 'workDir'> = {
  clients: [10, 40],
  seconds: 10,
  warmUpSeconds: 3,
  pollUsers: 200,
  pollConnections: 40,
  histories: [100, 10_000, 200_000],
  pages: [1, 100],
  listRequests: 40,
};

/** A smoke run: every step, shorter. */
const QUICK: Omit<BenchOptions, 'workDir'> = { ...FULL, seconds: 2, warmUpSeconds: 1, pollUsers: 80, listRequests: 5 };

async function main(): Promise<number> {
  const { values: args } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      db: { type: 'string', multiple: true },
      profile: { type: 'string' },
    },
  });
  const databases = args.db ?? ['postgres', 'pglite'];
  const unknown = databases.filter((db) => db !== 'postgres' && db !== 'pglite');
  if (unknown.length > 0) throw new Error(`--db takes postgres or pglite, not ${unknown.join(', ')}`);
  const workDir = await mkdtemp(join(tmpdir(), 'naira-bench-'));
  const options: BenchOptions = {
    ...(args.quick ? QUICK : FULL),
    workDir,
    progress: (step) => process.stderr.write(`  … ${step}\n`),
  };
  const started = new Date();
  const command = `npm run bench${args.quick ? ' -- --quick' : ''}`;
  const machine = `${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start`;
  console.log(`# ${command}: ${started.toISOString()}, ${machine}`);
  console.log('');
  console.log(
    'Each client is a signed-in user of its own with a funded wallet; a purchase is ₦100 of MTN airtime that the',
  );
  console.log(
    'fake VTpass (a process of its own) delivers at once (settled, cashback paid), ' +
      'sent with an Idempotency-Key of its own. The server',
  );
  console.log('runs as production starts it, in a process of its own, mailing each receipt to a local SMTP sink.');
  const reports: DatabaseReport[] = [];
  for (const db of databases) {
    process.stderr.write(`${db}:\n`);
    const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args.profile, db)}`] : [];
    const storage =
      db === 'postgres'
        ? await postgresStorage(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL)
        : await pgliteStorage(workDir);
    try {
      const report = await benchDatabase(storage, { ...options, serverNodeOptions: profile });
      reports.push(report);
      console.log('');
      console.log(databaseSection(report));
    } finally {
      await storage.remove();
    }
  }
  console.log('');
  console.log(targetsSection(reports));
  console.log('');
  const seconds = Math.round((Date.now() - started.getTime()) / 1000);
  console.log(`Took ${seconds} s; load average ${loadavg()[0].toFixed(1)} at the end.`);
  return reports.some((report) => report.audit.length > 0) ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
