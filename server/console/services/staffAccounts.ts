import type { Invitation, StaffMember, StaffRole } from '../../../core/console';
import { everyColumn } from '../../db/columns';
import type { StaffTable } from '../../db/schema';
import { AppError } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { checkNewPassword } from '../../services/passwordPolicy';
import { hashPassword } from '../../services/passwords';
import { newToken } from '../../services/tokens';
import type { Selectable } from 'kysely';
import { recordAudit, type Actor } from './audit';
import { revokeAllStaffSessions } from './staffSessions';

/**
 * Staff accounts, created from the command line (the first admin) or by an admin in the console.
 * Nobody ever sets another person's password: an account starts with a one-time invitation,
 * whose holder chooses a password (the customers' rules) and then enrols the second factor.
 * Resetting an account (a lost phone) issues a new invitation and ends its sessions.
 */

/** An invitation is good for three days. */
export const INVITATION_TTL_MS = 3 * 24 * 60 * 60_000;
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
  'failed_attempts',
  'locked_until',
  'invitation_hash',
  'invitation_expires_at',
  'disabled_at',
  'created_at',
  'created_by',
]);

type StaffRow = Selectable<StaffTable>;

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

/** The invitation link: the token after '#', so it never reaches a server log or a Referer. */
const invitationUrl = (consoleUrl: string, token: string) => `${consoleUrl}${INVITATION_PATH}#invitation=${token}`;

async function issueInvitation(tx: AppContext, staffId: bigint, consoleUrl: string) {
  const token = newToken();
  const expires = new Date(tx.clock.now().getTime() + INVITATION_TTL_MS);
  const row = await tx.db
    .updateTable('staff')
    .set({ invitation_hash: tx.hashToken(`invitation:${token}`), invitation_expires_at: expires, password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, enrolled_at: null, failed_attempts: 0, locked_until: null })
    .where('id', '=', staffId)
    .returning(STAFF_COLUMNS)
    .executeTakeFirstOrThrow();
  await tx.db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await revokeAllStaffSessions(tx, staffId);
  return { row, url: invitationUrl(consoleUrl, token), expires };
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
}

/** Creates a staff account with its invitation (409 when the e-mail is taken). */
export async function createStaff(ctx: AppContext, actor: Actor, staff: NewStaff, consoleUrl: string): Promise<Invitation> {
  return inTransaction(ctx, async (tx) => {
    const created = await tx.db
      .insertInto('staff')
      .values({ email: staff.email.toLowerCase(), name: staff.name, role: staff.role, created_at: tx.clock.now(), created_by: 'cli' in actor ? null : actor.staffId })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) throw new AppError(409, `${staff.email} already has a staff account`);
    const { row, url, expires } = await issueInvitation(tx, created.id, consoleUrl);
    await recordAudit(tx, actor, { action: 'staff.create', subject: `staff:${created.id}`, after: { email: row.email, name: row.name, role: row.role } });
    return { staff: toStaffMember(row), invitation_url: url, expires_at: expires.toISOString() };
  });
}

async function staffRow(ctx: AppContext, staffId: bigint): Promise<StaffRow> {
  const row = await ctx.db.selectFrom('staff').select(STAFF_COLUMNS).where('id', '=', staffId).forUpdate().executeTakeFirst();
  if (!row) throw new AppError(404, 'no such staff member');
  return row;
}

/** A new invitation for an existing account (a lost phone, a forgotten password): its password, second factor and sessions are cleared. */
export async function resetStaff(ctx: AppContext, actor: Actor, staffId: bigint, consoleUrl: string): Promise<Invitation> {
  return inTransaction(ctx, async (tx) => {
    const before = await staffRow(tx, staffId);
    if (before.disabled_at) throw new AppError(409, 'this account is disabled: enable it first');
    const { row, url, expires } = await issueInvitation(tx, staffId, consoleUrl);
    await recordAudit(tx, actor, { action: 'staff.reset', subject: `staff:${staffId}`, before: toStaffMember(before), after: toStaffMember(row) });
    return { staff: toStaffMember(row), invitation_url: url, expires_at: expires.toISOString() };
  });
}

export interface StaffChange {
  role?: StaffRole;
  disabled?: boolean;
}

/** Changes a role or disables (or enables) an account; every session of the account ends. An admin cannot lock themselves out. */
export async function updateStaff(ctx: AppContext, actor: Actor, staffId: bigint, change: StaffChange): Promise<StaffMember> {
  if (!('cli' in actor) && actor.staffId === staffId) throw new AppError(409, 'you cannot change your own role or disable yourself: ask another admin');
  return inTransaction(ctx, async (tx) => {
    const before = await staffRow(tx, staffId);
    const disabledAt = change.disabled === undefined ? before.disabled_at : change.disabled ? (before.disabled_at ?? tx.clock.now()) : null;
    const row = await tx.db
      .updateTable('staff')
      .set({ role: change.role ?? before.role, disabled_at: disabledAt })
      .where('id', '=', staffId)
      .returning(STAFF_COLUMNS)
      .executeTakeFirstOrThrow();
    await revokeAllStaffSessions(tx, staffId);
    await recordAudit(tx, actor, { action: 'staff.update', subject: `staff:${staffId}`, before: toStaffMember(before), after: toStaffMember(row) });
    return toStaffMember(row);
  });
}

export async function listStaff(ctx: AppContext): Promise<StaffMember[]> {
  const rows = await ctx.db.selectFrom('staff').select(STAFF_COLUMNS).orderBy('disabled_at', 'desc').orderBy('email').execute();
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
export async function acceptInvitation(ctx: AppContext, token: string, password: string, address: string): Promise<StaffRow> {
  const hash = ctx.hashToken(`invitation:${token}`);
  const invited = await ctx.db.selectFrom('staff').select(STAFF_COLUMNS).where('invitation_hash', '=', hash).executeTakeFirst();
  if (!invited || invited.disabled_at || !invited.invitation_expires_at || invited.invitation_expires_at <= ctx.clock.now()) throw new AppError(401, INVITATION_SPENT);
  await checkNewPassword(password, { email: invited.email, name: invited.name, phone: '' });
  const passwordHash = await hashPassword(password);
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .updateTable('staff')
      .set({ password_hash: passwordHash, invitation_hash: null, invitation_expires_at: null })
      .where('id', '=', invited.id)
      .where('invitation_hash', '=', hash)
      .returning(STAFF_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new AppError(401, INVITATION_SPENT);
    await recordAudit(tx, { staffId: row.id, email: row.email, address }, { action: 'staff.accept-invitation', subject: `staff:${row.id}` });
    return row;
  });
}
