import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { messages } from '../../../core/messages';
import type { Service } from '../../../core/services';
import { AppError } from '../../errors';
import type { Bill } from '../../gateways/biller';
import { inTransaction, type AppContext } from '../context';
import { lookUpCustomer } from '../merchants';
import { post, PURCHASE_CLEARING, systemAccount } from '../ledger';
import { checkPin, lockPinHolder, pinRefused, type PinHolder, type WrongPin } from '../pins';
import type { Session } from '../sessions';
import { checkDailyLimit } from '../tiers';
import { transactionById, type StoredTransaction } from '../transactions';
import { askBiller, payGivenUpAt, type PurchaseDeps } from './billerCalls';
import { awaitResponse, claimKey, keyClaimed, requestHash, storeResponse } from './idempotency';
import { finalise } from './settling';
import { describeBill, PACKAGE_NOT_AVAILABLE, PACKAGE_REQUIRED, PIN_NOT_SET, PLAN_PRICE_CHANGED, PROVIDER_NOT_AVAILABLE, responseFor, type PurchaseResponse } from './wording';

/**
 * Placing a bill (DESIGN.md §4, security.md invariants 1, 6, 7, 8):
 *
 * 1. One database transaction checks the pin (pins.ts: counted, under the account lock), claims
 *    the Idempotency-Key, creates the transaction (status processing) and reserves the amount
 *    (wallet → clearing) with the ledger's guarded debit. Insufficient balance rolls all of it
 *    back: nothing is written. A wrong pin claims no key: the corrected request may use it.
 * 2. The biller is called outside any database transaction.
 * 3. Delivered or failed: the bill is settled or refunded at once (settling.ts). Pending or no
 *    answer → stays processing for the requery job; never a refund without a requery saying failed.
 */

export interface PurchaseRequest {
  service: Service;
  providerId: number;
  /** Plan-priced services (the service table's `pricing`); null for amount-priced ones. */
  packageId: number | null;
  /** Normalised by the service's beneficiary rule (the service table). */
  beneficiary: string;
  /** Amount-priced services only: the amount of a plan comes from the package, never the client. */
  amountKobo: bigint | null;
  pin: string;
}

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
    .where('category', '=', request.service.category)
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
  if (!pkg) throw new AppError(422, (await replacedAtNewPrice(ctx, request.packageId, provider.id)) ? PLAN_PRICE_CHANGED : PACKAGE_NOT_AVAILABLE);
  return { providerId: provider.id, providerCode: provider.code, providerName: provider.name, packageId: pkg.id, packageCode: pkg.code, packageName: pkg.name, amountKobo: pkg.amount_kobo };
}

/** Whether a plan no longer sold was replaced by one of the same code (the catalogue sync repriced it). */
async function replacedAtNewPrice(ctx: AppContext, packageId: number, providerId: number): Promise<boolean> {
  const replacement = await ctx.db
    .selectFrom('packages as old')
    .innerJoin('packages as current', (join) => join.onRef('current.provider_id', '=', 'old.provider_id').onRef('current.code', '=', 'old.code'))
    .select('current.id')
    .where('old.id', '=', packageId)
    .where('old.provider_id', '=', providerId)
    .where('current.active', '=', true)
    .executeTakeFirst();
  return replacement !== undefined;
}

/** Our id of the bill at the biller: VTpass-style, YYYYMMDDHHmm in Africa/Lagos (UTC+1) then 12 random hex characters. */
function newRequestId(now: Date): string {
  const lagos = new Date(now.getTime() + 60 * 60_000).toISOString();
  return `${lagos.slice(0, 16).replace(/\D/g, '')}${randomBytes(6).toString('hex')}`;
}

type Claim =
  | { kind: 'reserved'; row: StoredTransaction; bill: Bill }
  | { kind: 'replay' }
  | { kind: 'wrong-pin'; wrong: WrongPin };

/** The pin of a copy of a request already placed: checked and counted like any purchase's, before its answer is shown. */
async function confirmReplayPin(ctx: AppContext, session: Session, pin: string): Promise<void> {
  const check = await inTransaction(ctx, async (tx) => checkPin(tx, await lockPinHolder(tx, session.userId), pin, session.id));
  if (check.kind !== 'correct') throw pinRefused(ctx, check, messages.pinNotCorrect);
}

/**
 * Buys one bill for the session's user, at most once per Idempotency-Key. Answers the response to send
 * (and stores it under the key): 200 delivered or processing, 502 failed and refunded. Throws
 * AppError for what executes nothing: 409 key reused, 400 wrong pin (counted), 401 wrong pin
 * once the count had reached the maximum (PinLogout: every session ended), 401 when the session
 * ended while the request waited (a parallel request's logout), 423 pin locked,
 * 403 no pin set, 403 above the day's limit of the user's tier (services/tiers.ts), 400 insufficient balance, 422 provider or plan not available. A copy of a
 * placed request answers the stored response only once its own pin checks out.
 */
export async function purchase(ctx: AppContext, deps: PurchaseDeps, session: Session, key: string, request: PurchaseRequest): Promise<PurchaseResponse> {
  const { userId } = session;
  const hash = requestHash(ctx, request);
  if (await keyClaimed(ctx, userId, key, hash)) {
    await confirmReplayPin(ctx, session, request.pin);
    return awaitResponse(ctx, deps, userId, key);
  }

  const { service } = request;
  const product = await findProduct(ctx, request);
  // A biller known to be down refuses the purchase now, with its message, before any money moves.
  deps.biller.assertAvailable?.();
  // The number billed is verified here, whatever the screen verified before it changed (SPEC.md §4
  // keeps a verification when the fields change): nobody under it, or no answer from the biller,
  // refuses the purchase before any money is reserved, and the holder found goes on the receipt.
  const customer = service.verification?.beforePaying
    ? await lookUpCustomer(deps.biller, { category: service.category, providerCode: product.providerCode, beneficiary: request.beneficiary })
    : null;
  const claim = await inTransaction(ctx, async (tx): Promise<Claim> => {
    const now = tx.clock.now();
    // The account row lock serialises one user's purchases and pin checks (pins.ts checkPin).
    // NO KEY UPDATE, not UPDATE: it must not block the foreign-key checks (FOR KEY SHARE) of
    // other transactions inserting rows of this user — a settle's notification, while this one
    // waits for the clearing account that settle holds, would otherwise be a deadlock.
    const user = await sql<PinHolder & { wallet_id: bigint; phone: string }>`
      SELECT u.id, u.email, u.phone, u.pin_sealed, u.pin_attempts, u.pin_locked_at, w.id AS wallet_id FROM users u JOIN wallets w ON w.user_id = u.id
      WHERE u.id = ${userId} FOR NO KEY UPDATE OF u`.execute(tx.db);
    const holder = user.rows[0];

    if (holder.pin_sealed === null) throw new AppError(403, PIN_NOT_SET);
    const check = await checkPin(tx, holder, request.pin, session.id);
    // The count is committed with this answer; no key was claimed, so the corrected request can use it.
    if (check.kind !== 'correct') return { kind: 'wrong-pin', wrong: check };

    if (!(await claimKey(tx, userId, key, hash))) return { kind: 'replay' };
    // Under the account lock, so concurrent purchases of this user are counted one after the other.
    // A refusal throws, and all this transaction wrote rolls back, as for insufficient funds.
    await checkDailyLimit(tx, userId, product.amountKobo);

    const requestId = newRequestId(now);
    // One statement under the account lock: the transaction, its bill, and the key pointing at it.
    const { rows } = await sql<StoredTransaction>`
      WITH created AS (
        INSERT INTO transactions (user_id, category, amount_kobo, status, reference, from_label, to_label, description, display_name, display_value, customer_name, created_at, updated_at)
        VALUES (${userId}::bigint, ${service.category}, ${product.amountKobo}::bigint, 'processing', ${requestId}, 'Wallet', ${request.beneficiary},
                ${describeBill(service, product, request.beneficiary)}, ${service.beneficiary.displayName}, ${request.beneficiary},
                ${customer ? customer.name || customer.username || null : null}::text, ${now}::timestamptz, ${now}::timestamptz)
        RETURNING *
      ), bill AS (
        INSERT INTO purchases (transaction_id, user_id, category, provider_id, package_id, beneficiary, biller, request_id, next_requery_at)
        SELECT id, ${userId}::bigint, ${service.category}::text, ${product.providerId}::integer, ${product.packageId}::integer, ${request.beneficiary}::text,
               ${deps.biller.name}::text, ${requestId}::text, ${payGivenUpAt(deps, now)}::timestamptz
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
        { walletId: holder.wallet_id, amountKobo: -product.amountKobo },
        { walletId: clearing, amountKobo: product.amountKobo },
      ],
    });
    const bill: Bill = {
      requestId,
      category: service.category,
      providerCode: product.providerCode,
      packageCode: product.packageCode,
      beneficiary: request.beneficiary,
      amountKobo: product.amountKobo,
      customerPhone: holder.phone,
    };
    return { kind: 'reserved', row, bill };
  });

  if (claim.kind === 'wrong-pin') throw pinRefused(ctx, claim.wrong, messages.pinNotCorrect);
  if (claim.kind === 'replay') return awaitResponse(ctx, deps, userId, key);

  const outcome = await askBiller(deps, () => deps.biller.pay(claim.bill));
  const row = (outcome.status === 'pending' ? null : await finalise(ctx, claim.row.id, outcome)) ?? (await transactionById(ctx, claim.row.id));
  const response = responseFor(row);
  await storeResponse(ctx, userId, key, response);
  return response;
}
