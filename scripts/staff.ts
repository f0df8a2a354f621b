/**
 * Operator command: staff accounts of the operator console, from the command line — above all
 * the first admin, before anyone can sign in to create the others.
 *
 *   npm run staff -- create --email ada@example.com --name "Ada Obi" --role admin [--invitation-file <path>]
 *   npm run staff -- reset --email ada@example.com [--invitation-file <path>]   a new invitation (lost phone, forgotten password)
 *   npm run staff -- disable --email ada@example.com | enable --email ada@example.com
 *   npm run staff -- list
 *
 * create and reset print a one-time invitation link (OPS_PUBLIC_URL/setup#invitation=…): its
 * holder chooses a password and enrols an authenticator app. Nobody, this command included, ever
 * sets a staff member's password. --invitation-file writes the link to a file (mode 600) instead
 * of the terminal. Every change is recorded in the staff audit as the command line's.
 *
 * It reads the server's own configuration (the same TOKEN_KEY and PIN_KEY, so the links work, and
 * the same database): run it with the server's environment; in development,
 * `APP_MODE=development npm run staff -- …`. With the embedded database, stop the server first.
 */
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '../core/console';
import { systemClock } from '../server/clock';
import { ConfigError, loadConfig, type Config } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { AppError } from '../server/errors';
import type { Actor } from '../server/console/services/audit';
import { createStaff, listStaff, resetStaff, staffByEmail, updateStaff } from '../server/console/services/staffAccounts';
import type { AppContext } from '../server/services/context';
import { createSecretBox } from '../server/services/secretBox';
import { createTokenHasher } from '../server/services/tokens';

export const USAGE = [
  'usage: npm run staff -- create --email <e-mail> --name <name> --role support|finance|admin [--invitation-file <path>]',
  '       npm run staff -- reset --email <e-mail> [--invitation-file <path>]',
  '       npm run staff -- disable --email <e-mail>',
  '       npm run staff -- enable --email <e-mail>',
  '       npm run staff -- list',
].join('\n');

class UsageError extends Error {}

/** A service context for the command: the server's keys and database; it sends no mail. */
function commandContext(db: Database, config: Config): AppContext {
  const noMail = async () => {
    throw new Error('the staff command sends no e-mail');
  };
  return {
    db,
    clock: systemClock,
    hashToken: createTokenHasher(config.tokenKey),
    secrets: createSecretBox(config.pinKey),
    mailer: { send: noMail },
    deliverMail: () => undefined,
    publicUrl: config.publicUrl,
    pinMaxAttempts: config.pinMaxAttempts,
    sessions: config.sessions,
    liveBankPartners: config.bankPartners.names,
    systemAccounts: new Map(),
  };
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, 'invitation-file': { type: 'string' } },
  });
  const [command] = positionals;
  if (positionals.length !== 1 || !['create', 'reset', 'disable', 'enable', 'list'].includes(command)) throw new UsageError(USAGE);
  if (command !== 'list' && !values.email) throw new UsageError(`--email is required\n${USAGE}`);
  if (command === 'create' && (!values.name || !STAFF_ROLES.includes(values.role as StaffRole))) throw new UsageError(`create needs --name and --role support|finance|admin\n${USAGE}`);
  return { command, email: values.email?.trim().toLowerCase() ?? '', name: values.name?.trim() ?? '', role: values.role as StaffRole, invitationFile: values['invitation-file'] };
}

function handOver(invitation: { invitation_url: string; expires_at: string }, file: string | undefined) {
  if (file) {
    writeFileSync(file, `${invitation.invitation_url}\n`, { mode: 0o600 });
    console.log(`invitation written to ${file} (valid until ${invitation.expires_at}): hand it to its owner by a channel you trust`);
  } else {
    console.log(`invitation (valid until ${invitation.expires_at}; hand it to its owner by a channel you trust, it is shown once):\n${invitation.invitation_url}`);
  }
}

async function run(ctx: AppContext, config: Config, request: ReturnType<typeof parse>): Promise<void> {
  const actor: Actor = { cli: userInfo().username };
  if (request.command === 'list') {
    for (const member of await listStaff(ctx)) {
      const state = member.disabled ? 'disabled' : member.invitation_pending ? 'invited' : member.enrolled ? 'active' : 'enrolling';
      console.log(`${member.email.padEnd(40)} ${member.role.padEnd(8)} ${state}`);
    }
    return;
  }
  if (request.command === 'create') {
    handOver(await createStaff(ctx, actor, { email: request.email, name: request.name, role: request.role }, config.ops.publicUrl), request.invitationFile);
    return;
  }
  const staff = await staffByEmail(ctx, request.email);
  if (!staff) throw new AppError(404, `no staff account ${request.email}`);
  if (request.command === 'reset') handOver(await resetStaff(ctx, actor, staff.id, config.ops.publicUrl), request.invitationFile);
  else console.log(`${request.email}: ${(await updateStaff(ctx, actor, staff.id, { disabled: request.command === 'disable' })).disabled ? 'disabled, its sessions ended' : 'enabled'}`);
}

export async function main(args: string[]): Promise<number> {
  let request: ReturnType<typeof parse>;
  let config: Config;
  try {
    request = parse(args);
    ({ config } = loadConfig());
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
    console.error(error instanceof ConfigError ? `cannot run: ${error.message}` : error.message);
    return 2;
  }
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    await run(commandContext(database.db, config), config, request);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
