import { sql } from 'kysely';
import type { AuditEntry, AuditFilter } from '../../../core/console';
import { asBookkeeping } from '../../db/drainGate';
import { AppError } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';

/**
 * The staff audit (036_staff_audit.sql): one row per staff action, written by the action's own
 * transaction. The table refuses UPDATE and DELETE; this module only ever inserts and reads. On
 * PostgreSQL the server's own role may do no more than that either (044_runtime_role.sql).
 */

/**
 * Who acted: a staff member through the console, someone at the command line, or the server on
 * its own by a rule staff should see beside their own actions (a product paused for failing).
 */
export type Actor = { staffId: bigint; email: string; address: string } | { cli: string } | { automatic: string };

export interface AuditRecord {
  /** `area.verb`, e.g. 'customer.view', 'money.approve'. */
  action: string;
  customerId?: bigint | null;
  subject?: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) =>
  value === undefined || value === null
    ? null
    : JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? inner.toString() : inner));

/** Records an action; must run in the action's transaction (a record without its action, or the reverse, cannot be). */
export async function recordAudit(tx: AppContext, actor: Actor, record: AuditRecord): Promise<void> {
  if (!tx.db.isTransaction) throw new Error('recordAudit must run inside the transaction of the action it records');
  const who =
    'cli' in actor
      ? { staff_id: null, actor: `command line (${actor.cli})`, address: null }
      : 'automatic' in actor
        ? { staff_id: null, actor: `automatic (${actor.automatic})`, address: null }
        : { staff_id: actor.staffId, actor: actor.email, address: actor.address.slice(0, 64) };
  await tx.db
    .insertInto('staff_audit')
    .values({
      at: tx.clock.now(),
      ...who,
      action: record.action,
      customer_id: record.customerId ?? null,
      subject: record.subject ?? null,
      before: json(record.before),
      after: json(record.after),
    })
    .execute();
}

/**
 * Records an action in a transaction of its own, committed when this returns: for what must stay
 * recorded whatever happens next (who asked before the biller is asked, a refusal whose own
 * transaction rolls back).
 */
export async function commitAudit(ctx: AppContext, actor: Actor, record: AuditRecord): Promise<void> {
  await asBookkeeping(() => inTransaction(ctx, (tx) => recordAudit(tx, actor, record)));
}

/**
 * A read of a list, with its record, in one transaction: no list is read unrecorded. The record
 * keeps what was asked for (`after`) and how many rows were shown.
 */
export async function auditedRead<T>(
  ctx: AppContext,
  actor: Actor,
  record: AuditRecord,
  read: (tx: AppContext) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx, async (tx) => {
    const result = await read(tx);
    const shown = Array.isArray(result) ? { results: result.length } : {};
    await recordAudit(tx, actor, { ...record, after: { ...(record.after as object | undefined), ...shown } });
    return result;
  });
}

/**
 * Records a refused attempt (`<area>.refused`, the attempted action and the reason given) in a
 * transaction of its own, and answers the refusal to throw: the attempt's transaction, if any,
 * rolls back with everything it wrote.
 */
export async function recordRefusal(ctx: AppContext, actor: Actor, attempt: AuditRecord, refusal: AppError) {
  const area = attempt.action.split('.')[0];
  // The customer an attempt named is the caller's word: linked only when there is one, else kept as typed.
  const named = attempt.customerId ?? null;
  const known =
    named !== null && (await ctx.db.selectFrom('users').select('id').where('id', '=', named).executeTakeFirst());
  await commitAudit(ctx, actor, {
    action: `${area}.refused`,
    customerId: known ? named : null,
    subject: attempt.subject,
    after: {
      attempted: attempt.action,
      reason: refusal.message,
      ...(named !== null && !known ? { customer_id: named } : {}),
    },
  });
  return refusal;
}

/** Runs an attempt; a 403 it meets (a rule of money or staff, a wrong code) is recorded before it is answered. */
export async function refusalsRecorded<T>(ctx: AppContext, actor: Actor, attempt: AuditRecord, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status === 403) throw await recordRefusal(ctx, actor, attempt, error);
    throw error;
  }
}

export const AUDIT_PAGE = 50;

/** The audit, newest first, a page at a time, filtered by who, what, customer and when; its reading is recorded. */
export async function listAudit(ctx: AppContext, actor: Actor, filter: AuditFilter): Promise<AuditEntry[]> {
  const customerId = filter.customer_id === undefined ? null : BigInt(filter.customer_id);
  return auditedRead(ctx, actor, { action: 'audit.list', customerId, after: filter }, (tx) => auditPage(tx, filter));
}

async function auditPage(ctx: AppContext, filter: AuditFilter): Promise<AuditEntry[]> {
  let query = ctx.db
    .selectFrom('staff_audit')
    .select(['id', 'at', 'actor', 'action', 'customer_id', 'subject', 'address', 'before', 'after'])
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE);
  if (filter.staff_id !== undefined) query = query.where('staff_id', '=', BigInt(filter.staff_id));
  if (filter.action) query = query.where(sql<boolean>`action LIKE ${`${filter.action.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (filter.customer_id !== undefined) query = query.where('customer_id', '=', BigInt(filter.customer_id));
  if (filter.from) query = query.where('at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('at', '<', new Date(filter.to));
  if (filter.before_id !== undefined) query = query.where('id', '<', BigInt(filter.before_id));
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    customer_id: row.customer_id === null ? null : Number(row.customer_id),
    subject: row.subject,
    address: row.address,
    before: row.before,
    after: row.after,
  }));
}
