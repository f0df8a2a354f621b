import { sql, type RawBuilder } from 'kysely';
import { AppError, must } from '../../errors';
import type { AppContext } from '../context';

/**
 * The double-entry ledger: the one place where money moves. No other file names a system
 * account or writes to the ledger's tables; everyone else asks for a movement by what it is.
 *
 * Movements (each answers a `Movement`, posted alone with `post` or spliced into the caller's
 * own statement with `posting`, so a purchase stays at its few statements):
 *
 * - `planHold(ctx, { bill, walletId, amountKobo })` reserves a bill's amount: wallet → clearing.
 *   Once per bill.
 * - `postHold(ctx, { bill, amountKobo, biller })` completes the hold: clearing → the biller's
 *   account. `voidHold(ctx, { bill, walletId, amountKobo })` releases it: clearing → wallet. At
 *   most one of the two per hold, and only after the hold.
 * - `writeOff(ctx, { bill, amountKobo, biller })` pays the biller, from the business's own
 *   account, for a bill refunded at its 24-hour deadline that the biller later delivered (the
 *   business's loss, never the customer's): losses → the biller's account. Once per bill, and
 *   only after its refund.
 * - `credit(ctx, { walletId, amountKobo, transactionId, source })` credits a wallet from a named
 *   system source: `{ from: 'partner', provider, reference, feeKobo? }` (a payment a bank partner
 *   or card processor received for the wallet: once per partner reference; a fee the customer paid
 *   on top, which the partner keeps, is a third leg from settlement to the partner's fee
 *   account), `{ from: 'cashback' }`
 *   (once per bill: `transactionId` is the bill's one cashback transaction),
 *   `{ from: 'suspense', provider, reference }` (a held transfer an operator matched to the
 *   wallet: once per held transfer), `{ from: 'goodwill', action }` (once per operator action).
 * - `debit(ctx, { walletId, amountKobo, transactionId, action })` takes money back from a wallet
 *   for an operator action (goodwill), guarded like every debit: never below zero.
 * - `moveBetweenSystemAccounts(ctx, { move, provider, reference, amountKobo })`: `'suspend'`
 *   holds a partner's payment to an account number nobody has (settlement → suspense, once per
 *   partner reference); `'return-to-sender'` records a held transfer sent back to its sender's
 *   bank (suspense → settlement, once per held transfer, exclusive with a suspense match).
 *
 * Exactly once is the database's rule as well as the code's: each "once" above is a unique
 * index of ledger_movements (019_ledger_once.sql), so a second one fails at write time whatever
 * code path tries it (`AlreadyPostedError`); the daily audit (ledgerAudit.ts) is the second check.
 *
 * The books:
 * - Every ledger account is a row of `wallets`: a user's wallet or a system account (code set).
 * - A movement is a set of entries summing to zero, posted in the caller's statement; the
 *   database refuses to commit one that does not balance, and refuses UPDATE and DELETE of
 *   entries and movements (a correction is a movement of its own).
 * - A user's wallet caches its balance (`balance_kobo`), moved by the statement that posts its
 *   entries; a debit of it is guarded by the wallet's CHECK (balance ≥ 0) on the row the update
 *   locks, never read-then-write: of concurrent debits, exactly those the balance covers succeed.
 * - A system account caches nothing (015_system_accounts_uncached.sql): its balance is the sum of
 *   its entries, so no row is written by every purchase of every user.
 */

/** What a movement is. Closed: the database knows the same list and each one's guard (019_ledger_once.sql). */
export type MovementKind =
  | 'purchase-reserve'
  | 'purchase-settle'
  | 'purchase-refund'
  | 'purchase-write-off'
  | 'cashback'
  | 'funding'
  | 'transfer-unmatched'
  | 'suspense-match'
  | 'suspense-return'
  | 'goodwill-credit'
  | 'goodwill-debit';

/** The movements of a hold's life, by the names the audit and statements read. */
export const HOLD_KINDS = {
  hold: 'purchase-reserve',
  post: 'purchase-settle',
  void: 'purchase-refund',
} as const satisfies Record<string, MovementKind>;

/**
 * A user transaction's id, or an expression of the statement a movement is spliced into (the id a
 * CTE of it inserts).
 */
export type TransactionRef = bigint | RawBuilder<bigint>;

const PLANNED = Symbol('ledger movement');

interface Entry {
  walletId: bigint;
  /** Positive credits the account, negative debits it. */
  amountKobo: bigint;
}

/** A movement the ledger planned, to post: only this module makes one, so only it names accounts. */
export interface Movement {
  readonly [PLANNED]: {
    kind: MovementKind;
    transactionId: TransactionRef | null;
    /** The outside record a once-per-record movement books (its guard's key). */
    sourceRef: string | null;
    entries: Entry[];
  };
}

/** A user's wallet did not cover a debit; the caller's transaction must roll back (it does, when this is thrown). */
export class InsufficientFundsError extends AppError {
  constructor() {
    super(400, 'insufficient wallet balance, please fund your wallet and try again');
    this.name = 'InsufficientFundsError';
  }
}

/**
 * A movement that may happen once already happened: the database refused the second (a bug, or a
 * race the code lost).
 */
export class AlreadyPostedError extends Error {
  constructor(readonly guard: string) {
    super(`ledger: refused by ${guard}, this movement was already posted`);
    this.name = 'AlreadyPostedError';
  }
}

/**
 * System accounts: the purchases' clearing account (money held while a bill is with the
 * biller), what each biller is owed, what each bank partner holds for us (settlement), money a
 * partner received for an account nobody has (suspense), the fees customers paid a partner on
 * top of a card top-up (kept by the partner from its settlement), and the sources of cashback
 * and of operators' goodwill adjustments (both negative by what they gave), and what the business
 * paid billers for bills it had refunded at their deadline (negative by what it lost).
 */
export type SystemAccount =
  | 'clearing'
  | 'cashback'
  | 'goodwill'
  | 'late-deliveries'
  | { settlement: string }
  | { suspense: string }
  | { fees: string }
  | { biller: string };

export function systemAccountCode(account: SystemAccount): string {
  if (account === 'clearing') return 'clearing:purchases';
  if (account === 'cashback') return 'rewards:cashback';
  if (account === 'goodwill') return 'adjustments:goodwill';
  if (account === 'late-deliveries') return 'losses:late-deliveries';
  if ('settlement' in account) return `settlement:${account.settlement}`;
  if ('suspense' in account) return `suspense:${account.suspense}`;
  if ('fees' in account) return `fees:${account.fees}`;
  return `biller:${account.biller}`;
}

/** The constraint that keeps a user's wallet from going below zero (004_wallet_ledger.sql). */
const USER_BALANCE_NOT_NEGATIVE = 'wallets_user_balance_not_negative';
/** The unique indexes that make each "once" the database's rule (019_ledger_once.sql). */
const ONCE_GUARDS = new Set([
  'ledger_movements_one_hold',
  'ledger_movements_one_outcome',
  'ledger_movements_one_cashback',
  'ledger_movements_one_funding',
  'ledger_movements_one_suspense_hold',
  'ledger_movements_one_suspense_release',
  'ledger_movements_one_adjustment',
  'ledger_movements_one_write_off',
]);

function planned(
  kind: MovementKind,
  transactionId: TransactionRef | null,
  sourceRef: string | null,
  from: bigint,
  to: bigint,
  amountKobo: bigint,
): Movement {
  if (amountKobo <= 0n) throw new Error(`ledger: ${kind} of ${amountKobo} kobo: a movement moves a positive amount`);
  if (from === to)
    throw new Error(`ledger: ${kind} from and to account ${from}: a movement moves between two accounts`);
  return {
    [PLANNED]: {
      kind,
      transactionId,
      sourceRef,
      entries: [
        { walletId: from, amountKobo: -amountKobo },
        { walletId: to, amountKobo },
      ],
    },
  };
}

/**
 * A movement with a third leg: `feeKobo` more leaves the `from` account, to `fees`. One
 * movement, so the credit and its fee are posted (and guarded once) together.
 */
function withFee(movement: Movement, fees: bigint, feeKobo: bigint): Movement {
  const plan = movement[PLANNED];
  const [from, to] = plan.entries;
  if (feeKobo <= 0n) throw new Error(`ledger: ${plan.kind} fee of ${feeKobo} kobo: a fee leg moves a positive amount`);
  if (fees === from.walletId || fees === to.walletId)
    throw new Error(`ledger: ${plan.kind} fee account ${fees}: a fee goes to an account of its own`);
  return {
    [PLANNED]: {
      ...plan,
      entries: [
        { walletId: from.walletId, amountKobo: from.amountKobo - feeKobo },
        to,
        { walletId: fees, amountKobo: feeKobo },
      ],
    },
  };
}

const partnerRef = (provider: string, reference: string) => `${provider}:${reference}`;

export interface HoldOf {
  /** The bill: its purchase transaction. */
  bill: TransactionRef;
  amountKobo: bigint;
}

/**
 * The movement that reserves a bill's amount from the wallet, for the caller to post (guarded: a
 * balance that does not cover it fails the statement that posts it). Once per bill.
 */
export async function planHold(
  ctx: AppContext,
  { bill, walletId, amountKobo }: HoldOf & { walletId: bigint },
): Promise<Movement> {
  return planned(HOLD_KINDS.hold, bill, null, walletId, await systemAccountId(ctx, 'clearing'), amountKobo);
}

/**
 * Completes a bill's hold: the amount goes to what the biller is owed. At most once per hold,
 * exclusive with voidHold.
 */
export async function postHold(
  ctx: AppContext,
  { bill, amountKobo, biller }: HoldOf & { biller: string },
): Promise<Movement> {
  return planned(
    HOLD_KINDS.post,
    bill,
    null,
    await systemAccountId(ctx, 'clearing'),
    await systemAccountId(ctx, { biller }),
    amountKobo,
  );
}

/** Releases a bill's hold back to the wallet it came from. At most once per hold, exclusive with postHold. */
export async function voidHold(
  ctx: AppContext,
  { bill, walletId, amountKobo }: HoldOf & { walletId: bigint },
): Promise<Movement> {
  return planned(HOLD_KINDS.void, bill, null, await systemAccountId(ctx, 'clearing'), walletId, amountKobo);
}

/** The movement of a late delivery's loss: the name the audit and the console read. */
export const WRITE_OFF_KIND = 'purchase-write-off' satisfies MovementKind;

/**
 * Pays the biller for a bill that was refunded at its deadline and then delivered after all: the
 * business's loss, from its own account. Once per bill (the database's rule), and only after the
 * bill's refund.
 */
export async function writeOff(
  ctx: AppContext,
  { bill, amountKobo, biller }: HoldOf & { biller: string },
): Promise<Movement> {
  return planned(
    WRITE_OFF_KIND,
    bill,
    null,
    await systemAccountId(ctx, 'late-deliveries'),
    await systemAccountId(ctx, { biller }),
    amountKobo,
  );
}

/**
 * Where a credit of a wallet comes from, with what makes it once. A partner's `feeKobo` is what
 * the customer paid on top of the amount (a card top-up's fee): the partner holds it with the
 * payment and keeps it from its settlement.
 */
export type CreditSource =
  | { from: 'partner'; provider: string; reference: string; feeKobo?: bigint }
  | { from: 'cashback' }
  | { from: 'suspense'; provider: string; reference: string }
  | { from: 'goodwill'; action: string };

export interface Credit {
  walletId: bigint;
  amountKobo: bigint;
  /** The user's transaction the credit shows as (required for cashback: it is the bill's one cashback transaction). */
  transactionId: TransactionRef | null;
  source: CreditSource;
}

/** Credits a wallet from a system source, once per what the source names. */
export async function credit(
  ctx: AppContext,
  { walletId, amountKobo, transactionId, source }: Credit,
): Promise<Movement> {
  switch (source.from) {
    case 'partner': {
      const funding = planned(
        'funding',
        transactionId,
        partnerRef(source.provider, source.reference),
        await systemAccountId(ctx, { settlement: source.provider }),
        walletId,
        amountKobo,
      );
      return source.feeKobo
        ? withFee(funding, await systemAccountId(ctx, { fees: source.provider }), source.feeKobo)
        : funding;
    }
    case 'cashback':
      return planned('cashback', transactionId, null, await systemAccountId(ctx, 'cashback'), walletId, amountKobo);
    case 'suspense':
      return planned(
        'suspense-match',
        transactionId,
        partnerRef(source.provider, source.reference),
        await systemAccountId(ctx, { suspense: source.provider }),
        walletId,
        amountKobo,
      );
    case 'goodwill':
      return planned(
        'goodwill-credit',
        transactionId,
        source.action,
        await systemAccountId(ctx, 'goodwill'),
        walletId,
        amountKobo,
      );
  }
}

/**
 * Takes money from a wallet for an operator's action (goodwill), once per action; never below zero
 * (InsufficientFundsError).
 */
export async function debit(
  ctx: AppContext,
  {
    walletId,
    amountKobo,
    transactionId,
    action,
  }: { walletId: bigint; amountKobo: bigint; transactionId: TransactionRef | null; action: string },
): Promise<Movement> {
  return planned('goodwill-debit', transactionId, action, walletId, await systemAccountId(ctx, 'goodwill'), amountKobo);
}

export interface SystemMove {
  /** suspend: settlement → suspense; return-to-sender: suspense → settlement (the partner pays it back out). */
  move: 'suspend' | 'return-to-sender';
  provider: string;
  /** The partner's reference of the payment. */
  reference: string;
  amountKobo: bigint;
}

/** A movement between two system accounts of a partner's payment, once per payment and direction. */
export async function moveBetweenSystemAccounts(
  ctx: AppContext,
  { move, provider, reference, amountKobo }: SystemMove,
): Promise<Movement> {
  const settlement = await systemAccountId(ctx, { settlement: provider });
  const suspense = await systemAccountId(ctx, { suspense: provider });
  const sourceRef = partnerRef(provider, reference);
  return move === 'suspend'
    ? planned('transfer-unmatched', null, sourceRef, settlement, suspense, amountKobo)
    : planned('suspense-return', null, sourceRef, suspense, settlement, amountKobo);
}

export interface Posted {
  /** The movements' ids, in the order they were given. */
  movementIds: bigint[];
  /** The cached balance each user wallet the movements touched now has. */
  balances: ReadonlyMap<bigint, bigint>;
}

/**
 * Movements as part of a statement: CTEs (named ledger_*) for its WITH list and the columns that
 * tell what was posted (read them with postedFrom). The movements, their entries and the cached
 * balances of the user wallets they touch are written by that one statement, and only when
 * `when` holds. A debit of a user's wallet is guarded by the wallet's CHECK: a debit its balance
 * does not cover fails the statement, under the row lock the update holds, so of concurrent
 * debits exactly those the balance covers succeed; a second "once" fails it on its unique index
 * (throw ledgerError's answer for either). A movement touches at most one user wallet; several
 * movements of one statement that touch two users lock both in no set order, and a deadlock is
 * broken by PostgreSQL and retried (context.ts inTransaction).
 */
export function posting(
  movements: Movement[],
  now: Date,
  when: RawBuilder<boolean> = sql<boolean>`true`,
): { ctes: RawBuilder<unknown>; columns: RawBuilder<unknown> } {
  if (movements.length === 0) throw new Error('ledger: a posting needs a movement');
  const plans = movements.map((movement) => movement[PLANNED]);
  const heads = sql.join(
    plans.map(
      (plan, n) => sql`(${n}::int, ${plan.kind}::text, ${plan.transactionId}::bigint, ${plan.sourceRef}::text)`,
    ),
  );
  const entries = sql.join(
    plans.flatMap((plan, n) =>
      plan.entries.map((entry) => sql`(${n}::int, ${entry.walletId}::bigint, ${entry.amountKobo}::bigint)`),
    ),
  );
  // Ids are drawn first, so the entries know their movement whatever order RETURNING would give.
  // A wallet's balance moves by what its own entries sum to, read back from what was inserted.
  const ctes = sql`ledger_head AS (
      SELECT n, nextval(pg_get_serial_sequence('ledger_movements', 'id')) AS id, kind, transaction_id, source_ref
      FROM (VALUES ${heads}) AS given (n, kind, transaction_id, source_ref) WHERE ${when}
    ), ledger_movement AS (
      INSERT INTO ledger_movements (id, kind, transaction_id, source_ref, created_at) OVERRIDING SYSTEM VALUE
      SELECT id, kind, transaction_id, source_ref, ${now}::timestamptz FROM ledger_head
    ), ledger_entry AS (
      INSERT INTO ledger_entries (movement_id, wallet_id, amount_kobo, created_at)
      SELECT ledger_head.id, given.wallet_id, given.amount_kobo, ${now}::timestamptz
      FROM (VALUES ${entries}) AS given (n, wallet_id, amount_kobo) JOIN ledger_head USING (n)
      RETURNING wallet_id, amount_kobo
    ), ledger_moved AS (
      UPDATE wallets SET balance_kobo = wallets.balance_kobo + delta.amount_kobo
      FROM (SELECT wallet_id, sum(amount_kobo)::bigint AS amount_kobo FROM ledger_entry GROUP BY wallet_id) AS delta
      WHERE wallets.id = delta.wallet_id AND wallets.user_id IS NOT NULL
      RETURNING wallets.id, wallets.balance_kobo
    )`;
  const columns = sql`(SELECT json_agg(id::text ORDER BY n) FROM ledger_head) AS ledger_movement_ids,
      (SELECT json_agg(json_build_array(id::text, balance_kobo::text)) FROM ledger_moved) AS ledger_balances`;
  return { ctes, columns };
}

/** The balance a user wallet that the posted movements touched now has: every such wallet is in `balances`. */
export function balanceAfter(posted: Posted, walletId: bigint): bigint {
  return must(posted.balances.get(walletId), `ledger: wallet ${walletId} is a user wallet the movements touched`);
}

/** What a statement with a posting() posted: nothing when its `when` did not hold. */
export function postedFrom(row: {
  ledger_movement_ids: string[] | null;
  ledger_balances: [string, string][] | null;
}): Posted {
  return {
    movementIds: (row.ledger_movement_ids ?? []).map(BigInt),
    balances: new Map((row.ledger_balances ?? []).map(([id, balance]) => [BigInt(id), BigInt(balance)])),
  };
}

/**
 * The error to answer for a failed statement with a posting(): InsufficientFundsError for a
 * debit a wallet did not cover, AlreadyPostedError for a second "once"; anything else as it is.
 */
export function ledgerError(error: unknown): unknown {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code === '23514' && constraint === USER_BALANCE_NOT_NEGATIVE) return new InsufficientFundsError();
  if (code === '23505' && typeof constraint === 'string' && ONCE_GUARDS.has(constraint))
    return new AlreadyPostedError(constraint);
  return error;
}

/**
 * Posts movements in one statement of their own (posting()), inside the caller's transaction: a
 * debit a wallet does not cover throws InsufficientFundsError, a second "once" AlreadyPostedError,
 * and the rollback takes back whatever else the transaction wrote.
 */
export async function post(ctx: AppContext, ...movements: Movement[]): Promise<Posted> {
  if (!ctx.db.isTransaction) throw new Error('ledger: post() must run inside a transaction');
  const { ctes, columns } = posting(movements, ctx.clock.now());
  const { rows } = await sql<Parameters<typeof postedFrom>[0]>`WITH ${ctes} SELECT ${columns}`
    .execute(ctx.db)
    .catch((error: unknown) => {
      throw ledgerError(error);
    });
  return postedFrom(rows[0]);
}

/** The ledger account of a user's wallet. */
export async function walletOf(ctx: AppContext, userId: bigint): Promise<bigint> {
  const wallet = await ctx.db
    .selectFrom('wallets')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return wallet.id;
}

/**
 * The system account's id, its row created on first use. Its id never changes, so once it is
 * known to be committed — read or created outside a transaction, e.g. at start
 * (rememberSystemAccounts) — the process answers it from ctx.systemAccounts without asking.
 * Found inside a transaction it is not remembered: the row may be that transaction's own, and
 * roll back with it.
 */
export async function systemAccountId(ctx: AppContext, account: SystemAccount): Promise<bigint> {
  const code = systemAccountCode(account);
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
  const id = created?.id ?? must(await find(), 'ledger: an account the insert found taken is committed').id;
  if (!ctx.db.isTransaction) ctx.systemAccounts.set(code, id);
  return id;
}

/**
 * Makes the system accounts the app posts to known at start (created if need be), so no
 * purchase or credit looks them up: the shared ones, those of its billers and bank partners,
 * and the fee accounts of the partners that take card payments.
 */
export async function rememberSystemAccounts(
  ctx: AppContext,
  {
    billers,
    partners,
    cardPartners = [],
  }: { billers: readonly string[]; partners: readonly string[]; cardPartners?: readonly string[] },
): Promise<void> {
  if (ctx.db.isTransaction) throw new Error('ledger: rememberSystemAccounts() must run outside a transaction');
  const accounts: SystemAccount[] = [
    'clearing',
    'cashback',
    'goodwill',
    'late-deliveries',
    ...billers.map((biller) => ({ biller })),
    ...partners.flatMap((provider) => [{ settlement: provider }, { suspense: provider }]),
    ...cardPartners.flatMap((provider) => [{ settlement: provider }, { fees: provider }]),
  ];
  for (const account of accounts) await systemAccountId(ctx, account);
}

// Reading the ledger: what a statement and the operators' customer page show of a wallet. Reads
// live here too, so that the ledger's tables are named by this module alone.

/** A wallet's figures over [start, end), in kobo, from its entries alone. */
export interface WalletFigures {
  openingKobo: bigint;
  closingKobo: bigint;
  creditsKobo: bigint;
  debitsKobo: bigint;
  entries: number;
  /** The newest entry counted (0 when none). */
  lastEntryId: bigint;
}

/**
 * The balance before `start` and before `end`, and what came in and went out between, summed
 * in the database (never by loading the entries). The closing balance is summed on its own, so
 * the caller can check opening + credits − debits against it.
 */
export async function walletFigures(ctx: AppContext, walletId: bigint, start: Date, end: Date): Promise<WalletFigures> {
  const { rows } = await sql<{
    opening: string;
    credits: string;
    debits: string;
    closing: string;
    entries: string;
    last_id: string;
  }>`
    SELECT
      (SELECT coalesce(sum(amount_kobo), 0) FROM ledger_entries
        WHERE wallet_id = ${walletId} AND created_at < ${start}::timestamptz)::text AS opening,
      (SELECT coalesce(sum(amount_kobo), 0) FROM ledger_entries
        WHERE wallet_id = ${walletId} AND created_at < ${end}::timestamptz)::text AS closing,
      coalesce(sum(amount_kobo) FILTER (WHERE amount_kobo > 0), 0)::text AS credits,
      coalesce(-sum(amount_kobo) FILTER (WHERE amount_kobo < 0), 0)::text AS debits,
      count(*)::text AS entries,
      coalesce(max(id), 0)::text AS last_id
    FROM ledger_entries
    WHERE wallet_id = ${walletId} AND created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz`.execute(
    ctx.db,
  );
  const row = rows[0];
  return {
    openingKobo: BigInt(row.opening),
    closingKobo: BigInt(row.closing),
    creditsKobo: BigInt(row.credits),
    debitsKobo: BigInt(row.debits),
    entries: Number(row.entries),
    lastEntryId: BigInt(row.last_id),
  };
}

export interface WalletEntry {
  id: string;
  /** created_at as the database writes it: microseconds kept, so the next page starts exactly after this row. */
  atKey: string;
  amountKobo: bigint;
  createdAt: Date;
  kind: MovementKind;
  /** The user transaction's, when the movement belongs to one. */
  reference: string | null;
  /** What its description is said from (services/records/descriptions.ts), when it belongs to one. */
  transaction: { category: string; amount_kobo: bigint; description: string; bill_parts: unknown } | null;
}

/** Where a page of a wallet's entries is: [start, end), none newer than `lastEntryId`, after the `after` row. */
export interface WalletEntryPage {
  walletId: bigint;
  start: Date;
  end: Date;
  lastEntryId: bigint;
  after: { atKey: string; id: string } | null;
  size: number;
}

/** A page of a wallet's entries, oldest first, read on the (wallet, time, id) index. */
export async function walletEntries(ctx: AppContext, page: WalletEntryPage): Promise<WalletEntry[]> {
  const keyset: RawBuilder<unknown> = page.after
    ? sql`AND (e.created_at, e.id) > (${page.after.atKey}::timestamptz, ${page.after.id}::bigint)`
    : sql``;
  const { rows } = await sql<{
    id: string;
    at_key: string;
    amount_kobo: string;
    created_at: Date;
    kind: MovementKind;
    reference: string | null;
    description: string | null;
    category: string | null;
    transaction_kobo: string | null;
    bill_parts: unknown;
  }>`
    SELECT e.id::text AS id, e.created_at::text AS at_key, e.amount_kobo::text AS amount_kobo, e.created_at,
           m.kind, t.reference, t.description, t.category, t.amount_kobo::text AS transaction_kobo, t.bill_parts
    FROM ledger_entries e
    JOIN ledger_movements m ON m.id = e.movement_id
    LEFT JOIN transactions t ON t.id = m.transaction_id
    WHERE e.wallet_id = ${page.walletId}
      AND e.created_at >= ${page.start}::timestamptz AND e.created_at < ${page.end}::timestamptz
      AND e.id <= ${page.lastEntryId} ${keyset}
    ORDER BY e.created_at, e.id
    LIMIT ${page.size}`.execute(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    atKey: row.at_key,
    amountKobo: BigInt(row.amount_kobo),
    createdAt: row.created_at,
    kind: row.kind,
    reference: row.reference,
    transaction:
      row.category === null || row.description === null || row.transaction_kobo === null
        ? null
        : {
            category: row.category,
            amount_kobo: BigInt(row.transaction_kobo),
            description: row.description,
            bill_parts: row.bill_parts,
          },
  }));
}

/** A user's newest wallet entries with their movements, newest first. */
export async function recentWalletEntries(ctx: AppContext, userId: bigint, limit: number) {
  return ctx.db
    .selectFrom('ledger_entries as e')
    .innerJoin('wallets as w', 'w.id', 'e.wallet_id')
    .innerJoin('ledger_movements as m', 'm.id', 'e.movement_id')
    .select(['e.movement_id', 'm.kind', 'e.amount_kobo', 'm.transaction_id', 'e.created_at'])
    .where('w.user_id', '=', userId)
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}
