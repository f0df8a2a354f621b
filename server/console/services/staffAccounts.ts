import { raises, type StaffMember, type StaffRole } from '../../../core/console';
import { DAY_MS, lagosDateTime } from '../../../core/days';
import { everyColumn } from '../../db/columns';
import type { StaffTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mail } from '../../gateways/mailer';
import { inTransaction, type AppContext } from '../../services/context';
import { checkNewPassword } from '../../services/account/passwordPolicy';
import { hashPassword } from '../../services/account/passwords';
import { newToken } from '../../services/account/tokens';
import type { Selectable } from 'kysely';
import { recordAudit, type Actor } from './audit';
import { revokeAllStaffSessions } from './staffSessions';

/**
 * Staff accounts. Nobody ever sets another person's password: an account starts with a one-time
 * invitation, whose holder chooses a password (the customers' rules) and then enrols the second
 * factor; resetting an account (a lost phone) issues a new invitation and ends its sessions.
 * Through the console (staffChanges.ts) an invitation is e-mailed to the account's own address
 * and the admin who asked learns only where it went: an admin who could open it could hold the
 * identity. The command line, run by an operator on the server (the first admins), hands the
 * link to that operator.
 */

/** An invitation is good for three days. */
export const INVITATION_TTL_MS = 3 * DAY_MS;
export const INVITATION_PATH = '/setup';
const INVITATION_SPENT = 'this invitation is not valid any more: ask an admin for a new one';

/** A staff row's columns, named (statements are prepared: server/db/preparedStatements.ts). */
export const STAFF_COLUMNS = everyColumn<StaffTable>()([
  'id',
  'email',
  'name',
  'role',
  'password_hash',
  'totp_secret',
  'totp_pending_secret',
  'totp_last_step',
  'enrolled_at',
  'invitation_hash',
  'invitation_expires_at',
  'disabled_at',
  'created_at',
  'created_by',
  'identity_changed_at',
]);

export type StaffRow = Selectable<StaffTable>;

export const toStaffMember = (row: StaffRow): StaffMember => ({
  id: Number(row.id),
  email: row.email,
  name: row.name,
  role: row.role,
  enrolled: row.totp_secret !== null && row.password_hash !== null,
  disabled: row.disabled_at !== null,
  invitation_pending: row.invitation_hash !== null,
  created_at: row.created_at.toISOString(),
});

/** An invitation as issued, its link included: for its owner's mailbox, or the operator at the command line. */
export interface Issued {
  row: StaffRow;
  url: string;
  expires: Date;
}

/** What the command line hands its operator. */
export interface IssuedInvitation {
  staff: StaffMember;
  url: string;
  expires_at: string;
}

/** The invitation link: the token after '#', so it never reaches a server log or a Referer. */
const invitationUrl = (consoleUrl: string, token: string) => `${consoleUrl}${INVITATION_PATH}#invitation=${token}`;

async function issueInvitation(tx: AppContext, staffId: bigint, consoleUrl: string): Promise<Issued> {
  const token = newToken();
  const expires = new Date(tx.clock.now().getTime() + INVITATION_TTL_MS);
  const row = await tx.db
    .updateTable('staff')
    .set({
      invitation_hash: tx.hashToken(`invitation:${token}`),
      invitation_expires_at: expires,
      password_hash: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      enrolled_at: null,
    })
    .where('id', '=', staffId)
    .returning(STAFF_COLUMNS)
    .executeTakeFirstOrThrow();
  await tx.db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  // A reset is the way back from a lost phone: its passkeys go with the rest of the old factors.
  await tx.db.deleteFrom('staff_passkeys').where('staff_id', '=', staffId).execute();
  await revokeAllStaffSessions(tx, staffId);
  return { row, url: invitationUrl(consoleUrl, token), expires };
}

const INVITATION_MAILS = {
  create: {
    subject: 'Your invitation to the Naira Wallet console',
    what: (row: StaffRow) =>
      `You are invited to the Naira Wallet operator console as ${row.role}. ` +
      'Open this link to choose your password, then set up an authenticator app:',
  },
  reset: {
    subject: 'Your Naira Wallet console sign-in was reset',
    what: () =>
      'Your sign-in to the Naira Wallet operator console was reset: your password and authenticator app were cleared ' +
      'and every session ended. ' +
      'Open this link to choose a new password, then set up your authenticator app again:',
  },
};

/** The invitation, to the account's own address; send it once the transaction that issued it has committed. */
export function invitationMail(issued: Issued, kind: keyof typeof INVITATION_MAILS): Mail {
  const { subject, what } = INVITATION_MAILS[kind];
  return {
    to: issued.row.email,
    subject,
    text:
      `Hello ${issued.row.name},\n\n${what(issued.row)}\n${issued.url}\n\n` +
      `The link works once, until ${lagosDateTime(issued.expires)} (Lagos time). ` +
      'It is yours alone: nobody at Naira Wallet will ask you for it, ' +
      'your password or your codes. If you did not expect this mail, tell another admin before you open it.',
  };
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * Creates an account with its invitation (409 when the e-mail is taken), recorded as `actor`'s;
 * `createdBy`: the admin who asked for it (null from the command line); `note`: what the audit
 * adds (who asked, where the invitation went).
 */
export async function createAccount(
  tx: AppContext,
  actor: Actor,
  staff: NewStaff,
  createdBy: bigint | null,
  consoleUrl: string,
  note: object = {},
): Promise<Issued> {
  const created = await tx.db
    .insertInto('staff')
    .values({
      email: staff.email.toLowerCase(),
      name: staff.name,
      role: staff.role,
      created_at: tx.clock.now(),
      created_by: createdBy,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw new AppError(409, `${staff.email} already has a staff account`);
  const issued = await issueInvitation(tx, created.id, consoleUrl);
  const { row } = issued;
  await recordAudit(tx, actor, {
    action: 'staff.create',
    subject: `staff:${created.id}`,
    after: { email: row.email, name: row.name, role: row.role, ...note },
  });
  return issued;
}

/** The account, locked for the change; 404 when there is none. */
export async function staffRow(ctx: AppContext, staffId: bigint): Promise<StaffRow> {
  const row = await ctx.db
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .where('id', '=', staffId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'no such staff member');
  return row;
}

/**
 * A new invitation for an existing account (a lost phone, a forgotten password): its password,
 * second factor and sessions are cleared, and the account's identity has changed hands.
 */
export async function resetAccount(
  tx: AppContext,
  actor: Actor,
  staffId: bigint,
  consoleUrl: string,
  note: object = {},
): Promise<Issued> {
  const before = await staffRow(tx, staffId);
  if (before.disabled_at) throw new AppError(409, 'this account is disabled: enable it first');
  await tx.db.updateTable('staff').set({ identity_changed_at: tx.clock.now() }).where('id', '=', staffId).execute();
  const issued = await issueInvitation(tx, staffId, consoleUrl);
  await recordAudit(tx, actor, {
    action: 'staff.reset',
    subject: `staff:${staffId}`,
    before: toStaffMember(before),
    after: { ...toStaffMember(issued.row), ...note },
  });
  return issued;
}

export interface StaffUpdate {
  role?: StaffRole;
  disabled?: boolean;
}

/**
 * Changes a role or disables (or enables) an account; every session of the account ends. A
 * raise (staffChanges.ts: only by a second admin's approval) is a change of the identity's powers.
 */
export async function updateAccount(
  tx: AppContext,
  actor: Actor,
  staffId: bigint,
  change: StaffUpdate,
  note: object = {},
): Promise<StaffRow> {
  const before = await staffRow(tx, staffId);
  const disabledAt =
    change.disabled === undefined
      ? before.disabled_at
      : change.disabled
        ? (before.disabled_at ?? tx.clock.now())
        : null;
  const role = change.role ?? before.role;
  const row = await tx.db
    .updateTable('staff')
    .set({
      role,
      disabled_at: disabledAt,
      identity_changed_at: raises(before.role, role) ? tx.clock.now() : before.identity_changed_at,
    })
    .where('id', '=', staffId)
    .returning(STAFF_COLUMNS)
    .executeTakeFirstOrThrow();
  await revokeAllStaffSessions(tx, staffId);
  await recordAudit(tx, actor, {
    action: 'staff.update',
    subject: `staff:${staffId}`,
    before: toStaffMember(before),
    after: { ...toStaffMember(row), ...note },
  });
  return row;
}

// ── The command line ────────────────────────────────────────────────────────────────────────

/** Creates an account from the command line: the operator is handed its invitation link. */
export async function createStaff(
  ctx: AppContext,
  actor: { cli: string },
  staff: NewStaff,
  consoleUrl: string,
): Promise<IssuedInvitation> {
  return inTransaction(ctx, async (tx) => handedOver(await createAccount(tx, actor, staff, null, consoleUrl)));
}

/** Resets an account from the command line: the operator is handed the new invitation link. */
export async function resetStaff(
  ctx: AppContext,
  actor: { cli: string },
  staffId: bigint,
  consoleUrl: string,
): Promise<IssuedInvitation> {
  return inTransaction(ctx, async (tx) => handedOver(await resetAccount(tx, actor, staffId, consoleUrl)));
}

/** Disables (every session ends) or enables an account from the command line. */
export async function setStaffDisabled(
  ctx: AppContext,
  actor: { cli: string },
  staffId: bigint,
  disabled: boolean,
): Promise<StaffMember> {
  return inTransaction(ctx, async (tx) => toStaffMember(await updateAccount(tx, actor, staffId, { disabled })));
}

const handedOver = (issued: Issued): IssuedInvitation => ({
  staff: toStaffMember(issued.row),
  url: issued.url,
  expires_at: issued.expires.toISOString(),
});

export async function listStaff(ctx: AppContext): Promise<StaffMember[]> {
  const rows = await ctx.db
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .orderBy('disabled_at', 'desc')
    .orderBy('email')
    .execute();
  return rows.map(toStaffMember);
}

export async function staffByEmail(ctx: AppContext, email: string): Promise<StaffRow | undefined> {
  return ctx.db.selectFrom('staff').select(STAFF_COLUMNS).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * Accepts an invitation: the password it chooses (the customers' rules: length, not common, not
 * the person's own e-mail or name) becomes the account's; answers the account, which must now
 * enrol its second factor. The invitation is spent in the same statement that checks it.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
  address: string,
): Promise<StaffRow> {
  const hash = ctx.hashToken(`invitation:${token}`);
  const invited = await ctx.db
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .where('invitation_hash', '=', hash)
    .executeTakeFirst();
  const expired = !invited?.invitation_expires_at || invited.invitation_expires_at <= ctx.clock.now();
  if (!invited || invited.disabled_at || expired) throw new AppError(401, INVITATION_SPENT);
  await checkNewPassword(password, { email: invited.email, name: invited.name, phone: '' });
  const passwordHash = await hashPassword(password);
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .updateTable('staff')
      // A reset (or raised) account changes hands when its new holder takes it up: the day a money
      // checker waits (staffChanges.ts IDENTITY_SETTLING_MS) runs from now.
      .set({
        password_hash: passwordHash,
        invitation_hash: null,
        invitation_expires_at: null,
        identity_changed_at: invited.identity_changed_at && tx.clock.now(),
      })
      .where('id', '=', invited.id)
      .where('invitation_hash', '=', hash)
      .returning(STAFF_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new AppError(401, INVITATION_SPENT);
    await recordAudit(
      tx,
      { staffId: row.id, email: row.email, address },
      { action: 'staff.accept-invitation', subject: `staff:${row.id}` },
    );
    return row;
  });
}
