/**
 * Operator reports, read from the database the server uses: `npm run report -- unmatched
 * [--json]` lists the transfers held in suspense (services/suspense.ts) with what to do about
 * each; `npm run report -- reconciliation [--date YYYY-MM-DD] [--json]` the mismatches the
 * reconciliations stored (services/reconciliation.ts); `npm run report -- disputed [--json]`
 * the webhooks a partner's status call contradicted (services/transferConfirmation.ts). Like the
 * server it reads DATABASE_URL, or else the embedded database in DATA_DIR — stop the server first
 * then: the embedded database is one process's at a time.
 */
import { fileURLToPath } from 'node:url';
import type { Executor } from '../db/schema';
import {
  listDisputedTransfers,
  disputedTransfersJson,
  disputedTransfersTable,
} from '../services/funding/transferConfirmation';
import { isDay } from '../../core/days';
import { listMismatches, reconciliationJson, reconciliationTable } from '../services/funding/reconciliation';
import { listUnmatchedTransfers, unmatchedTransfersJson, unmatchedTransfersTable } from '../services/funding/suspense';
import { isUnmigrated, openOperatorDatabase } from './operatorDatabase';

export const USAGE =
  'usage: npm run report -- unmatched [--json] | reconciliation [--date YYYY-MM-DD] [--json] | disputed [--json]';

export interface ReportRequest {
  name: 'unmatched' | 'reconciliation' | 'disputed';
  json: boolean;
  /** reconciliation only: one day's mismatches instead of every day's. */
  day?: string;
}

/** The report asked for, or undefined when the arguments name none. */
export function parseArguments(args: string[]): ReportRequest | undefined {
  const json = args.includes('--json');
  const rest = args.filter((arg) => arg !== '--json');
  if (rest.length === 1 && (rest[0] === 'unmatched' || rest[0] === 'disputed' || rest[0] === 'reconciliation'))
    return { name: rest[0], json };
  if (rest.length === 3 && rest[0] === 'reconciliation' && rest[1] === '--date' && isDay(rest[2]))
    return { name: 'reconciliation', json, day: rest[2] };
  return undefined;
}

/** The report's text, as printed. */
export async function report(db: Executor, { name, json, day }: ReportRequest): Promise<string> {
  switch (name) {
    case 'unmatched': {
      const transfers = await listUnmatchedTransfers(db);
      return json ? unmatchedTransfersJson(transfers) : unmatchedTransfersTable(transfers);
    }
    case 'reconciliation': {
      const mismatches = await listMismatches(db, day);
      return json ? reconciliationJson(mismatches) : reconciliationTable(mismatches);
    }
    case 'disputed': {
      const disputed = await listDisputedTransfers(db);
      return json ? disputedTransfersJson(disputed) : disputedTransfersTable(disputed);
    }
  }
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
    console.error("this database lacks the report's table: start the server once, which applies its migrations");
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
