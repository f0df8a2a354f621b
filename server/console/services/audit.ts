import { sql } from 'kysely';
import type { AuditEntry, AuditFilter } from '../../../core/console';
import type { AppContext } from '../../services/context';

/**
 * The staff audit (036_staff_audit.sql): one row per staff action, written by the action's own
 * transaction. The table refuses UPDATE and DELETE; this module only ever inserts and reads.
 */

/** Who acted: a staff member through the console, or someone at the command line. */
export type Actor = { staffId: bigint; email: string; address: string } | { cli: string };

export interface AuditRecord {
  /** `area.verb`, e.g. 'customer.view', 'money.approve'. */
  action: string;
  customerId?: bigint | null;
  subject?: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? inner.toString() : inner)));

/** Records an action; must run in the action's transaction (a record without its action, or the reverse, cannot be). */
export async function recordAudit(tx: AppContext, actor: Actor, record: AuditRecord): Promise<void> {
  if (!tx.db.isTransaction) throw new Error('recordAudit must run inside the transaction of the action it records');
  const who = 'cli' in actor ? { staff_id: null, actor: `command line (${actor.cli})`, address: null } : { staff_id: actor.staffId, actor: actor.email, address: actor.address.slice(0, 64) };
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

export const AUDIT_PAGE = 50;

/** The audit, newest first, a page at a time, filtered by who, what, which customer and when. */
export async function listAudit(ctx: AppContext, filter: AuditFilter): Promise<AuditEntry[]> {
  let query = ctx.db.selectFrom('staff_audit').select(['id', 'at', 'actor', 'action', 'customer_id', 'subject', 'address', 'before', 'after']).orderBy('id', 'desc').limit(AUDIT_PAGE);
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
