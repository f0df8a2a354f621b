import { sql } from 'kysely';
import type { Glance, GlanceRow } from '../../../core/console';
import { lagosDay, startOfLagosDay } from '../../../core/days';
import { koboToNaira } from '../../../core/money';
import { SERVICE_CATEGORIES } from '../../../core/services';
import { inTransaction, type AppContext } from '../../services/context';
import { auditLedger, recordAuditRun } from '../../services/ledger/ledgerAudit';
import { outboxBacklog, undeliverableMessages } from '../../services/notifications/outbox';
import { PENDING_DEADLINE_MS, PROMPT_REFUND_MS } from '../../services/purchases/deadline';
import { recordAudit, type Actor } from './audit';
import { consoleTransactions, STUCK_AFTER_MS } from './transactions';

/** What each live provider's circuit breaker says ('none': a simulated provider has none). */
export type ProviderHealth = () => Glance['providers'];

type Breaker = Glance['providers'][number]['breaker'];

/** A real provider's adapter shows its breaker (gateways/providerHttp.ts); a simulated one has none. */
export const breakerOf = (gateway: object): Breaker => {
  const state = (gateway as { breakerState?: unknown }).breakerState;
  return state === 'closed' || state === 'open' || state === 'half-open' ? state : 'none';
};

/**
 * The console's first page: today's (Africa/Lagos) purchases and funding by service and
 * provider with their success rates, today's refunds by their time after the debit, bills
 * processing for over an hour (the nearest their deadline first), what is held in suspense, what
 * waits for staff, messages not sent yet or given up, the last ledger audit and the providers'
 * breakers.
 */
export async function glance(ctx: AppContext, providers: ProviderHealth): Promise<Glance> {
  const now = ctx.clock.now();
  const since = startOfLagosDay(now);
  const { rows: purchases } = await sql<{
    category: string;
    provider: string;
    count: string;
    completed: string;
    failed: string;
    processing: string;
    amount: string;
  }>`
    SELECT t.category, pr.name AS provider, count(*)::text AS count,
           count(*) FILTER (WHERE t.status = 'completed')::text AS completed,
           count(*) FILTER (WHERE t.status = 'canceled')::text AS failed,
           count(*) FILTER (WHERE t.status = 'processing')::text AS processing,
           coalesce(sum(t.amount_kobo) FILTER (WHERE t.status = 'completed'), 0)::text AS amount
    FROM transactions t JOIN purchases p ON p.transaction_id = t.id JOIN providers pr ON pr.id = p.provider_id
    WHERE t.created_at >= ${since}::timestamptz AND t.category IN (${sql.join(SERVICE_CATEGORIES)})
    GROUP BY t.category, pr.name ORDER BY t.category, pr.name`.execute(ctx.db);
  const funding = await ctx.db
    .selectFrom('incoming_transfers')
    .select(['provider', sql<string>`count(*)::text`.as('count'), sql<string>`sum(amount_kobo)::text`.as('amount')])
    .where('received_at', '>=', since)
    .where('transaction_id', 'is not', null)
    .groupBy('provider')
    .orderBy('provider')
    .execute();
  const counts = await sql<{
    stuck: string;
    suspense_count: string;
    suspense_total: string;
    pending_requests: string;
    open_cases: string;
  }>`
    SELECT (SELECT count(*) FROM transactions
             WHERE status = 'processing'
               AND created_at < ${new Date(now.getTime() - STUCK_AFTER_MS)}::timestamptz)::text AS stuck,
           (SELECT count(*) FROM unmatched_transfers WHERE status = 'unmatched')::text AS suspense_count,
           (SELECT coalesce(sum(i.amount_kobo), 0)
             FROM unmatched_transfers u JOIN incoming_transfers i ON i.id = u.incoming_transfer_id
             WHERE u.status = 'unmatched')::text AS suspense_total,
           (SELECT count(*) FROM money_requests
             WHERE status = 'pending' AND expires_at > ${now}::timestamptz)::text AS pending_requests,
           (SELECT count(*) FROM problem_reports WHERE status <> 'resolved')::text AS open_cases`.execute(ctx.db);
  const totals = counts.rows[0];
  return {
    day: lagosDay(now),
    purchases: purchases.map(glanceRow),
    funding: funding.map((row) => ({
      provider: row.provider,
      count: Number(row.count),
      amount: koboToNaira(BigInt(row.amount)),
    })),
    stuck_bills: { count: Number(totals.stuck), oldest: await consoleTransactions(ctx, { stuck: true, limit: 5 }) },
    refunds: await refundsToday(ctx, since),
    suspense: { count: Number(totals.suspense_count), total: koboToNaira(BigInt(totals.suspense_total)) },
    pending_requests: Number(totals.pending_requests),
    open_cases: Number(totals.open_cases),
    messages: await messagesAtAGlance(ctx, now),
    ledger_audit: await lastAuditRun(ctx),
    providers: providers(),
  };
}

function glanceRow(row: {
  category: string;
  provider: string;
  count: string;
  completed: string;
  failed: string;
  processing: string;
  amount: string;
}): GlanceRow {
  const [completed, failed] = [Number(row.completed), Number(row.failed)];
  return {
    category: row.category,
    provider: row.provider,
    count: Number(row.count),
    completed,
    failed,
    processing: Number(row.processing),
    amount: koboToNaira(BigInt(row.amount)),
    success_rate: completed + failed === 0 ? null : Math.round((1000 * completed) / (completed + failed)) / 10,
  };
}

/** How many messages wait and since when, across channels, and the latest given up. */
async function messagesAtAGlance(ctx: AppContext, now: Date): Promise<Glance['messages']> {
  const channels = await outboxBacklog(ctx.db, now);
  const oldest = channels
    .map((channel) => channel.oldestPendingAt)
    .filter((at) => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const latest = await undeliverableMessages(ctx.db, LATEST_UNDELIVERABLE);
  return {
    pending: channels.reduce((sum, channel) => sum + channel.pending, 0),
    oldest_pending_at: oldest ? oldest.toISOString() : null,
    undeliverable: channels.reduce((sum, channel) => sum + channel.undeliverable, 0),
    latest_undeliverable: latest.map((message) => ({
      id: Number(message.id),
      channel: message.channel,
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject,
      attempts: message.attempts,
      reason: message.reason,
      queued_at: message.queuedAt.toISOString(),
      given_up_at: message.givenUpAt.toISOString(),
    })),
  };
}

const LATEST_UNDELIVERABLE = 10;

/**
 * Today's refunds by how long after the debit they came (the framework's 30 seconds for a failed
 * bill, 24 hours for any), and the exposures still open (services/purchases/deadline.ts).
 */
async function refundsToday(ctx: AppContext, since: Date): Promise<Glance['refunds']> {
  const { rows } = await sql<{ prompt: number; late: number; breach: number; open: number; open_total: string }>`
    SELECT count(*) FILTER (WHERE refund_delay_ms <= ${PROMPT_REFUND_MS})::int AS prompt,
           count(*) FILTER (WHERE refund_delay_ms > ${PROMPT_REFUND_MS}
                              AND refund_delay_ms <= ${PENDING_DEADLINE_MS})::int AS late,
           count(*) FILTER (WHERE refund_delay_ms > ${PENDING_DEADLINE_MS})::int AS breach,
           (SELECT count(*) FROM purchases WHERE exposure = 'open')::int AS open,
           (SELECT coalesce(sum(t.amount_kobo), 0) FROM purchases p JOIN transactions t ON t.id = p.transaction_id
             WHERE p.exposure = 'open')::text AS open_total
    FROM purchases WHERE refunded_at >= ${since}::timestamptz`.execute(ctx.db);
  const row = rows[0];
  return {
    within_30s: row.prompt,
    within_24h: row.late,
    past_24h: row.breach,
    open_exposures: row.open,
    open_total: koboToNaira(BigInt(row.open_total)),
  };
}

async function lastAuditRun(ctx: AppContext): Promise<Glance['ledger_audit']> {
  const row = await ctx.db
    .selectFrom('audit_runs')
    .select(['ran_at', 'problem_count', 'problems'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row
    ? { ran_at: row.ran_at.toISOString(), problem_count: row.problem_count, problems: row.problems as string[] }
    : null;
}

/**
 * "Run it now" from the console: the audit only reads, so anyone who sees the glance may ask for
 * it; who asked, and what it found, is recorded with the run.
 */
export async function auditNow(ctx: AppContext, actor: Actor): Promise<Glance['ledger_audit']> {
  return inTransaction(ctx, async (tx) => {
    const problems = await auditLedger(tx.db);
    await recordAuditRun(tx.db, tx.clock.now(), problems);
    await recordAudit(tx, actor, { action: 'ledger.audit', after: { problem_count: problems.length } });
    return lastAuditRun(tx);
  });
}
