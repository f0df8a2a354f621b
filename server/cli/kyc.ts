/**
 * Operator decisions on identity, written to the database the server uses:
 *
 *   npm run kyc -- tier3 --email <e-mail> --address "<verified address>" --by "<operator>" [--note "<text>"]
 *
 * records that staff verified the user's address (the user must have a verified BVN and NIN):
 * the user reaches tier 3 (no balance cap) and is told. The record is append-only. Like the
 * server it reads DATABASE_URL, or else the embedded database in DATA_DIR — stop the server
 * first then: the embedded database is one process's at a time.
 */
import { fileURLToPath } from 'node:url';
import { recordTier3Decision, type Tier3Decision } from '../services/identity/kycDecisions';
import { isUnmigrated, openOperatorDatabase } from './operatorDatabase';

export const USAGE =
  'usage: npm run kyc -- tier3 --email <e-mail> --address "<verified address>" --by "<operator>" [--note "<text>"]';

/** The decision asked for, or undefined when the arguments are not one. */
export function parseArguments(args: string[], now: Date): Tier3Decision | undefined {
  if (args[0] !== 'tier3') return undefined;
  const options = new Map<string, string>();
  for (let i = 1; i < args.length; i += 2) {
    if (!args[i].startsWith('--') || args[i + 1] === undefined) return undefined;
    options.set(args[i].slice(2), args[i + 1]);
  }
  const [email, address, by] = [options.get('email'), options.get('address'), options.get('by')];
  if (!email || !address || !by || [...options.keys()].some((key) => !['email', 'address', 'by', 'note'].includes(key)))
    return undefined;
  return { email, address, decidedBy: by, note: options.get('note') ?? '', now };
}

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const decision = parseArguments(args, new Date());
  if (!decision) {
    console.error(USAGE);
    return 2;
  }
  const database = await openOperatorDatabase(env);
  if ('problem' in database) {
    console.error(database.problem);
    return 1;
  }
  try {
    const outcome = await recordTier3Decision(database.db, decision);
    if (outcome.status === 'refused') {
      console.error(`not recorded: ${outcome.reason}`);
      return 1;
    }
    console.log(`recorded: ${decision.email} is tier 3 (address verified by ${decision.decidedBy})`);
    return 0;
  } catch (error) {
    if (!isUnmigrated(error)) throw error;
    console.error('this database lacks the decisions table: start the server once, which applies its migrations');
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
