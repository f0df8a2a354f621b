/**
 * Operator command: staff accounts of the operator console, from the command line — above all
 * the first admin, before anyone can sign in to create the others.
 *
 *   npm run staff -- create --email ada@example.com --name "Ada Obi" --role admin [--invitation-file <path>]
 *   npm run staff -- reset --email ada@example.com [--invitation-file <path>]
 *       a new invitation (lost phone, forgotten password)
 *   npm run staff -- disable --email ada@example.com | enable --email ada@example.com
 *   npm run staff -- list
 *
 * create and reset print a one-time invitation link (OPS_PUBLIC_URL/setup#invitation=…): its
 * holder chooses a password and enrols an authenticator app. Nobody, this command included, ever
 * sets a staff member's password. --invitation-file writes the link to a file (mode 600) instead
 * of the terminal. Every change is recorded in the staff audit as the command line's.
 *
 * Whoever runs this is an operator on the server itself, who holds its keys and database anyway:
 * the command hands them the link, with no second admin (there is none yet for the first ones).
 * It mails the link to nobody (one copy of a one-time secret, and the first admin comes before
 * mail is set up); when the server mails (SMTP_URL), it tells the account's owner by e-mail that
 * their account was created or reset here, and by whom, so a reset they did not ask for is noticed.
 *
 * It reads the server's own configuration (the same TOKEN_KEY and PIN_KEY, so the links work, and
 * the same database): run it with the server's environment; in development,
 * `APP_MODE=development npm run staff -- …`. With the embedded database, stop the server first.
 */
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '../../core/console';
import { systemClock } from '../clock';
import { ConfigError, loadConfig, type Config } from '../config';
import { openMigratedDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import {
  createStaff,
  listStaff,
  resetStaff,
  setStaffDisabled,
  staffByEmail,
  type IssuedInvitation,
} from '../console/services/staffAccounts';
import type { Mail, Mailer } from '../gateways/mailer';
import { SmtpMailer } from '../gateways/smtpMailer';
import type { AppContext } from '../services/context';
import { createSecretBox } from '../services/identity/secretBox';
import { createTokenHasher } from '../services/account/tokens';

export const USAGE = [
  'usage: npm run staff -- create --email <e-mail> --name <name> --role support|finance|admin ' +
    '[--invitation-file <path>]',
  '       npm run staff -- reset --email <e-mail> [--invitation-file <path>]',
  '       npm run staff -- disable --email <e-mail>',
  '       npm run staff -- enable --email <e-mail>',
  '       npm run staff -- list',
].join('\n');

class UsageError extends Error {}

/**
 * A service context for the command: the server's keys and database. Its services send no mail
 * themselves; a message one queued would wait in the outbox for a running server's job.
 */
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
    sms: { name: 'none', send: noMail },
    afterCommit: (work) => work(),
    sendQueued: () => undefined,
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
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'invitation-file': { type: 'string' },
    },
  });
  const [command] = positionals;
  if (positionals.length !== 1 || !['create', 'reset', 'disable', 'enable', 'list'].includes(command))
    throw new UsageError(USAGE);
  if (command !== 'list' && !values.email) throw new UsageError(`--email is required\n${USAGE}`);
  if (command === 'create' && (!values.name || !STAFF_ROLES.includes(values.role as StaffRole)))
    throw new UsageError(`create needs --name and --role support|finance|admin\n${USAGE}`);
  return {
    command,
    email: values.email?.trim().toLowerCase() ?? '',
    name: values.name?.trim() ?? '',
    role: values.role as StaffRole,
    invitationFile: values['invitation-file'],
  };
}

function handOver(invitation: IssuedInvitation, file: string | undefined) {
  if (file) {
    writeFileSync(file, `${invitation.url}\n`, { mode: 0o600 });
    const validity = `valid until ${invitation.expires_at}`;
    console.log(`invitation written to ${file} (${validity}): hand it to its owner by a channel you trust`);
  } else {
    const validity = `valid until ${invitation.expires_at}`;
    console.log(`invitation (${validity}; hand it to its owner by a channel you trust, it is shown once):`);
    console.log(invitation.url);
  }
}

/** The owner's notice of what was done here: never the link, which the operator hands over. */
function ownerNotice(invitation: IssuedInvitation, operator: string, reset: boolean): Mail {
  const what = reset
    ? 'Your sign-in to the Naira Wallet operator console was reset: ' +
      'your password and authenticator app were cleared and every session ended.'
    : `An account of the Naira Wallet operator console was created for you, as ${invitation.staff.role}.`;
  return {
    to: invitation.staff.email,
    subject: reset ? 'Your Naira Wallet console sign-in was reset' : 'Your Naira Wallet console account was created',
    text:
      `Hello ${invitation.staff.name},\n\n${what} ` +
      `It was done on the server's command line by its operator (${operator}), ` +
      'who will hand you the invitation link themselves.\n\nIf you did not expect this, tell another admin at once.',
  };
}

/** Hands the invitation to the operator, and tells its owner when the server mails. */
async function deliver(
  invitation: IssuedInvitation,
  request: ReturnType<typeof parse>,
  operator: string,
  mailer: Mailer | null,
) {
  handOver(invitation, request.invitationFile);
  if (!mailer) {
    console.log(`${invitation.staff.email} was not told by e-mail: SMTP_URL is not set`);
    return;
  }
  try {
    await mailer.send(ownerNotice(invitation, operator, request.command === 'reset'));
    console.log(`${invitation.staff.email} was told by e-mail (without the link)`);
  } catch {
    console.error(`the notice to ${invitation.staff.email} could not be sent: tell them yourself`);
  }
}

async function run(
  ctx: AppContext,
  config: Config,
  request: ReturnType<typeof parse>,
  mailer: Mailer | null,
): Promise<void> {
  const operator = userInfo().username;
  const actor = { cli: operator };
  if (request.command === 'list') {
    for (const member of await listStaff(ctx)) {
      const state = member.disabled
        ? 'disabled'
        : member.invitation_pending
          ? 'invited'
          : member.enrolled
            ? 'active'
            : 'enrolling';
      console.log(`${member.email.padEnd(40)} ${member.role.padEnd(8)} ${state}`);
    }
    return;
  }
  if (request.command === 'create') {
    const staff = { email: request.email, name: request.name, role: request.role };
    await deliver(await createStaff(ctx, actor, staff, config.ops.publicUrl), request, operator, mailer);
    return;
  }
  const staff = await staffByEmail(ctx, request.email);
  if (!staff) throw new AppError(404, `no staff account ${request.email}`);
  if (request.command === 'reset') {
    await deliver(await resetStaff(ctx, actor, staff.id, config.ops.publicUrl), request, operator, mailer);
    return;
  }
  const changed = await setStaffDisabled(ctx, actor, staff.id, request.command === 'disable');
  console.log(`${request.email}: ${changed.disabled ? 'disabled, its sessions ended' : 'enabled'}`);
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
  const { handle: database } = await openMigratedDatabase(config);
  const mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : null;
  try {
    await run(commandContext(database.db, config), config, request, mailer);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    mailer?.close();
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
