import { sql } from 'kysely';
import { AppError } from '../errors';
import type { AppContext } from './context';

/**
 * The double-entry ledger (DESIGN.md §4), the only code that moves money.
 *
 * - Every ledger account is a row of `wallets`: a user's wallet or a system account (a bank
 *   partner's settlement account, the purchases clearing account).
 * - A movement is a set of entries summing to zero, posted in the caller's transaction.
 * - A user's wallet caches its balance (`balance_kobo`), moved in the statement that posts its
 *   entries; a debit of it is guarded (`... AND balance_kobo + delta >= 0`), never
 *   read-then-write: of concurrent debits, exactly those the balance covers succeed.
 * - A system account caches nothing (015_system_accounts_uncached.sql): its balance is the sum of
 *   its entries. Every purchase goes through the clearing account, so a cached balance there
 *   would be one row every purchase of every user waits for; no guard needs it.
 * - Entries and movements are append-only (a database trigger refuses UPDATE and DELETE), and
 *   the database refuses to commit a movement that does not balance.
 */

export interface LedgerEntry {
  walletId: bigint;
  /** Positive credits the account, negative debits it. */
  amountKobo: bigint;
}

export interface Movement {
  /** What happened, e.g. 'funding', 'purchase-reserve', 'purchase-refund'. */
  kind: string;
  /** The user transaction this movement belongs to, if any. */
  transactionId?: bigint | null;
  entries: LedgerEntry[];
}

/** A user's wallet did not cover a debit; the caller's transaction must roll back (it does, when this is thrown). */
export class InsufficientFundsError extends AppError {
  constructor() {
    super(400, 'insufficient wallet balance, please fund your wallet and try again');
    this.name = 'InsufficientFundsError';
  }
}

/**
 * System accounts: what each bank partner owes us, money a partner received for us that no
 * wallet can take yet (a transfer to a number nobody has: services/suspense.ts), and money held
 * while a bill is with the biller.
 */
export const settlementAccountCode = (provider: string) => `settlement:${provider}`;
export const suspenseAccountCode = (provider: string) => `suspense:${provider}`;
export const PURCHASE_CLEARING = 'clearing:purchases';
/** What cashback is paid from (services/cashback.ts): negative by every naira given back. */
export const CASHBACK_REWARDS = 'rewards:cashback';

export interface Posted {
  /** The movements' ids, in the order they were given. */
  movementIds: bigint[];
  /** The cached balance each user wallet the movements touched now has. */
  balances: ReadonlyMap<bigint, bigint>;
}

/**
 * Posts balanced movements, all in one statement: the movements, their entries and the cached
 * balances of the user wallets they touch (debits guarded). Must run inside the caller's
 * transaction; a debit a wallet does not cover throws InsufficientFundsError, and the rollback
 * takes the rest back. Movements touch at most one user wallet each today (user ↔ system): a
 * movement between two users would lock both in one statement, in no set order, and a deadlock
 * with another such movement is broken by PostgreSQL and retried (context.ts inTransaction).
 */
export async function post(ctx: AppContext, ...movements: Movement[]): Promise<Posted> {
  if (!ctx.db.isTransaction) throw new Error('ledger: post() must run inside a transaction');
  if (movements.length === 0) throw new Error('ledger: post() needs a movement');
  movements.forEach(assertBalanced);
  const now = ctx.clock.now();
  const heads = sql.join(movements.map((movement, n) => sql`(${n}::int, ${movement.kind}::text, ${movement.transactionId ?? null}::bigint)`));
  const entries = sql.join(movements.flatMap((movement, n) => movement.entries.map((entry) => sql`(${n}::int, ${entry.walletId}::bigint, ${entry.amountKobo}::bigint)`)));
  // Ids are drawn first, so the entries know their movement whatever order RETURNING would give.
  const { rows } = await sql<{ movement_ids: string[]; user_wallets: number; balances: [string, string][] | null }>`
    WITH head AS (
      SELECT n, nextval(pg_get_serial_sequence('ledger_movements', 'id')) AS id, kind, transaction_id
      FROM (VALUES ${heads}) AS given (n, kind, transaction_id)
    ), movement AS (
      INSERT INTO ledger_movements (id, kind, transaction_id, created_at) OVERRIDING SYSTEM VALUE
      SELECT id, kind, transaction_id, ${now}::timestamptz FROM head
    ), entry AS (
      SELECT head.id AS movement_id, given.wallet_id, given.amount_kobo
      FROM (VALUES ${entries}) AS given (n, wallet_id, amount_kobo) JOIN head USING (n)
    ), appended AS (
      INSERT INTO ledger_entries (movement_id, wallet_id, amount_kobo, created_at)
      SELECT movement_id, wallet_id, amount_kobo, ${now}::timestamptz FROM entry
    ), delta AS (
      SELECT wallet_id, sum(amount_kobo) AS amount_kobo FROM entry GROUP BY wallet_id
    ), moved AS (
      UPDATE wallets SET balance_kobo = wallets.balance_kobo + delta.amount_kobo
      FROM delta
      WHERE wallets.id = delta.wallet_id AND wallets.user_id IS NOT NULL AND wallets.balance_kobo + delta.amount_kobo >= 0
      RETURNING wallets.id, wallets.balance_kobo
    )
    SELECT (SELECT json_agg(id::text ORDER BY n) FROM head) AS movement_ids,
           (SELECT count(*)::int FROM wallets WHERE id IN (SELECT wallet_id FROM delta) AND user_id IS NOT NULL) AS user_wallets,
           (SELECT json_agg(json_build_array(id::text, balance_kobo::text)) FROM moved) AS balances`.execute(ctx.db);
  const { movement_ids, user_wallets, balances } = rows[0];
  // A user wallet left out of `moved` is one whose balance did not cover its debit.
  if ((balances?.length ?? 0) < user_wallets) throw new InsufficientFundsError();
  return {
    movementIds: movement_ids.map(BigInt),
    balances: new Map((balances ?? []).map(([id, balance]) => [BigInt(id), BigInt(balance)])),
  };
}

function assertBalanced({ kind, entries }: Movement) {
  if (entries.length < 2) throw new Error(`ledger: movement ${kind} needs at least two entries`);
  const accounts = new Set(entries.map((entry) => entry.walletId));
  if (accounts.size !== entries.length) throw new Error(`ledger: movement ${kind} names an account twice`);
  let sum = 0n;
  for (const entry of entries) {
    if (typeof entry.amountKobo !== 'bigint' || entry.amountKobo === 0n) throw new Error(`ledger: movement ${kind} has an entry that is not a non-zero bigint`);
    sum += entry.amountKobo;
  }
  if (sum !== 0n) throw new Error(`ledger: movement ${kind} does not balance (sum ${sum})`);
}

/** The ledger account of a user's wallet. */
export async function walletOf(ctx: AppContext, userId: bigint): Promise<bigint> {
  const wallet = await ctx.db.selectFrom('wallets').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return wallet.id;
}

/**
 * The system account with this code, created on first use. Its id never changes, so once it is
 * known to be committed — read or created outside a transaction, e.g. at start
 * (rememberSystemAccounts) — the process answers it from ctx.systemAccounts without asking.
 * Found inside a transaction it is not remembered: the row may be that transaction's own, and
 * roll back with it.
 */
export async function systemAccount(ctx: AppContext, code: string): Promise<bigint> {
  const known = ctx.systemAccounts.get(code);
  if (known !== undefined) return known;
  const find = () => ctx.db.selectFrom('wallets').select('id').where('code', '=', code).executeTakeFirst();
  const existing = await find();
  const created =
    existing ??
    (await ctx.db
      .insertInto('wallets')
      .values({ code, created_at: ctx.clock.now() })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning('id')
      .executeTakeFirst());
  // Someone else created it first: their row is committed by now (the insert waited for it).
  const id = created?.id ?? (await find())!.id;
  if (!ctx.db.isTransaction) ctx.systemAccounts.set(code, id);
  return id;
}

/** Makes the system accounts the app posts to known at start (created if need be), so no purchase looks them up. */
export async function rememberSystemAccounts(ctx: AppContext, codes: readonly string[]): Promise<void> {
  if (ctx.db.isTransaction) throw new Error('ledger: rememberSystemAccounts() must run outside a transaction');
  for (const code of codes) await systemAccount(ctx, code);
}
