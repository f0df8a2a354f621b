/**
 * `npm run audit`: the ledger audit (services/ledgerAudit.ts, the one the API tests run after
 * every test that moves money) over the server's database, once. Exit 0 when clean; 1 with each
 * problem listed. Reads DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
 */
import { fileURLToPath } from 'node:url';
import { auditLedger, recordAuditRun } from '../services/ledger/ledgerAudit';
import { isUnmigrated, openOperatorDatabase } from './operatorDatabase';

export async function main(env: NodeJS.ProcessEnv): Promise<number> {
  const database = await openOperatorDatabase(env);
  if ('problem' in database) {
    console.error(database.problem);
    return 1;
  }
  try {
    const problems = await auditLedger(database.db);
    await recordAuditRun(database.db, new Date(), problems);
    if (problems.length === 0) {
      console.log(
        'ledger audit: clean (every movement balanced, every cached balance equal to its entries, ' +
          'no user wallet below zero, every purchase charged once or refunded)',
      );
      return 0;
    }
    console.error(`ledger audit: ${problems.length} problem(s) found`);
    for (const problem of problems) console.error(`  - ${problem}`);
    return 1;
  } catch (error) {
    if (!isUnmigrated(error)) throw error;
    console.error('this database has no ledger yet: start the server once, which applies its migrations');
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.env);
}
