import { sql, type Selectable } from 'kysely';
import type {
  Schedule,
  ScheduleEnd,
  ScheduleRun,
  ScheduleRunOutcome,
  ScheduleRunReason,
  ScheduleTiming,
} from '../../../core/contract';
import { formatNaira, koboToNaira } from '../../../core/money';
import { scheduleRunReasons } from '../../../core/words/schedules';
import { ruleOf } from '../../../core/schedules';
import { timeText, type End, type Rule } from '../../../core/scheduleCalendar';
import { everyColumn, namedColumns } from '../../db/columns';
import type { Nullable, ScheduleRunsTable, SchedulesTable } from '../../db/schema';
import { AppError, must } from '../../errors';
import { t } from '../../i18n';
import type { AppContext } from '../context';
import { nextStep } from './notices';

/** A schedule as stored, and how the contract, the calendar and the run read it. */

export type ScheduleRow = Selectable<SchedulesTable>;
export type RunRow = Selectable<ScheduleRunsTable>;

/**
 * Every column of a schedule, and of a run, by name: statements are prepared once per
 * connection and never select `*` (a column a migration adds would change a prepared
 * statement's result under replicas still running the previous release).
 */
export const SCHEDULE_COLUMNS = everyColumn<SchedulesTable>()([
  'id',
  'user_id',
  'name',
  'category',
  'provider_id',
  'package_id',
  'beneficiary',
  'amount_kobo',
  'authorised_kobo',
  'authorised_at',
  'cadence',
  'run_date',
  'weekday',
  'month_day',
  'due_date',
  'days_before',
  'run_time',
  'end_kind',
  'end_runs',
  'end_date',
  'runs_done',
  'failures_in_row',
  'status',
  'paused_reason',
  'next_run_at',
  'lease_until',
  'reminded_for',
  'created_at',
  'updated_at',
]);
export const RUN_COLUMNS = everyColumn<ScheduleRunsTable>()([
  'id',
  'schedule_id',
  'user_id',
  'due_at',
  'retry_of',
  'outcome',
  'reason',
  'amount_kobo',
  'transaction_id',
  'renewal_due',
  'started_at',
  'finished_at',
  'detail',
]);

/** SCHEDULE_COLUMNS for a raw statement, of the table or its alias `from`. */
export const scheduleColumns = (from?: string) => namedColumns(SCHEDULE_COLUMNS, from);
/** RUN_COLUMNS for a raw statement, of the table or its alias `from`. */
export const runColumns = (from?: string) => namedColumns(RUN_COLUMNS, from);

export const SCHEDULE_NOT_FOUND = /*i18n*/ { id: 'schedule.refused.notFound', message: 'schedule not found' };

/** The contract's timing of a stored schedule. */
export function timingOf(row: ScheduleRow): ScheduleTiming {
  return {
    frequency: row.cadence,
    date: row.run_date,
    weekday: row.weekday,
    month_day: row.month_day,
    days_before: row.days_before,
    time: timeText(row.run_time),
    end: endOf(row),
  };
}

/** What the schedules table's CHECKs hold: each cadence has exactly its own fields, each end its own. */
const OWN_FIELDS = "a schedule has its cadence's fields and its end's (schedules CHECK)";

export function endOf(row: Pick<ScheduleRow, 'end_kind' | 'end_runs' | 'end_date'>): End & ScheduleEnd {
  if (row.end_kind === 'after') return { kind: 'after', runs: must(row.end_runs, OWN_FIELDS) };
  if (row.end_kind === 'on') return { kind: 'on', date: must(row.end_date, OWN_FIELDS) };
  return { kind: 'never' };
}

/** A renewal schedule's due date and days before it, as its row holds them. */
export function renewalOfRow(row: Pick<ScheduleRow, 'due_date' | 'days_before'>) {
  return { dueDate: must(row.due_date, OWN_FIELDS), daysBefore: must(row.days_before, OWN_FIELDS) };
}

/** The calendar rule a stored schedule runs by. */
export function ruleOfRow(row: ScheduleRow): Rule {
  const rule = ruleOf(timingOf(row), row.due_date);
  // The table's checks give every cadence its fields.
  if (!rule) throw new Error(`schedule ${row.id}: its timing has no rule`);
  return rule;
}

/** The caller's schedule (not deleted); another user's is answered exactly like a missing one. */
export async function ownSchedule(
  ctx: AppContext,
  userId: bigint,
  scheduleId: number,
  lock = false,
): Promise<ScheduleRow> {
  let query = ctx.db
    .selectFrom('schedules')
    .select(SCHEDULE_COLUMNS)
    .where('id', '=', BigInt(scheduleId))
    .where('user_id', '=', userId)
    .where('status', '<>', 'deleted');
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(404, t(SCHEDULE_NOT_FOUND));
  return row;
}

/**
 * What the list reads of each schedule beside its row: names, its latest run and that run's bill,
 * the price its plan has now.
 */
interface Listed {
  provider_name: string;
  package_name: string | null;
  current_kobo: bigint | null;
  run: Nullable<RunRow>;
  transaction_status: string | null;
}

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

/** What became of a run, the bill's settled state winning over the state the run recorded. */
function outcomeOf(run: RunRow, transactionStatus: string | null): ScheduleRunOutcome {
  if (transactionStatus === 'completed') return 'completed';
  if (transactionStatus === 'canceled') return 'canceled';
  return run.outcome;
}

/**
 * Why a run did not buy, in the user's words: the purchase path's own refusal when the reason's
 * words are only a summary of it (a paused product says until when; another refusal says what).
 */
function whyNotBought(reason: ScheduleRunReason, detail: string | null): string {
  if ((reason === 'refused' || reason === 'product-paused') && detail) return detail.replace(/\.$/, '');
  return t(scheduleRunReasons[reason]);
}

/**
 * A run in the user's words, in the request's language: what happened and, when it did not buy, why
 * and what to do.
 */
function runMessage(
  run: Pick<RunRow, 'amount_kobo' | 'detail'>,
  outcome: ScheduleRunOutcome,
  reason: ScheduleRunReason | null,
): string {
  const amount = run.amount_kobo === null ? null : naira(run.amount_kobo);
  const couldNot = (why: string) =>
    t(/*i18n*/ { id: 'schedule.run.couldNot', message: 'Could not run: {why}.' }, { why });
  switch (outcome) {
    case 'running':
      return t(/*i18n*/ { id: 'schedule.run.running', message: 'Running now.' });
    case 'completed':
      return amount === null
        ? t(/*i18n*/ { id: 'schedule.run.bought', message: 'Bought.' })
        : t(/*i18n*/ { id: 'schedule.run.boughtAmount', message: 'Bought {amount}.' }, { amount });
    case 'processing':
      return amount === null
        ? t(/*i18n*/ { id: 'schedule.run.processing', message: 'Bought; the biller is still processing it.' })
        : t(
            /*i18n*/ {
              id: 'schedule.run.processingAmount',
              message: 'Bought {amount}; the biller is still processing it.',
            },
            { amount },
          );
    case 'canceled':
      return couldNot(t(scheduleRunReasons['biller-failed']));
    case 'missed':
      return t(
        /*i18n*/ { id: 'schedule.run.missed', message: 'Missed: {why}. {next}' },
        {
          why: t(scheduleRunReasons.missed),
          next: nextStep('missed'),
        },
      );
    case 'skipped':
      return t(
        /*i18n*/ { id: 'schedule.run.skipped', message: 'Skipped: {why}.' },
        {
          why: t(scheduleRunReasons[reason ?? 'already-renewed']),
        },
      );
    case 'failed': {
      const why = reason ?? 'refused';
      return t(
        /*i18n*/ { id: 'schedule.run.failed', message: 'Could not run: {why}. {next}' },
        {
          why: whyNotBought(why, run.detail),
          next: nextStep(why),
        },
      );
    }
  }
}

/** Reasons a retry cannot mend: a new price needs the pin, a plan no longer sold an edit. */
const NOT_RETRYABLE: ReadonlySet<string> = new Set(['price-changed', 'not-available', 'already-renewed']);

export const isRetryable = (outcome: ScheduleRunOutcome, reason: string | null): boolean =>
  (outcome === 'failed' || outcome === 'missed' || outcome === 'canceled') && !NOT_RETRYABLE.has(reason ?? '');

/** A run as the list shows it; `retryAllowed` is false while its schedule waits to be authorised again. */
function toRun(run: RunRow, transactionStatus: string | null, retryAllowed: boolean): ScheduleRun {
  const outcome = outcomeOf(run, transactionStatus);
  const reason = (outcome === 'canceled' ? 'biller-failed' : run.reason) as ScheduleRunReason | null;
  return {
    id: Number(run.id),
    due_at: run.due_at.toISOString(),
    tried_at: run.finished_at?.toISOString() ?? null,
    outcome,
    reason,
    message: runMessage(run, outcome, reason),
    amount: run.amount_kobo === null ? null : koboToNaira(run.amount_kobo),
    transaction_id: run.transaction_id === null ? null : Number(run.transaction_id),
    retryable: retryAllowed && isRetryable(outcome, reason),
  };
}

export function toSchedule(row: ScheduleRow, listed: Listed): Schedule {
  const { run } = listed;
  // Paused by a recovery: nothing is bought, a retry included, until the pin authorises it again.
  const retryAllowed = row.paused_reason !== 'recovery';
  return {
    id: Number(row.id),
    name: row.name,
    category: row.category,
    provider_id: row.provider_id,
    provider_name: listed.provider_name,
    package_id: row.package_id,
    package_name: listed.package_name,
    beneficiary: row.beneficiary,
    amount: koboToNaira(row.amount_kobo),
    authorised: koboToNaira(row.authorised_kobo),
    ...timingOf(row),
    due_date: row.due_date,
    runs_done: row.runs_done,
    status: row.status === 'deleted' ? 'ended' : row.status,
    paused_reason: row.paused_reason,
    next_run_at: row.next_run_at?.toISOString() ?? null,
    last_run: run.id === null ? null : toRun(run as RunRow, listed.transaction_status, retryAllowed),
    new_price:
      row.paused_reason === 'price-changed' && listed.current_kobo !== null ? koboToNaira(listed.current_kobo) : null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The user's schedules, oldest first, each with its latest run: one statement (a user keeps at most
 * MAX_SCHEDULES_PER_USER).
 */
export async function listSchedules(ctx: AppContext, userId: bigint, scheduleId?: bigint): Promise<Schedule[]> {
  const { rows } = await sql<ScheduleRow & Omit<Listed, 'run'> & { run: Nullable<RunRow> | null }>`
    SELECT ${scheduleColumns('s')}, p.name AS provider_name, pk.name AS package_name,
           (SELECT c.amount_kobo FROM packages c
             WHERE c.provider_id = s.provider_id AND c.code = pk.code AND c.active LIMIT 1) AS current_kobo,
           to_jsonb(r) AS run, t.status AS transaction_status
    FROM schedules s
    JOIN providers p ON p.id = s.provider_id
    LEFT JOIN packages pk ON pk.id = s.package_id
    LEFT JOIN LATERAL (SELECT ${runColumns()} FROM schedule_runs WHERE schedule_id = s.id ORDER BY id DESC LIMIT 1) r
      ON true
    LEFT JOIN transactions t ON t.id = r.transaction_id
    WHERE s.user_id = ${userId}::bigint AND s.status <> 'deleted'
      ${scheduleId === undefined ? sql`` : sql`AND s.id = ${scheduleId}::bigint`}
    ORDER BY s.id`.execute(ctx.db);
  return rows.map(({ provider_name, package_name, current_kobo, run, transaction_status, ...row }) =>
    toSchedule(row, { provider_name, package_name, current_kobo, transaction_status, run: runFromJson(run) }),
  );
}

/** A schedule not run yet: its latest run's every column null. */
const NO_RUN = Object.fromEntries(RUN_COLUMNS.map((column) => [column, null])) as Nullable<RunRow>;

/** The run row as to_jsonb wrote it: ids and kobo as numbers, times as text. */
function runFromJson(run: Record<string, unknown> | null): Nullable<RunRow> {
  if (!run) return NO_RUN;
  const big = (value: unknown) => (value === null || value === undefined ? null : BigInt(value as number));
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    id: big(run.id),
    schedule_id: big(run.schedule_id),
    user_id: big(run.user_id),
    due_at: date(run.due_at),
    retry_of: big(run.retry_of),
    outcome: run.outcome as RunRow['outcome'],
    reason: (run.reason as string | null) ?? null,
    amount_kobo: big(run.amount_kobo),
    transaction_id: big(run.transaction_id),
    renewal_due: (run.renewal_due as string | null) ?? null,
    started_at: date(run.started_at),
    finished_at: date(run.finished_at),
    detail: (run.detail as string | null) ?? null,
  };
}

/** One of the caller's schedules, as the list shows it. */
export async function scheduleView(ctx: AppContext, userId: bigint, scheduleId: bigint): Promise<Schedule> {
  const [schedule] = await listSchedules(ctx, userId, scheduleId);
  if (!schedule) throw new AppError(404, t(SCHEDULE_NOT_FOUND));
  return schedule;
}
