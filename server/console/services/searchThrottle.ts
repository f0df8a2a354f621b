import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import type { Mail } from '../../gateways/mailer';
import type { AppContext } from '../../services/context';
import { queueMail } from '../../services/notifications/outbox';
import { recordAudit, type Actor } from './audit';

/**
 * How many customer searches one staff member may make in an hour. A support call takes minutes
 * and a search or three (the e-mail, then the phone), so a busy desk stays well under one a
 * minute; someone harvesting customers' names, e-mails and phones by searching (20 hits a search)
 * gets at most 1,200 records an hour before the refusals begin, and the first one tells the admins.
 */
export const SEARCHES_PER_HOUR = 60;
export const SEARCH_WINDOW_MS = 3_600_000;
export const SEARCHES_THROTTLED =
  'too many customer searches: at most 60 an hour each; the admins have been told. Try again later';

/** Any fixed number: one staff member's searches take the same lock, so the count and the alert are decided once. */
const SEARCH_LOCK = 4_206_044;

/** Only staff members search (the command line never does). */
export type Searcher = Extract<Actor, { staffId: bigint }>;
/** A refused search; `alert`: it was the first of its burst. */
type HeldBack = { alert: boolean };

/**
 * Inside the search's transaction: undefined while the staff member is under the limit; past it
 * the refused search is recorded (`customer.search-throttled`) and the answer says whether it
 * raised the alert, which the first refusal of a burst does (none recorded in the window before).
 */
export async function holdBackSearch(tx: AppContext, actor: Searcher, query: string): Promise<HeldBack | undefined> {
  await sql`SELECT pg_advisory_xact_lock(${SEARCH_LOCK}, ${Number(actor.staffId)})`.execute(tx.db);
  const since = new Date(tx.clock.now().getTime() - SEARCH_WINDOW_MS);
  const counts = await tx.db
    .selectFrom('staff_audit')
    .select([
      sql<string>`count(*) FILTER (WHERE action = 'customer.search')::text`.as('searches'),
      sql<string>`count(*) FILTER (WHERE action = 'customer.search-throttled')::text`.as('refused'),
    ])
    .where('staff_id', '=', actor.staffId)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  const searches = Number(counts.searches);
  if (searches < SEARCHES_PER_HOUR) return undefined;
  const alert = Number(counts.refused) === 0;
  await recordAudit(tx, actor, { action: 'customer.search-throttled', after: { query, searches, alert } });
  return { alert };
}

/** Tells every admin whose account is live, in the refusal's transaction; what was searched stays in the audit. */
export async function alertAdmins(ctx: AppContext, actor: Searcher): Promise<void> {
  const live = ctx.db.selectFrom('staff').select('email').where('disabled_at', 'is', null);
  const admins = await live.where('role', '=', 'admin').execute();
  const at = ctx.clock.now();
  for (const admin of admins)
    await queueMail(ctx, { kind: 'search-throttled', mail: throttleMail(admin.email, actor, at) });
}

function throttleMail(to: string, actor: Searcher, at: Date): Mail {
  const lines = [
    `The console held back ${actor.email}'s customer searches at ${at.toISOString()}:`,
    `${SEARCHES_PER_HOUR} searches in the last hour, the most one staff member may make.`,
    '',
    'Their searches are refused until the hour has passed; you are told once per burst.',
    'If this was not their work (a script, a session someone else holds), disable the account under Staff,',
    `and read what was searched under Audit (action customer.search, staff ${actor.staffId}).`,
  ];
  return { to, subject: 'Console: customer searches held back', text: lines.join('\n') };
}

/** Staff members the throttle refused within the last hour: the metric an alert watches. */
export async function throttledStaff(db: Executor, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SEARCH_WINDOW_MS);
  const row = await db
    .selectFrom('staff_audit')
    .select(sql<string>`count(DISTINCT staff_id)::text`.as('staff'))
    .where('action', '=', 'customer.search-throttled')
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.staff);
}
