import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Envelope, RecentBeneficiary, Transaction } from '../../core/contract';
import { messages } from '../../core/messages';
import { formatNaira } from '../../core/money';
import { AppError } from '../errors';
import type { Bill, BillCategory, Biller, BillOutcome, Receipt } from '../gateways/biller';
import { inTransaction, type AppContext } from './context';
import { post, PURCHASE_CLEARING, systemAccount, walletOf } from './ledger';
import { koboToNaira } from '../../core/money';
import { addNotification } from './notifications';
import { checkPin } from './pins';
import { toTransaction, type RequeryHooks, type StoredTransaction } from './transactions';

/**
 * Purchases (DESIGN.md §4, security.md invariants 1, 6, 7, 8):
 *
 * 1. One database transaction claims the Idempotency-Key, checks the pin, creates the
 *    transaction (status processing) and reserves the amount (wallet → clearing) with the
 *    ledger's guarded debit. Insufficient balance rolls all of it back: nothing is written.
 * 2. The biller is called outside any database transaction.
 * 3. Delivered → settle (clearing → biller account), completed. Failed → refund (clearing →
 *    wallet), canceled. Pending or no answer → stays processing for the requery job; never a
 *    refund without a requery saying failed.
 *
 * The final transition is one guarded statement (`... WHERE status = 'processing'`): of the
 * purchase request, the requery job on any replica and refresh-transaction, exactly one moves
 * a bill to its final state and posts its settle or refund movement, in the same transaction.
 */

export const PURCHASE_CATEGORIES = ['airtime', 'data', 'electricity-bill', 'betting', 'tv-subscription', 'education'] as const satisfies readonly BillCategory[];

export interface PurchaseDeps {
  biller: Biller;
  /** How long a pay or requery may take before it counts as no answer (pending). */
  billerTimeoutMs: number;
}

export interface PurchaseRequest {
  category: BillCategory;
  providerId: number;
  /** Plan-based categories (data, tv-subscription, education); null for amount-based ones. */
  packageId: number | null;
  /** Normalised (see services/beneficiaries.ts). */
  beneficiary: string;
  /** Amount-based categories only: the amount of a plan comes from the package, never the client. */
  amountKobo: bigint | null;
  pin: string;
}

/** What a purchase answered, stored under its Idempotency-Key and answered again on a replay. */
export interface PurchaseResponse {
  status: number;
  body: Envelope<Transaction>;
}

export const PROVIDER_NOT_AVAILABLE = 'the selected provider is not available for this service';
export const PACKAGE_NOT_AVAILABLE = 'the selected plan is not available for this provider';
export const PACKAGE_REQUIRED = 'please choose a plan for this provider';
export const KEY_REUSED = 'this idempotency key was used for a different request';
export const KEY_IN_PROGRESS = 'a request with this idempotency key is still being processed, please try again shortly';
export const PIN_NOT_SET = 'please set your transaction pin before making a purchase';
export const PURCHASE_PROCESSING = 'your purchase is processing, we will notify you once it is completed';
export const PURCHASE_FAILED = 'the biller could not complete this purchase; your wallet has been refunded';
/** Answered with PURCHASE_FAILED: a biller failure, not the client's (DESIGN.md §3 honest statuses). */
export const PURCHASE_FAILED_STATUS = 502;

/** The requery job leaves a bill alone until its own pay call has surely given up, plus this. */
const REQUERY_MARGIN_MS = 2_000;
const REPLAY_POLL_MS = 20;

interface Product {
  providerId: number;
  providerCode: string;
  providerName: string;
  packageId: number | null;
  packageCode: string | null;
  packageName: string | null;
  amountKobo: bigint;
}

/** The provider (and package) of a request, checked against the catalogue: category, active, plan of this provider. */
async function findProduct(ctx: AppContext, request: PurchaseRequest): Promise<Product> {
  const provider = await ctx.db
    .selectFrom('providers')
    .select(['id', 'code', 'name'])
    .where('id', '=', request.providerId)
    .where('category', '=', request.category)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!provider) throw new AppError(422, PROVIDER_NOT_AVAILABLE);
  if (request.packageId === null) {
    if (request.amountKobo === null) throw new AppError(422, PACKAGE_REQUIRED);
    return { providerId: provider.id, providerCode: provider.code, providerName: provider.name, packageId: null, packageCode: null, packageName: null, amountKobo: request.amountKobo };
  }
  const pkg = await ctx.db
    .selectFrom('packages')
    .select(['id', 'code', 'name', 'amount_kobo'])
    .where('id', '=', request.packageId)
    .where('provider_id', '=', provider.id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!pkg) throw new AppError(422, PACKAGE_NOT_AVAILABLE);
  return { providerId: provider.id, providerCode: provider.code, providerName: provider.name, packageId: pkg.id, packageCode: pkg.code, packageName: pkg.name, amountKobo: pkg.amount_kobo };
}

/** A keyed hash of the normalised request, pin included (a plain hash of a 4-digit pin would be a lookup table). */
function requestHash(ctx: AppContext, request: PurchaseRequest): Buffer {
  const canonical = [request.category, request.providerId, request.packageId, request.beneficiary, request.amountKobo?.toString() ?? null, request.pin];
  return ctx.hashToken(`purchase:${JSON.stringify(canonical)}`);
}

/** Our id of the bill at the biller: VTpass-style, YYYYMMDDHHmm in Africa/Lagos (UTC+1) then 12 random hex characters. */
export function newRequestId(now: Date): string {
  const lagos = new Date(now.getTime() + 60 * 60_000).toISOString();
  return `${lagos.slice(0, 16).replace(/\D/g, '')}${randomBytes(6).toString('hex')}`;
}

/** Who or what the bill is for, as the activity list shows it before there is a receipt. */
const DISPLAY_NAME: Record<BillCategory, string> = {
  airtime: 'Phone',
  data: 'Phone',
  'electricity-bill': 'Meter',
  betting: 'Account',
  'tv-subscription': 'Smartcard',
  education: 'ID',
};

function describe(category: BillCategory, product: Product, beneficiary: string): string {
  const naira = formatNaira(koboToNaira(product.amountKobo));
  switch (category) {
    case 'airtime':
      return `${naira} ${product.providerName} airtime for ${beneficiary}`;
    case 'electricity-bill':
      return `${naira} ${product.providerName} prepaid electricity for meter ${beneficiary}`;
    case 'betting':
      return `${naira} ${product.providerName} account top-up for ${beneficiary}`;
    case 'data':
      return `${product.packageName} data for ${beneficiary}`;
    case 'tv-subscription':
      return `${product.packageName} for smartcard ${beneficiary}`;
    case 'education':
      return `${product.packageName} for ${beneficiary}`;
  }
}

type Claim =
  | { kind: 'reserved'; row: StoredTransaction; bill: Bill }
  | { kind: 'replay' }
  | { kind: 'wrong-pin' };

/**
 * Buys one bill for the user, at most once per Idempotency-Key. Answers the response to send
 * (and stores it under the key): 200 delivered or processing, 502 failed and refunded. Throws
 * AppError for what executes nothing: 409 key reused, 400 wrong pin (counted toward the pin
 * lock), 429 pin locked, 400 insufficient balance, 422 provider or plan not available.
 */
export async function purchase(ctx: AppContext, deps: PurchaseDeps, userId: bigint, key: string, request: PurchaseRequest): Promise<PurchaseResponse> {
  const hash = requestHash(ctx, request);
  // A replay of a finished request costs one read and takes no lock.
  const previous = await ctx.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (previous) {
    if (!Buffer.from(previous.request_hash).equals(hash)) throw new AppError(409, KEY_REUSED);
    return awaitResponse(ctx, deps, userId, key);
  }

  const product = await findProduct(ctx, request);
  const claim = await inTransaction(ctx, async (tx): Promise<Claim> => {
    const now = tx.clock.now();
    // The account row lock serialises one user's purchases and pin checks (pins.ts checkPin).
    // NO KEY UPDATE, not UPDATE: it must not block the foreign-key checks (FOR KEY SHARE) of
    // other transactions inserting rows of this user — a settle's notification, while this one
    // waits for the clearing account that settle holds, would otherwise be a deadlock.
    const user = await sql<{ pin_sealed: string | null; wallet_id: bigint }>`
      SELECT u.pin_sealed, w.id AS wallet_id FROM users u JOIN wallets w ON w.user_id = u.id
      WHERE u.id = ${userId} FOR NO KEY UPDATE OF u`.execute(tx.db);
    const { pin_sealed, wallet_id } = user.rows[0];

    const claimed = await tx.db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: hash, created_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const existing = await tx.db.selectFrom('idempotency_keys').select('request_hash').where('user_id', '=', userId).where('key', '=', key).executeTakeFirstOrThrow();
      if (!Buffer.from(existing.request_hash).equals(hash)) throw new AppError(409, KEY_REUSED);
      return { kind: 'replay' };
    }

    if (pin_sealed === null) throw new AppError(403, PIN_NOT_SET);
    if (!(await checkPin(tx, userId, pin_sealed, request.pin))) {
      // The failure is counted (committed); the key is released so the corrected request can use it.
      await tx.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
      return { kind: 'wrong-pin' };
    }

    const requestId = newRequestId(now);
    const due = new Date(now.getTime() + deps.billerTimeoutMs + REQUERY_MARGIN_MS);
    const { rows } = await sql<StoredTransaction>`
      WITH created AS (
        INSERT INTO transactions (user_id, category, amount_kobo, status, reference, from_label, to_label, description, display_name, display_value, created_at, updated_at)
        VALUES (${userId}::bigint, ${request.category}, ${product.amountKobo}::bigint, 'processing', ${requestId}, 'Wallet', ${request.beneficiary},
                ${describe(request.category, product, request.beneficiary)}, ${DISPLAY_NAME[request.category]}, ${request.beneficiary}, ${now}::timestamptz, ${now}::timestamptz)
        RETURNING *
      ), bill AS (
        INSERT INTO purchases (transaction_id, user_id, category, provider_id, package_id, beneficiary, biller, request_id, next_requery_at)
        SELECT id, ${userId}::bigint, ${request.category}::text, ${product.providerId}::integer, ${product.packageId}::integer, ${request.beneficiary}::text,
               ${deps.biller.name}::text, ${requestId}::text, ${due}::timestamptz
        FROM created
      ), claim AS (
        UPDATE idempotency_keys SET transaction_id = (SELECT id FROM created) WHERE user_id = ${userId}::bigint AND key = ${key}
      )
      SELECT * FROM created`.execute(tx.db);
    const row = rows[0];
    const clearing = await systemAccount(tx, PURCHASE_CLEARING);
    await post(tx, {
      kind: 'purchase-reserve',
      transactionId: row.id,
      entries: [
        { walletId: wallet_id, amountKobo: -product.amountKobo },
        { walletId: clearing, amountKobo: product.amountKobo },
      ],
    });
    const bill: Bill = {
      requestId,
      category: request.category,
      providerCode: product.providerCode,
      packageCode: product.packageCode,
      beneficiary: request.beneficiary,
      amountKobo: product.amountKobo,
    };
    return { kind: 'reserved', row, bill };
  });

  if (claim.kind === 'wrong-pin') throw new AppError(400, messages.pinNotCorrect);
  if (claim.kind === 'replay') return awaitResponse(ctx, deps, userId, key);

  const outcome = await ask(deps, () => deps.biller.pay(claim.bill));
  const row = (outcome.status === 'pending' ? null : await finalise(ctx, claim.row.id, outcome)) ?? (await currentRow(ctx, claim.row.id));
  const response = responseFor(row);
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ response_status: response.status, response_body: JSON.stringify(response.body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
  return response;
}

/**
 * A copy of a request that another one executes (or executed): its stored response, once
 * there is one. If the first never stored one (it crashed after reserving), the bill's
 * current state answers; the requery job settles it.
 */
async function awaitResponse(ctx: AppContext, deps: PurchaseDeps, userId: bigint, key: string): Promise<PurchaseResponse> {
  const deadline = Date.now() + deps.billerTimeoutMs + REQUERY_MARGIN_MS;
  for (;;) {
    const row = await ctx.db
      .selectFrom('idempotency_keys')
      .select(['response_status', 'response_body', 'transaction_id'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row?.response_status != null && row.response_body != null) {
      return { status: row.response_status, body: JSON.parse(row.response_body) as Envelope<Transaction> };
    }
    if (Date.now() >= deadline) {
      if (row?.transaction_id) return responseFor(await currentRow(ctx, row.transaction_id));
      throw new AppError(409, KEY_IN_PROGRESS);
    }
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}

/** A biller call; no answer in time, or an error, is pending (never a failure: a failure refunds). */
async function ask(deps: PurchaseDeps, call: () => Promise<BillOutcome>): Promise<BillOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<BillOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'pending' }), deps.billerTimeoutMs);
  });
  try {
    return await Promise.race([call().catch((): BillOutcome => ({ status: 'pending' })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function currentRow(ctx: AppContext, transactionId: bigint): Promise<StoredTransaction> {
  return ctx.db.selectFrom('transactions').selectAll().where('id', '=', transactionId).executeTakeFirstOrThrow();
}

/** What the customer must keep, as the transaction shows it. */
function displayOf(receipt: Receipt): { display_name: string; display_value: string; suffix: string } | null {
  if (receipt.token) return { display_name: 'Token', display_value: receipt.token, suffix: receipt.units ? `: ${receipt.units}` : '' };
  if (receipt.pin) return { display_name: 'PIN', display_value: receipt.serial ? `Serial: ${receipt.serial} PIN: ${receipt.pin}` : `PIN: ${receipt.pin}`, suffix: '' };
  return null;
}

/**
 * Moves a processing bill to its final state, once: completed with the settle movement
 * (clearing → biller) or canceled with the refund (clearing → wallet), and the notification,
 * all in one transaction behind the guarded status change. Answers the final row, or null when
 * the bill was already final (another request, job run or replica won): nothing is changed.
 */
export async function finalise(ctx: AppContext, transactionId: bigint, outcome: Exclude<BillOutcome, { status: 'pending' }>): Promise<StoredTransaction | null> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const delivered = outcome.status === 'delivered';
    const display = delivered ? displayOf(outcome.receipt) : null;
    const { rows } = await sql<StoredTransaction & { biller: string }>`
      WITH final AS (
        UPDATE transactions
        SET status = ${delivered ? 'completed' : 'canceled'}, updated_at = ${now}::timestamptz,
            display_name = coalesce(${display?.display_name ?? null}::text, display_name),
            display_value = coalesce(${display?.display_value ?? null}::text, display_value),
            description = description || ${display?.suffix ?? ''}::text
        WHERE id = ${transactionId}::bigint AND status = 'processing'
        RETURNING *
      ), bill AS (
        UPDATE purchases SET next_requery_at = NULL WHERE transaction_id = (SELECT id FROM final) RETURNING biller
      )
      SELECT final.*, bill.biller FROM final LEFT JOIN bill ON true`.execute(tx.db);
    if (rows.length === 0) return null;
    const { biller, ...row } = rows[0];
    // Throwing rolls the status change back with the rest.
    if (!biller) throw new Error(`purchases: transaction ${transactionId} has no bill`);
    const naira = formatNaira(koboToNaira(row.amount_kobo));
    // The notification first, the ledger last: the clearing account's row lock (shared by every
    // purchase) is then held for the shortest time.
    if (delivered) {
      await addNotification(tx, row.user_id, { title: 'Purchase successful', content: `${successMessage(row)} (ref ${row.reference})` });
    } else {
      await addNotification(tx, row.user_id, {
        title: 'Purchase failed: wallet refunded',
        content: `Your purchase of ${row.description} could not be completed. ${naira} has been returned to your wallet. (ref ${row.reference})`,
      });
    }
    const clearing = await systemAccount(tx, PURCHASE_CLEARING);
    const receiver = delivered ? await systemAccount(tx, billerAccountCode(biller)) : await walletOf(tx, row.user_id);
    await post(tx, {
      kind: delivered ? 'purchase-settle' : 'purchase-refund',
      transactionId: row.id,
      entries: [
        { walletId: clearing, amountKobo: -row.amount_kobo },
        { walletId: receiver, amountKobo: row.amount_kobo },
      ],
    });
    return row;
  });
}

/** What the bills of a biller are owed to: money leaves clearing for it when a bill is delivered. */
export const billerAccountCode = (biller: string) => `biller:${biller}`;

function successMessage(row: StoredTransaction): string {
  const base = `purchase successful: ${row.description}`;
  if (row.display_name === 'Token') return `${base}. Token : ${row.display_value}`;
  if (row.display_name === 'PIN') return `${base}. ${row.display_value}`;
  return base;
}

/** The response a purchase answers for its transaction's state. */
export function responseFor(row: StoredTransaction): PurchaseResponse {
  const data = toTransaction(row);
  if (row.status === 'completed') return { status: 200, body: { type: 'success', message: successMessage(row), data } };
  if (row.status === 'canceled') return { status: PURCHASE_FAILED_STATUS, body: { type: 'error', message: PURCHASE_FAILED, data } };
  return { status: 200, body: { type: 'success', message: PURCHASE_PROCESSING, data } };
}

/** The bill of a purchase transaction, as the biller knows it. */
async function billOf(ctx: AppContext, transactionId: bigint): Promise<(Bill & { status: string; createdAt: Date }) | undefined> {
  const row = await ctx.db
    .selectFrom('purchases')
    .innerJoin('transactions', 'transactions.id', 'purchases.transaction_id')
    .innerJoin('providers', 'providers.id', 'purchases.provider_id')
    .leftJoin('packages', 'packages.id', 'purchases.package_id')
    .select([
      'purchases.request_id',
      'purchases.category',
      'purchases.beneficiary',
      'providers.code as provider_code',
      'packages.code as package_code',
      'transactions.amount_kobo',
      'transactions.status',
      'transactions.created_at',
    ])
    .where('purchases.transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestId: row.request_id,
    category: row.category as BillCategory,
    providerCode: row.provider_code,
    packageCode: row.package_code,
    beneficiary: row.beneficiary,
    amountKobo: row.amount_kobo,
    status: row.status,
    createdAt: row.created_at,
  };
}

export type RequeryResult = 'completed' | 'canceled' | 'pending' | 'already-final';

/**
 * Asks the biller what became of a processing bill and settles or refunds it (guarded, so a
 * concurrent requery or a late answer changes nothing). Pending, an error or no answer leave it
 * processing.
 */
export async function requeryPurchase(ctx: AppContext, deps: PurchaseDeps, transactionId: bigint): Promise<RequeryResult> {
  const bill = await billOf(ctx, transactionId);
  if (!bill || bill.status !== 'processing') return 'already-final';
  const outcome = await ask(deps, () => deps.biller.requery(bill));
  if (outcome.status === 'pending') return 'pending';
  const row = await finalise(ctx, transactionId, outcome);
  return row ? (row.status as 'completed' | 'canceled') : 'already-final';
}

/**
 * refresh-transaction's hooks (services/transactions.ts): a processing purchase is requeried
 * once its own pay call has surely given up (before that, the biller may not know the bill yet).
 */
export function purchaseRequeries(deps: PurchaseDeps): RequeryHooks {
  const hook = async (ctx: AppContext, transaction: StoredTransaction) => {
    if (ctx.clock.now().getTime() < transaction.created_at.getTime() + deps.billerTimeoutMs + REQUERY_MARGIN_MS) return;
    await requeryPurchase(ctx, deps, transaction.id);
  };
  return Object.fromEntries(PURCHASE_CATEGORIES.map((category) => [category, hook]));
}

const RECENT_BENEFICIARIES = 5;

/** Up to five distinct beneficiaries the user bought this category for, most recently used first, with the provider used last. */
export async function recentBeneficiaries(ctx: AppContext, userId: bigint, category: string): Promise<RecentBeneficiary[]> {
  const { rows } = await sql<{ beneficiary: string; provider_id: number; provider_name: string }>`
    SELECT r.beneficiary, r.provider_id, p.name AS provider_name
    FROM (
      SELECT DISTINCT ON (beneficiary) beneficiary, provider_id, transaction_id
      FROM purchases WHERE user_id = ${userId}::bigint AND category = ${category}
      ORDER BY beneficiary, transaction_id DESC
    ) r JOIN providers p ON p.id = r.provider_id
    ORDER BY r.transaction_id DESC
    LIMIT ${RECENT_BENEFICIARIES}`.execute(ctx.db);
  return rows.map((row) => ({ beneficiary: row.beneficiary, provider_id: row.provider_id, provider_name: row.provider_name }));
}
