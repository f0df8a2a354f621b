/**
 * Operator reports, read from the database the server uses: `npm run report -- unmatched
 * [--json]` lists the transfers held in suspense (services/suspense.ts) with what to do about
 * each. Like the server it reads DATABASE_URL, or else the embedded database in DATA_DIR — stop
 * the server first then: the embedded database is one process's at a time.
 */
import { fileURLToPath } from 'node:url';
import type { Executor } from '../server/db/schema';
import { listUnmatchedTransfers, unmatchedTransfersJson, unmatchedTransfersTable } from '../server/services/suspense';
import { isUnmigrated, openOperatorDatabase } from './operatorDatabase';

export const USAGE = 'usage: npm run report -- unmatched [--json]';

export interface ReportRequest {
  name: 'unmatched';
  json: boolean;
}

/** The report asked for, or undefined when the arguments name none. */
export function parseArguments(args: string[]): ReportRequest | undefined {
  const rest = args.filter((arg) => arg !== '--json');
  return rest.length === 1 && rest[0] === 'unmatched' ? { name: 'unmatched', json: args.includes('--json') } : undefined;
}

/** The report's text, as printed. */
export async function report(db: Executor, { json }: ReportRequest): Promise<string> {
  const transfers = await listUnmatchedTransfers(db);
  return json ? unmatchedTransfersJson(transfers) : unmatchedTransfersTable(transfers);
}

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const request = parseArguments(args);
  if (!request) {
    console.error(USAGE);
    return 2;
  }
  const database = await openOperatorDatabase(env);
  if ('problem' in database) {
    console.error(database.problem);
    return 1;
  }
  try {
    console.log(await report(database.db, request));
    return 0;
  } catch (error) {
    if (!isUnmigrated(error)) throw error;
    console.error('this database has no suspense table yet: start the server once, which applies its migrations');
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
