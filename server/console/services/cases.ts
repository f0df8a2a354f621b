import type { CaseStatus, ConsoleCase } from '../../../core/console';
import { koboToNaira } from '../../../core/money';
import { problemReasonLabel } from '../../../core/problemReports';
import type { Mail } from '../../gateways/mailer';
import { AppError } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { queueMail } from '../../services/notifications/outbox';
import { addNotification } from '../../services/notifications/notifications';
import { recordAudit, type Actor } from './audit';

/**
 * The problem-report queue: support takes a case into review, and resolves it with a note that
 * the customer receives by e-mail and sees on the transaction. Each change is guarded on the
 * status it leaves, so two people working one case cannot both resolve it.
 */

interface CaseFilter {
  customerId?: bigint;
  /** The queue: open and in review, oldest first; else every case, newest first. */
  statuses?: CaseStatus[];
  caseNumber?: string;
}

export async function listCases(ctx: AppContext, filter: CaseFilter): Promise<ConsoleCase[]> {
  let query = ctx.db
    .selectFrom('problem_reports as c')
    .innerJoin('transactions as t', 't.id', 'c.transaction_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.case_number',
      'c.user_id',
      'u.name',
      'c.transaction_id',
      't.reference',
      't.status as transaction_status',
      't.amount_kobo',
      'c.reason',
      'c.note',
      'c.status',
      'c.resolution_note',
      'c.created_at',
      'c.resolved_at',
    ])
    .limit(200);
  if (filter.customerId !== undefined) query = query.where('c.user_id', '=', filter.customerId);
  if (filter.caseNumber !== undefined) query = query.where('c.case_number', '=', filter.caseNumber);
  query = filter.statuses
    ? query.where('c.status', 'in', filter.statuses).orderBy('c.created_at', 'asc')
    : query.orderBy('c.created_at', 'desc');
  const rows = await query.execute();
  return rows.map((row) => ({
    case_number: row.case_number,
    customer_id: Number(row.user_id),
    customer_name: row.name,
    transaction_id: Number(row.transaction_id),
    reference: row.reference,
    transaction_status: row.transaction_status,
    amount: koboToNaira(row.amount_kobo),
    reason: problemReasonLabel(row.reason),
    note: row.note,
    status: row.status,
    resolution_note: row.resolution_note,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  }));
}

async function caseOf(tx: AppContext, caseNumber: string): Promise<ConsoleCase> {
  const [found] = await listCases(tx, { caseNumber });
  if (!found) throw new AppError(404, `no case ${caseNumber}`);
  return found;
}

/** Takes an open case into review. */
export async function reviewCase(ctx: AppContext, actor: Actor, caseNumber: string): Promise<ConsoleCase> {
  return inTransaction(ctx, async (tx) => {
    const before = await caseOf(tx, caseNumber);
    const moved = await tx.db
      .updateTable('problem_reports')
      .set({ status: 'in-review', updated_at: tx.clock.now() })
      .where('case_number', '=', caseNumber)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw new AppError(409, `case ${caseNumber} is ${before.status}, not open`);
    const after = await caseOf(tx, caseNumber);
    await recordAudit(tx, actor, {
      action: 'case.review',
      customerId: BigInt(before.customer_id),
      subject: `case:${caseNumber}`,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}

/** Resolves a case with the note the customer is told; the e-mail goes once the resolution has committed. */
export async function resolveCase(
  ctx: AppContext,
  actor: Actor,
  caseNumber: string,
  note: string,
): Promise<ConsoleCase> {
  return inTransaction(ctx, async (tx) => {
    const before = await caseOf(tx, caseNumber);
    const now = tx.clock.now();
    const moved = await tx.db
      .updateTable('problem_reports')
      .set({ status: 'resolved', resolution_note: note, resolved_at: now, updated_at: now })
      .where('case_number', '=', caseNumber)
      .where('status', '<>', 'resolved')
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw new AppError(409, `case ${caseNumber} is already resolved`);
    const customerId = BigInt(before.customer_id);
    await addNotification(tx, customerId, { title: `Case ${caseNumber} resolved`, content: note });
    const after = await caseOf(tx, caseNumber);
    await recordAudit(tx, actor, {
      action: 'case.resolve',
      customerId,
      subject: `case:${caseNumber}`,
      before: { status: before.status },
      after: { status: after.status, resolution_note: note },
    });
    const customer = await tx.db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    await queueMail(tx, { kind: 'case-resolved', event: caseNumber, mail: resolutionMail(customer, after) });
    return after;
  });
}

function resolutionMail(customer: { email: string; name: string }, resolved: ConsoleCase): Mail {
  const lines = [
    `Hello ${customer.name},`,
    '',
    `Your case ${resolved.case_number} is resolved.`,
    '',
    resolved.resolution_note ?? '',
    '',
    `Transaction reference: ${resolved.reference}`,
    `Problem: ${resolved.reason}`,
    '',
    'You can read this note on the transaction in your activities. If something is still wrong, report it ' +
      'again from the transaction.',
  ];
  return { to: customer.email, subject: `Case ${resolved.case_number} resolved`, text: lines.join('\n') };
}
