import { sql } from 'kysely';
import {
  needsSecondAdmin,
  raises,
  type StaffChange,
  type StaffChangeKind,
  type StaffOutcome,
  type StaffRole,
} from '../../../core/console';
import { DAY_MS } from '../../../core/days';
import { AppError, must } from '../../errors';
import type { Mail } from '../../gateways/mailer';
import { inTransaction, type AppContext } from '../../services/context';
import { queueMail } from '../../services/notifications/outbox';
import { recordAudit, refusalsRecorded } from './audit';
import type { StaffActor } from './moneyRequests';
import { confirmCode, type FactorProof } from './secondFactor';
import { reauthenticated } from './signIn';
import {
  createAccount,
  invitationMail,
  resetAccount,
  staffRow,
  toStaffMember,
  updateAccount,
  type Issued,
  type NewStaff,
  type StaffRow,
  type StaffUpdate,
} from './staffAccounts';

/**
 * Four eyes on who may move money. Creating, resetting or raising a finance or admin identity is
 * asked by one admin and made only by a *different* admin's approval, re-authenticating with their
 * code, before the request expires; the approval e-mails the invitation to the account's own
 * address. A support account, a role lowered and an account disabled (the emergency brake) need
 * one admin. A money request's checker must be independent of its maker (refuseDependentChecker),
 * which the database holds too (042_staff_changes.sql).
 */

/**
 * A day: the second admin may be on another shift; past it, what is approved would be what someone
 * wanted yesterday.
 */
export const STAFF_CHANGE_WINDOW_MS = DAY_MS;

/**
 * A day during which an identity that changed hands (a reset taken up) or powers (a raise) checks
 * nobody's money: the owner a reset locked out, and the admins who see every change in the audit,
 * have that long to raise the alarm before it can approve anything. The trigger of migration 042
 * holds the same day.
 */
export const IDENTITY_SETTLING_MS = DAY_MS;

const OWN_ACCOUNT = 'you cannot change your own account: ask another admin';
const ALREADY_ASKED = 'a change for this account is already waiting for approval';

type ChangeRow = {
  id: bigint;
  kind: StaffChangeKind;
  staff_id: bigint | null;
  email: string;
  name: string;
  role: StaffRole;
  maker_id: bigint;
};

/** What was done, and the invitation to mail with it. */
interface Done {
  outcome: StaffOutcome;
  mail: Mail | null;
}

/** The change, and its invitation queued in the same transaction (services/notifications/outbox.ts). */
async function delivered(ctx: AppContext, work: (tx: AppContext) => Promise<Done>): Promise<StaffOutcome> {
  return inTransaction(ctx, async (tx) => {
    const { outcome, mail } = await work(tx);
    if (mail) await queueMail(tx, { kind: 'staff-invitation', mail });
    return outcome;
  });
}

/** Done at once: the account as it now is, and its invitation to mail. */
const sent = (issued: Issued, kind: 'create' | 'reset'): Done => ({
  outcome: {
    staff: toStaffMember(issued.row),
    invitation: { sent_to: issued.row.email, expires_at: issued.expires.toISOString() },
    change: null,
  },
  mail: invitationMail(issued, kind),
});

/** Pending changes past their time are expired first, so they neither block a new one nor get approved. */
async function expireOverdue(tx: AppContext) {
  await tx.db
    .updateTable('staff_changes')
    .set({ status: 'expired' })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', tx.clock.now())
    .execute();
}

/** Records what `maker` asks for; nothing changes until another admin approves it. */
async function askForChange(
  tx: AppContext,
  maker: StaffActor,
  change: Omit<ChangeRow, 'id' | 'maker_id'>,
): Promise<Done> {
  await expireOverdue(tx);
  const now = tx.clock.now();
  const created = await tx.db
    .insertInto('staff_changes')
    .values({
      ...change,
      maker_id: maker.staffId,
      created_at: now,
      expires_at: new Date(now.getTime() + STAFF_CHANGE_WINDOW_MS),
    })
    // The partial index's predicate as a literal, as a prepared statement's generic plan needs it (moneyRequests.ts).
    .onConflict((conflict) => conflict.column('email').where('status', '=', sql.lit('pending')).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw new AppError(409, ALREADY_ASKED);
  const [asked] = await listStaffChanges(tx, created.id);
  await recordAudit(tx, maker, { action: 'staff.change-request', subject: `staff-change:${created.id}`, after: asked });
  return { outcome: { staff: null, invitation: null, change: asked }, mail: null };
}

/** An admin invites someone: a support account at once, a finance or admin one once a second admin approves. */
export async function inviteStaff(
  ctx: AppContext,
  admin: StaffActor,
  staff: NewStaff,
  consoleUrl: string,
): Promise<StaffOutcome> {
  const email = staff.email.toLowerCase();
  return delivered(ctx, async (tx) => {
    if (!needsSecondAdmin(staff.role)) {
      const note = { invitation_sent_to: email };
      return sent(await createAccount(tx, admin, { ...staff, email }, admin.staffId, consoleUrl, note), 'create');
    }
    const taken = await tx.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new AppError(409, `${email} already has a staff account`);
    return askForChange(tx, admin, { kind: 'create', staff_id: null, email, name: staff.name, role: staff.role });
  });
}

/** An admin resets another's account: a support account at once, a finance or admin one on approval. */
export async function resetByAdmin(
  ctx: AppContext,
  admin: StaffActor,
  staffId: bigint,
  consoleUrl: string,
): Promise<StaffOutcome> {
  if (admin.staffId === staffId) throw new AppError(409, OWN_ACCOUNT);
  return delivered(ctx, async (tx) => {
    const target = await staffRow(tx, staffId);
    if (!needsSecondAdmin(target.role)) {
      return sent(await resetAccount(tx, admin, staffId, consoleUrl, { invitation_sent_to: target.email }), 'reset');
    }
    if (target.disabled_at) throw new AppError(409, 'this account is disabled: enable it first');
    return askForChange(tx, admin, {
      kind: 'reset',
      staff_id: staffId,
      email: target.email,
      name: target.name,
      role: target.role,
    });
  });
}

/** An admin changes another's role or disables (enables) it; a raise waits for a second admin and rides alone. */
export async function updateByAdmin(
  ctx: AppContext,
  admin: StaffActor,
  staffId: bigint,
  change: StaffUpdate,
): Promise<StaffOutcome> {
  if (admin.staffId === staffId) {
    throw new AppError(409, 'you cannot change your own role or disable yourself: ask another admin');
  }
  return delivered(ctx, async (tx) => {
    const target = await staffRow(tx, staffId);
    if (!change.role || !raises(target.role, change.role)) {
      const updated = await updateAccount(tx, admin, staffId, change);
      return { outcome: { staff: toStaffMember(updated), invitation: null, change: null }, mail: null };
    }
    if (change.disabled !== undefined) {
      throw new AppError(422, 'a raise waits for a second admin: ask for it on its own, without disabled');
    }
    return askForChange(tx, admin, {
      kind: 'raise',
      staff_id: staffId,
      email: target.email,
      name: target.name,
      role: change.role,
    });
  });
}

/** The change, locked for this decision; 409 when it was decided or has expired. */
async function pendingChange(tx: AppContext, changeId: bigint): Promise<ChangeRow> {
  const row = await tx.db
    .selectFrom('staff_changes')
    .select(['id', 'kind', 'status', 'staff_id', 'email', 'name', 'role', 'maker_id', 'expires_at'])
    .where('id', '=', changeId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'no such change');
  if (row.status === 'pending' && row.expires_at <= tx.clock.now()) {
    throw new AppError(409, 'this change has expired: ask again if it is still needed');
  }
  if (row.status !== 'pending') throw new AppError(409, `this change was already ${row.status}: nothing was done`);
  return row;
}

/** The refusals of a second admin, before their code is taken (a refused approval spends no code). */
function checkSecondAdmin(change: ChangeRow, checker: StaffActor) {
  if (change.maker_id === checker.staffId) {
    throw new AppError(403, 'you asked for this yourself: another admin must approve it');
  }
  if (change.staff_id === checker.staffId) {
    throw new AppError(403, 'this change is about your own account: another admin must approve it');
  }
}

/** staff_changes' CHECK (042_staff_changes.sql): only a creation waits without its account. */
const NAMES_ACCOUNT = 'a reset or a raise names its account (staff_changes CHECK)';

/** Makes the approved change, recorded as the checker's with who asked. */
async function makeChange(
  tx: AppContext,
  change: ChangeRow,
  checker: StaffActor,
  consoleUrl: string,
): Promise<{ row: StaffRow; done: Done | null }> {
  const maker = await tx.db
    .selectFrom('staff')
    .select('email')
    .where('id', '=', change.maker_id)
    .executeTakeFirstOrThrow();
  const note = {
    change_id: Number(change.id),
    asked_by: maker.email,
    ...(change.kind === 'raise' ? {} : { invitation_sent_to: change.email }),
  };
  if (change.kind === 'create') {
    const issued = await createAccount(tx, checker, change, change.maker_id, consoleUrl, note);
    return { row: issued.row, done: sent(issued, 'create') };
  }
  if (change.kind === 'reset') {
    const issued = await resetAccount(tx, checker, must(change.staff_id, NAMES_ACCOUNT), consoleUrl, note);
    return { row: issued.row, done: sent(issued, 'reset') };
  }
  const target = await staffRow(tx, must(change.staff_id, NAMES_ACCOUNT));
  if (!raises(target.role, change.role)) {
    throw new AppError(409, `${target.email} is already ${target.role}: nothing was done`);
  }
  return { row: await updateAccount(tx, checker, target.id, { role: change.role }, note), done: null };
}

/**
 * A second admin approves a change with their code: only now is the account created, reset or
 * raised, and an invitation e-mailed to its own address once this has committed. A refusal (the
 * maker, the account's holder, a wrong code) is recorded though its transaction rolls back.
 */
export async function approveStaffChange(
  ctx: AppContext,
  checker: StaffActor,
  changeId: bigint,
  code: FactorProof,
  consoleUrl: string,
): Promise<StaffOutcome> {
  const attempt = approvalOf(changeId);
  const approve = () => delivered(ctx, (tx) => approvedChange(tx, checker, changeId, code, consoleUrl));
  return refusalsRecorded(ctx, checker, attempt, () => reauthenticated(ctx, checker, approve));
}

/** What an approval of a change is recorded as. */
const approvalOf = (changeId: bigint) => ({ action: 'staff.change-approve', subject: `staff-change:${changeId}` });

/** The approval's transaction: the change checked, the checker's code taken, the change made and recorded. */
async function approvedChange(
  tx: AppContext,
  checker: StaffActor,
  changeId: bigint,
  code: FactorProof,
  consoleUrl: string,
) {
  const change = await pendingChange(tx, changeId);
  checkSecondAdmin(change, checker);
  await confirmCode(tx, checker.staffId, code);
  const { row, done } = await makeChange(tx, change, checker, consoleUrl);
  await tx.db
    .updateTable('staff_changes')
    .set({ status: 'approved', checker_id: checker.staffId, decided_at: tx.clock.now(), staff_id: row.id })
    .where('id', '=', changeId)
    .execute();
  const [decided] = await listStaffChanges(tx, changeId);
  await recordAudit(tx, checker, { ...approvalOf(changeId), before: { status: 'pending' }, after: decided });
  return done
    ? { ...done, outcome: { ...done.outcome, change: decided } }
    : { outcome: { staff: toStaffMember(row), invitation: null, change: decided }, mail: null };
}

/** A second admin turns a change down, saying why; nothing changes. A refusal is recorded. */
export async function rejectStaffChange(
  ctx: AppContext,
  checker: StaffActor,
  changeId: bigint,
  note: string,
): Promise<StaffChange> {
  const attempt = { action: 'staff.change-reject', subject: `staff-change:${changeId}` };
  return refusalsRecorded(ctx, checker, attempt, () =>
    inTransaction(ctx, async (tx) => {
      const change = await pendingChange(tx, changeId);
      if (change.maker_id === checker.staffId) {
        throw new AppError(403, 'you asked for this yourself: withdraw it instead');
      }
      checkSecondAdmin(change, checker);
      await tx.db
        .updateTable('staff_changes')
        .set({ status: 'rejected', checker_id: checker.staffId, decided_at: tx.clock.now(), decision_note: note })
        .where('id', '=', changeId)
        .execute();
      const [decided] = await listStaffChanges(tx, changeId);
      await recordAudit(tx, checker, { ...attempt, before: { status: 'pending' }, after: decided });
      return decided;
    }),
  );
}

/** The admin who asked withdraws the change. A refusal (someone else's change) is recorded. */
export async function cancelStaffChange(ctx: AppContext, maker: StaffActor, changeId: bigint): Promise<StaffChange> {
  const attempt = { action: 'staff.change-cancel', subject: `staff-change:${changeId}` };
  return refusalsRecorded(ctx, maker, attempt, () =>
    inTransaction(ctx, async (tx) => {
      const change = await pendingChange(tx, changeId);
      if (change.maker_id !== maker.staffId) throw new AppError(403, 'only the admin who asked may withdraw a change');
      await tx.db
        .updateTable('staff_changes')
        .set({ status: 'cancelled', decided_at: tx.clock.now() })
        .where('id', '=', changeId)
        .execute();
      const [decided] = await listStaffChanges(tx, changeId);
      await recordAudit(tx, maker, { ...attempt, before: { status: 'pending' }, after: decided });
      return decided;
    }),
  );
}

/**
 * Changes as the console shows them, pending first, then the latest decisions (or the one asked
 * for); a pending one past its time reads as expired.
 */
export async function listStaffChanges(ctx: AppContext, changeId?: bigint): Promise<StaffChange[]> {
  let query = ctx.db
    .selectFrom('staff_changes as c')
    .innerJoin('staff as maker', 'maker.id', 'c.maker_id')
    .leftJoin('staff as checker', 'checker.id', 'c.checker_id')
    .select([
      'c.id',
      'c.kind',
      'c.status',
      'c.staff_id',
      'c.email',
      'c.name',
      'c.role',
      'c.maker_id',
      'c.created_at',
      'c.expires_at',
      'c.decided_at',
      'c.decision_note',
    ])
    .select(['maker.email as maker', 'checker.email as checker'])
    .orderBy(sql`c.status = 'pending'`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(100);
  if (changeId !== undefined) query = query.where('c.id', '=', changeId);
  const now = ctx.clock.now();
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    status: row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status,
    staff_id: row.staff_id === null ? null : Number(row.staff_id),
    email: row.email,
    name: row.name,
    role: row.role,
    maker: row.maker,
    maker_id: Number(row.maker_id),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    checker: row.checker,
    decided_at: row.decided_at?.toISOString() ?? null,
    decision_note: row.decision_note,
  }));
}

// ── The money checker's independence ────────────────────────────────────────────────────────

/**
 * Refuses (403) a money checker who may be the maker under another name: an account the maker
 * created, or asked for or approved the creation, reset or raise of (whoever holds it may be the
 * maker: the e-mail was theirs to choose, or the approval theirs to give); the creator of the
 * maker's own account (the same, the other way round); or an account that changed hands or
 * powers within IDENTITY_SETTLING_MS.
 */
export async function refuseDependentChecker(tx: AppContext, checkerId: bigint, makerId: bigint): Promise<void> {
  const account = (id: bigint) =>
    tx.db
      .selectFrom('staff')
      .select(['created_by', 'identity_changed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const [checker, maker] = [await account(checkerId), await account(makerId)];
  const shaped = await tx.db
    .selectFrom('staff_changes')
    .select('id')
    .where('staff_id', '=', checkerId)
    .where('status', '=', 'approved')
    .where((eb) => eb.or([eb('maker_id', '=', makerId), eb('checker_id', '=', makerId)]))
    .executeTakeFirst();
  if (checker.created_by === makerId || shaped) {
    throw new AppError(
      403,
      'your account was created, reset or raised at the request or with the approval of whoever asked for this: ' +
        'another finance user must decide it',
    );
  }
  if (maker.created_by === checkerId) {
    throw new AppError(403, 'you created the account of whoever asked for this: another finance user must decide it');
  }
  if (
    checker.identity_changed_at &&
    tx.clock.now().getTime() - checker.identity_changed_at.getTime() < IDENTITY_SETTLING_MS
  ) {
    throw new AppError(
      403,
      `your account was reset or its role raised less than ${IDENTITY_SETTLING_MS / 3_600_000} hours ago: ` +
        'another finance user must decide this request',
    );
  }
}
