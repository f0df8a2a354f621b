import { sql } from 'kysely';
import type {
  AddressDecision,
  ConsoleLedgerEntry,
  CustomerHit,
  CustomerPage,
  CustomerSession,
  SearchMatch,
} from '../../../core/console';
import { koboToNaira } from '../../../core/money';
import { normalisePhone } from '../../../core/phone';
import { tierOf } from '../../../core/tiers';
import { AppError, must } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { maskedIdentity } from '../../services/identity/identity';
import { recentWalletEntries } from '../../services/ledger/ledger';
import { limitsFrom } from '../../services/identity/tiers';
import { userDataQuery, type UserDataRow } from '../../services/account/userData';
import { recordAudit, type Actor } from './audit';
import { CUSTOMER_NOT_FOUND, existingCustomer } from './customerRecord';
import { listCases } from './cases';
import { listMoneyRequests } from './moneyRequests';
import { alertAdmins, holdBackSearch, SEARCHES_THROTTLED, type Searcher } from './searchThrottle';
import { consoleTransactions } from './transactions';

/**
 * Support's view of customers: search by what a customer tells support, and the customer's page.
 * Reading a page is an action like any other: it is recorded in the audit, in the transaction
 * that reads it.
 */

const HITS = 20;
const PAGE_ROWS = 50;

/** What the text can be, by its shape: several at once (an 11-digit number is a phone and maybe a reference). */
function searchesFor(query: string): { match: SearchMatch; where: ReturnType<typeof sql> }[] {
  const text = query.trim();
  const searches: { match: SearchMatch; where: ReturnType<typeof sql> }[] = [];
  if (/^NW-/i.test(text))
    searches.push({
      match: 'case',
      where: sql`u.id IN (SELECT user_id FROM problem_reports WHERE case_number = ${text.toUpperCase()})`,
    });
  if (text.includes('@'))
    searches.push({ match: 'email', where: sql`u.email LIKE ${`${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}` });
  const phone = normalisePhone(text);
  if (phone) searches.push({ match: 'phone', where: sql`u.phone = ${phone}` });
  if (/^\d{10}$/.test(text))
    searches.push({
      match: 'account',
      where: sql`u.id IN (SELECT user_id FROM virtual_accounts WHERE account_number = ${text})`,
    });
  searches.push({
    match: 'reference',
    where: sql`u.id IN (SELECT user_id FROM transactions WHERE reference = ${text})`,
  });
  if (!text.includes('@') && /\p{L}/u.test(text) && text.length >= 3)
    searches.push({
      match: 'name',
      where: sql`lower(u.name) LIKE ${`%${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`,
    });
  return searches;
}

/**
 * Customers matching an e-mail (or its start), a phone number, an account number, a transaction
 * reference, a case number or a name. Past SEARCHES_PER_HOUR a staff member is refused (429), the
 * refusal recorded, and the first refusal of a burst mailed to the admins (queued with it).
 */
export async function searchCustomers(ctx: AppContext, actor: Searcher, query: string) {
  const searched = await inTransaction(ctx, async (tx) => {
    const held = await holdBackSearch(tx, actor, query.trim());
    if (held?.alert) await alertAdmins(tx, actor);
    return held ?? { hits: await search(tx, actor, query) };
  });
  if ('hits' in searched) return searched.hits;
  throw new AppError(429, SEARCHES_THROTTLED);
}

async function search(tx: AppContext, actor: Actor, query: string): Promise<CustomerHit[]> {
  const hits = new Map<string, CustomerHit>();
  for (const { match, where } of searchesFor(query)) {
    const { rows } = await sql<{ id: bigint; name: string; email: string; phone: string }>`
      SELECT u.id, u.name, u.email, u.phone FROM users u WHERE ${where} ORDER BY u.id LIMIT ${HITS}`.execute(tx.db);
    for (const { id, name, email, phone } of rows) {
      if (!hits.has(String(id))) hits.set(String(id), { id: Number(id), name, email, phone, matched: match });
    }
  }
  const found = [...hits.values()].slice(0, HITS);
  await recordAudit(tx, actor, { action: 'customer.search', after: { query: query.trim(), results: found.length } });
  return found;
}

/** The customer's page; its reading is recorded. 404 for a customer that does not exist. */
export async function customerPage(ctx: AppContext, actor: Actor, customerId: bigint): Promise<CustomerPage> {
  return inTransaction(ctx, async (tx) => {
    const { rows } = await userDataQuery(tx, customerId).execute(tx.db);
    const user = rows[0];
    if (!user) throw new AppError(404, CUSTOMER_NOT_FOUND);
    const extra = await tx.db
      .selectFrom('users')
      .select(['created_at', 'bvn_verified_at', 'nin_verified_at'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const page: CustomerPage = {
      customer: {
        id: Number(customerId),
        name: user.name,
        email: user.email,
        phone: user.phone,
        created_at: extra.created_at.toISOString(),
        email_verified: user.email_verified_at !== null,
        pin_set: user.pin_set,
        pin_locked: user.pin_locked,
      },
      wallet: {
        balance: koboToNaira(user.balance_kobo ?? 0n),
        cashback_total: koboToNaira(user.cashback_total_kobo ?? 0n),
      },
      limits: limitsFrom(tierOf({ bvn: user.bvn, nin: user.nin }), BigInt(user.spent)),
      identity: identityOf(user, extra, await addressDecisionOf(tx, customerId)),
      accounts: await tx.db
        .selectFrom('virtual_accounts')
        .select(['provider', 'bank_name', 'account_number'])
        .where('user_id', '=', customerId)
        .orderBy('id')
        .execute(),
      transactions: await consoleTransactions(tx, { customerId, limit: PAGE_ROWS }),
      ledger: await ledgerOf(tx, customerId),
      sessions: await sessionsOf(tx, customerId),
      cases: await listCases(tx, { customerId }),
      money_requests: await listMoneyRequests(tx, { customerId }),
    };
    await recordAudit(tx, actor, { action: 'customer.view', customerId, subject: `customer:${customerId}` });
    return page;
  });
}

function identityOf(
  user: UserDataRow,
  dates: { bvn_verified_at: Date | null; nin_verified_at: Date | null },
  address: AddressDecision | null,
): CustomerPage['identity'] {
  return {
    bvn: maskedIdentity(user.bvn_last4),
    bvn_verified_at: dates.bvn_verified_at?.toISOString() ?? null,
    nin: maskedIdentity(user.nin_last4),
    nin_verified_at: dates.nin_verified_at?.toISOString() ?? null,
    address,
  };
}

async function ledgerOf(ctx: AppContext, customerId: bigint): Promise<ConsoleLedgerEntry[]> {
  const rows = await recentWalletEntries(ctx, customerId, PAGE_ROWS);
  return rows.map((row) => ({
    movement_id: Number(row.movement_id),
    kind: row.kind,
    amount: koboToNaira(row.amount_kobo),
    transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
    created_at: row.created_at.toISOString(),
  }));
}

async function sessionsOf(ctx: AppContext, customerId: bigint): Promise<CustomerSession[]> {
  const now = ctx.clock.now().getTime();
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'device', 'created_at', 'last_active_at', 'revoked_at'])
    .where('user_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    device: row.device,
    created_at: row.created_at.toISOString(),
    last_active_at: row.last_active_at.toISOString(),
    live:
      row.revoked_at === null &&
      now - row.created_at.getTime() < ctx.sessions.lifetimeMs &&
      now - row.last_active_at.getTime() < ctx.sessions.idleMs,
  }));
}

async function addressDecisionOf(ctx: AppContext, customerId: bigint): Promise<AddressDecision | null> {
  const row = await ctx.db
    .selectFrom('address_decisions as d')
    .innerJoin('staff as s', 's.id', 'd.staff_id')
    .select(['d.verified', 'd.note', 'd.decided_at', 's.email'])
    .where('d.user_id', '=', customerId)
    .orderBy('d.id', 'desc')
    .executeTakeFirst();
  return row
    ? { verified: row.verified, note: row.note, decided_at: row.decided_at.toISOString(), decided_by: row.email }
    : null;
}

/**
 * Records support's decision on the customer's address (what was seen, and whether it verifies it);
 * the latest stands.
 */
export async function decideAddress(
  ctx: AppContext,
  actor: Actor & { staffId: bigint },
  customerId: bigint,
  verified: boolean,
  note: string,
): Promise<AddressDecision> {
  return inTransaction(ctx, async (tx) => {
    await existingCustomer(tx, customerId);
    const before = await addressDecisionOf(tx, customerId);
    await tx.db
      .insertInto('address_decisions')
      .values({ user_id: customerId, staff_id: actor.staffId, verified, note, decided_at: tx.clock.now() })
      .execute();
    const after = must(await addressDecisionOf(tx, customerId), 'the decision just inserted is the latest');
    await recordAudit(tx, actor, {
      action: 'customer.address-decision',
      customerId,
      subject: `customer:${customerId}`,
      before,
      after,
    });
    return after;
  });
}

/** Ends one of the customer's sessions, or all of them (a stolen phone): answers how many ended. */
export async function revokeCustomerSessions(
  ctx: AppContext,
  actor: Actor,
  customerId: bigint,
  sessionId: bigint | null,
): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    await existingCustomer(tx, customerId);
    let query = tx.db
      .updateTable('sessions')
      .set({ revoked_at: tx.clock.now() })
      .where('user_id', '=', customerId)
      .where('revoked_at', 'is', null);
    if (sessionId !== null) query = query.where('id', '=', sessionId);
    const ended = (await query.returning('id').execute()).map((row) => Number(row.id));
    await recordAudit(tx, actor, {
      action: 'customer.revoke-sessions',
      customerId,
      subject: `customer:${customerId}`,
      after: { sessions: ended },
    });
    return ended.length;
  });
}
