import { randomBytes } from 'node:crypto';
import type { ProblemReport } from '../../../core/contract';
import { formatNaira, koboToNaira } from '../../../core/money';
import { problemReasonLabel, type ProblemReason } from '../../../core/problemReports';
import { lagosDateTime } from '../../../core/days';
import type { Mail } from '../../gateways/mailer';
import { AppError } from '../../errors';
import { inTransaction, type AppContext } from '../context';
import { queueMail } from '../notifications/outbox';
import { ownTransaction, type StoredTransaction } from './transactions';
import { t } from '../../i18n';

/**
 * Report a problem: a case about one of the user's transactions, with a reason from
 * a fixed list, a note, the transaction's reference, and a case number the user quotes to
 * support. One case at a time per transaction (a unique index on the unresolved ones).
 */

const alreadyReported = (caseNumber: string) =>
  t(
    /*i18n*/ {
      id: 'report.refused.open',
      message: 'a problem with this transaction is already being looked into: case {case}',
    },
    { case: caseNumber },
  );

/** Crockford's base32: no I, L, O or U, so a number read over the phone cannot be misheard. */
const CASE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CASE_LENGTH = 8;

/** NW- and eight random symbols: 40 bits, so a clash is rare and simply drawn again. */
export function newCaseNumber(): string {
  const bytes = randomBytes(CASE_LENGTH);
  let text = '';
  for (const byte of bytes) text += CASE_ALPHABET[byte & 31];
  return `NW-${text}`;
}

interface ReportRow {
  case_number: string;
  transaction_id: bigint;
  reason: string;
  note: string;
  status: ProblemReport['status'];
  created_at: Date;
  resolution_note: string | null;
}

const toReport = (row: ReportRow, reference: string): ProblemReport => ({
  case_number: row.case_number,
  transaction_id: Number(row.transaction_id),
  reference,
  reason: row.reason,
  note: row.note,
  status: row.status,
  created_at: row.created_at.toISOString(),
  resolution_note: row.resolution_note,
});

/** The newest case about the caller's transaction, or null when it was never reported. */
export async function problemReportOf(
  ctx: AppContext,
  userId: bigint,
  transactionId: number,
): Promise<ProblemReport | null> {
  const transaction = await ownTransaction(ctx, userId, transactionId);
  const row = await ctx.db
    .selectFrom('problem_reports')
    .select(['case_number', 'transaction_id', 'reason', 'note', 'status', 'created_at', 'resolution_note'])
    .where('transaction_id', '=', transaction.id)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toReport(row, transaction.reference) : null;
}

export interface NewProblemReport {
  transactionId: number;
  reason: ProblemReason;
  note: string;
}

/**
 * Opens a case and queues its acknowledgement with it (services/notifications/outbox.ts), so no
 * mail ever names a case that does not exist and no case goes unacknowledged.
 */
export async function reportProblem(ctx: AppContext, userId: bigint, report: NewProblemReport): Promise<ProblemReport> {
  const transaction = await ownTransaction(ctx, userId, report.transactionId);
  for (;;) {
    const stored = await openCase(ctx, userId, report, transaction);
    if (stored) return stored;
    const open = await ctx.db
      .selectFrom('problem_reports')
      .select('case_number')
      .where('transaction_id', '=', transaction.id)
      .where('status', '<>', 'resolved')
      .executeTakeFirst();
    if (open) throw new AppError(409, alreadyReported(open.case_number));
  }
}

/**
 * The case and its acknowledgement, or null when either conflict (an open case of this
 * transaction, a case number drawn twice) stored nothing.
 */
async function openCase(
  ctx: AppContext,
  userId: bigint,
  report: NewProblemReport,
  transaction: StoredTransaction,
): Promise<ProblemReport | null> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insertInto('problem_reports')
      .values({
        case_number: newCaseNumber(),
        user_id: userId,
        transaction_id: transaction.id,
        reason: report.reason,
        note: report.note,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning(['case_number', 'transaction_id', 'reason', 'note', 'status', 'created_at', 'resolution_note'])
      .executeTakeFirst();
    if (!row) return null;
    const user = await tx.db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const stored = toReport(row, transaction.reference);
    const mail = acknowledgement(user, stored, transaction);
    await queueMail(tx, { kind: 'problem-report', event: stored.case_number, mail });
    return stored;
  });
}

function acknowledgement(
  user: { email: string; name: string },
  report: ProblemReport,
  transaction: StoredTransaction,
): Mail {
  const lines = [
    `Hello ${user.name},`,
    '',
    `We have received your report and opened case ${report.case_number}. Quote this number whenever you ` +
      'contact us about it.',
    '',
    `Transaction: ${transaction.description || transaction.category}`,
    `Amount: ${formatNaira(koboToNaira(transaction.amount_kobo))}`,
    `Reference: ${transaction.reference}`,
    `Date: ${lagosDateTime(transaction.created_at)} (Lagos time)`,
    `Problem: ${problemReasonLabel(report.reason)}`,
    ...(report.note ? [`Your note: ${report.note}`] : []),
    '',
    'We look into every case and write to you when it is resolved. You can follow its status on the ' +
      'transaction in your activities.',
  ];
  return { to: user.email, subject: `We received your report: case ${report.case_number}`, text: lines.join('\n') };
}
