/**
 * Operator command: `npm run reconcile -- --date YYYY-MM-DD [--json]` compares that Lagos day's
 * credits and bills with each live bank partner's transaction list and the biller's requery
 * (services/reconciliation.ts), stores every mismatch and prints them. Nothing is corrected.
 *
 * It reads the server's own configuration (server/config.ts: the same environment, so the same
 * partners, keys and database) and builds the same gateways, without listening. With the
 * embedded database, stop the server first: that database is one process's at a time.
 * Exit status: 0 clean, 1 mismatches or a counterparty not compared, 2 bad arguments.
 */
import { fileURLToPath } from 'node:url';
import { buildServer } from '../server';
import { ConfigError, loadConfig } from '../config';
import { openMigratedDatabase } from '../db/database';
import { isDay } from '../../core/days';
import { reconciliationJson, reconciliationTable } from '../services/funding/reconciliation';

export const USAGE = 'usage: npm run reconcile -- --date YYYY-MM-DD [--json]';

export function parseArguments(args: string[]): { day: string; json: boolean } | undefined {
  const rest = args.filter((arg) => arg !== '--json');
  const at = rest.indexOf('--date');
  const day = at >= 0 ? rest[at + 1] : rest.find((arg) => arg.startsWith('--date='))?.slice('--date='.length);
  const known = at >= 0 ? rest.length === 2 : rest.length === 1;
  return day !== undefined && known && isDay(day) ? { day, json: args.includes('--json') } : undefined;
}

async function main(args: string[]): Promise<number> {
  const request = parseArguments(args);
  if (!request) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    ({ config } = loadConfig());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`cannot reconcile: ${error.message}`);
    return 2;
  }
  const { handle: database } = await openMigratedDatabase(config);
  try {
    const { app } = await buildServer({ ...config, logLevel: 'warn' }, { db: database.db });
    try {
      const report = await app.reconcileDay(request.day);
      console.log(
        request.json
          ? reconciliationJson(report.mismatches, report.counterparties)
          : `Reconciliation of ${report.day} (Africa/Lagos):\n` +
              reconciliationTable(report.mismatches, report.counterparties),
      );
      return report.mismatches.length > 0 || report.counterparties.some((summary) => summary.error) ? 1 : 0;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
