import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import type { auditTamperRisk, DatabaseHandle } from './db/database';
import type { DEMO_ACCOUNT } from './db/demoAccount';

/**
 * Start-up: configuration, database and migrations, then the HTTP server; a clean stop on SIGINT/SIGTERM.
 * The database and the app are imported once the configuration is accepted: a refused start (a
 * production start missing a secret) says why in a fraction of a second, without loading them.
 */
async function main() {
  const { config, warnings } = loadConfigOrExit();
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  const [{ auditTamperRisk, openMigratedDatabase }, { buildServer }, { DEMO_ACCOUNT }] = await Promise.all([
    import('./db/database'),
    import('./server'),
    import('./db/demoAccount'),
  ]);

  // A connection the server dropped (restart, failover): the pool replaces it; the requests it served answered 503.
  const logs: { log?: FastifyBaseLogger } = {};
  const lost = (error: Error) => logs.log?.warn({ err: error }, 'database: connection lost');
  const { handle: database, applied } = await openMigratedDatabase(config, lost);
  await refuseTamperableAudit(config, database, auditTamperRisk);
  const demo = database.embedded && !config.production;
  // runJobs: the purchase requery job runs while the server is up (every REQUERY_INTERVAL_MS) and stops with it;
  // on the embedded database, so does the planner statistics job, which first runs after the migrations above.
  const deps = { db: database.db, seedDemoAccount: demo, runJobs: true, embeddedDatabase: database.embedded };
  const { app, opsConsole } = await buildServer(config, deps);
  logs.log = app.log;
  if (applied.length > 0) app.log.info({ migrations: applied }, `database: applied ${applied.join(', ')}`);

  const stop = once(async (signal: string) => {
    app.log.info({ signal }, 'shutting down: not ready, no new connections, letting in-flight requests finish');
    // Requests waiting on a provider stop waiting just before the deadline and answer (http/draining.ts);
    // what still runs at the deadline (a statement the database never finished) loses its connection
    // as a last resort, and whatever it left processing the requery job settles, on any replica.
    const deadline = setTimeout(() => {
      app.log.warn(`shutdown: requests still running after ${config.shutdownTimeoutMs} ms, closing their connections`);
      app.server.closeAllConnections();
      opsConsole.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    // close(): every new request and work that wrote nothing yet answer 503 (preClose), the listener
    // closes, in-flight requests finish, then the onClose hooks stop the jobs; the database is released last.
    await app.close();
    clearTimeout(deadline);
    await database.close();
    app.log.info('shut down cleanly');
    process.exit(0);
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The operator console listens on a port of its own (loopback unless OPS_HOST says otherwise);
  // app.close() closes it too.
  if (config.ops.port !== undefined) await opsConsole.listen({ port: config.ops.port, host: config.ops.host });
  // Production logs are JSON lines only (a log shipper reads them); development greets a person.
  const lines = banner(config, database, demo ? DEMO_ACCOUNT : undefined);
  if (config.production) app.log.info({ details: lines.slice(1).map((line) => line.trim()) }, lines[0]);
  else console.log(lines.join('\n'));
}

/**
 * On a PostgreSQL server, the server's own role must not be able to alter the staff audit:
 * production refuses to start (saying what to set), development warns. The embedded database
 * has one user, who owns everything: there is no second role to run as.
 */
async function refuseTamperableAudit(config: Config, database: DatabaseHandle, tamperRisk: typeof auditTamperRisk) {
  const risk = database.embedded ? undefined : await tamperRisk(database.db);
  if (risk === undefined) return;
  if (config.production) {
    console.error(`Naira Wallet cannot start: ${risk}`);
    await database.close();
    process.exit(1);
  }
  console.warn(`warning: ${risk}`);
}

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Naira Wallet cannot start: ${error.message}`);
    process.exit(1);
  }
}

function banner(config: Config, database: DatabaseHandle, demo?: typeof DEMO_ACCOUNT): string[] {
  const origin = `http://localhost:${config.port}`;
  const lines = [`Naira Wallet running at ${origin} in ${modeOf(config)}`];
  if (demo) lines.push(`  demo account: ${demo.email} / ${demo.password} (transaction pin ${demo.pin})`);
  if (!config.production && !config.smtpUrl) lines.push(`  development mailbox: ${origin}/dev/mailbox?to=<email>`);
  if (!config.production)
    lines.push(`  simulated bank transfer: POST ${origin}/dev/bank/transfer { "account_number", "amount" }`);
  const requery = config.requeryIntervalMs > 0 ? `every ${config.requeryIntervalMs} ms` : 'off (REQUERY_INTERVAL_MS=0)';
  lines.push(`  requery job: ${requery}`);
  // Production reaches the embedded database only through EMBEDDED_DATABASE=yes: the log says what was accepted.
  const knowingly = config.production ? ' (EMBEDDED_DATABASE=yes: one process, an unencrypted file)' : '';
  const embedded = `embedded PGlite in ${config.dataDir}${knowingly}`;
  lines.push(`  database: ${database.embedded ? embedded : 'PostgreSQL server (DATABASE_URL)'}`);
  const opsConsole =
    config.ops.port === undefined
      ? 'off (set OPS_PORT)'
      : `${config.ops.publicUrl} (staff only; first admin: npm run staff -- create)`;
  lines.push(`  operator console: ${opsConsole}`);
  return lines;
}

function modeOf(config: Config): string {
  if (config.staging) {
    return "staging mode (STAGING=yes: production against the providers' sandboxes, never with real customers)";
  }
  return `${config.production ? 'production' : 'development'} mode (APP_MODE)`;
}

function once<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  let running: Promise<void> | undefined;
  return (...args: A) => (running ??= fn(...args));
}

await main();
