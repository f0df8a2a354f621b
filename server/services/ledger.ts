import { sql } from 'kysely';
import { AppError } from '../errors';
import type { AppContext } from './context';

/**
 * The double-entry ledger (DESIGN.md §4), the only code that moves money.
 *
 * - Every ledger account is a row of `wallets`: a user's wallet or a system account (a bank
 *   partner's settlement account, the purchases clearing account).
 * - A movement is a set of entries summing to zero, posted in the caller's transaction; the
 *   cached `balance_kobo` of each account it touches is updated in that same transaction.
 * - A debit of a user's wallet is one guarded statement (`... AND balance_kobo >= $1`), never
 *   read-then-write: of concurrent debits, exactly those the balance covers succeed.
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

/**
 * Locks these accounts in the global order (ascending id) for a transaction that posts several
 * movements: each post() locks only its own accounts, so two movements in a row could take
 * them out of order and deadlock with a movement another transaction posts across both.
 */
export async function lockAccounts(ctx: AppContext, walletIds: bigint[]): Promise<void> {
  if (!ctx.db.isTransaction) throw new Error('ledger: lockAccounts() must run inside a transaction');
  const ids = [...new Set(walletIds)].sort((a, b) => (a < b ? -1 : 1));
  await sql`SELECT id FROM wallets WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(ctx.db);
}

/** Posts a balanced movement; answers its id. Must run inside the caller's transaction. */
export async function post(ctx: AppContext, movement: Movement): Promise<bigint> {
  if (!ctx.db.isTransaction) throw new Error('ledger: post() must run inside a transaction');
  assertBalanced(movement);
  const now = ctx.clock.now();

  // The movement and its entries in one round trip.
  const values = sql.join(movement.entries.map((entry) => sql`(${entry.walletId}::bigint, ${entry.amountKobo}::bigint)`));
  const { rows } = await sql<{ movement_id: bigint }>`
    WITH movement AS (
      INSERT INTO ledger_movements (kind, transaction_id, created_at)
      VALUES (${movement.kind}, ${movement.transactionId ?? null}::bigint, ${now}::timestamptz)
      RETURNING id
    )
    INSERT INTO ledger_entries (movement_id, wallet_id, amount_kobo, created_at)
    SELECT movement.id, entry.wallet_id, entry.amount_kobo, ${now}::timestamptz
    FROM movement, (VALUES ${values}) AS entry (wallet_id, amount_kobo)
    RETURNING movement_id`.execute(ctx.db);
  const movementId = rows[0].movement_id;

  // The cached balances, locked in one global order (ascending id) so that two movements
  // sharing accounts can never deadlock.
  for (const entry of [...movement.entries].sort((a, b) => (a.walletId < b.walletId ? -1 : 1))) {
    if (entry.amountKobo > 0n) await credit(ctx, entry.walletId, entry.amountKobo);
    else if (!(await debit(ctx, entry.walletId, -entry.amountKobo))) throw new InsufficientFundsError();
  }
  return movementId;
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

async function credit(ctx: AppContext, walletId: bigint, kobo: bigint): Promise<void> {
  await sql`UPDATE wallets SET balance_kobo = balance_kobo + ${kobo} WHERE id = ${walletId}`.execute(ctx.db);
}

/**
 * The guarded debit: one statement that takes the money only if it is there. System accounts
 * (no user) may go negative. Answers false when a user's wallet does not cover the amount.
 */
async function debit(ctx: AppContext, walletId: bigint, kobo: bigint): Promise<boolean> {
  const { rows } = await sql<{ id: bigint }>`
    UPDATE wallets SET balance_kobo = balance_kobo - ${kobo}
    WHERE id = ${walletId} AND (balance_kobo >= ${kobo} OR user_id IS NULL)
    RETURNING id`.execute(ctx.db);
  return rows.length === 1;
}

/** The ledger account of a user's wallet. */
export async function walletOf(ctx: AppContext, userId: bigint): Promise<bigint> {
  const wallet = await ctx.db.selectFrom('wallets').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return wallet.id;
}

/** The system account with this code, created on first use. */
export async function systemAccount(ctx: AppContext, code: string): Promise<bigint> {
  const find = () => ctx.db.selectFrom('wallets').select('id').where('code', '=', code).executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  const created = await ctx.db
    .insertInto('wallets')
    .values({ code, created_at: ctx.clock.now() })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Someone else created it first: their row is committed by now (the insert waited for it).
  return created?.id ?? (await find())!.id;
}
