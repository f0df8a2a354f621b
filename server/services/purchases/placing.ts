import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { messages } from '../../../core/messages';
import type { Service } from '../../../core/services';
import { AppError } from '../../errors';
import type { Bill } from '../../gateways/biller';
import { tierOf } from '../../../core/tiers';
import { inTransaction, type AppContext } from '../context';
import { lookUpCustomer } from '../merchants';
import { ledgerError, posting, PURCHASE_CLEARING, systemAccount } from '../ledger';
import { checkPin, PIN_LOCKED, pinMatches, pinRefused, type PinHolder, type WrongPin } from '../pins';
import { AUTHORIZATION_FAILED, type Session } from '../sessions';
import { dailyLimitMessage, leftToday, spentToday } from '../tiers';
import { transactionById, type StoredTransaction } from '../transactions';
import { askBiller, payGivenUpAt, type PurchaseDeps } from './billerCalls';
import { awaitResponse, claimedHash, refuseOtherRequest, requestHash, storeResponse } from './idempotency';
import { finalise, type OpenBill } from './settling';
import { describeBill, PACKAGE_NOT_AVAILABLE, PACKAGE_REQUIRED, PIN_NOT_SET, PLAN_PRICE_CHANGED, PROVIDER_NOT_AVAILABLE, responseFor, type PurchaseResponse } from './wording';

/**
 * Placing a bill (DESIGN.md §4, security.md invariants 1, 6, 7, 8):
 *
 * 1. A service that verifies the number before paying (electricity, betting, cable) first reads
 *    whether its Idempotency-Key was claimed and its provider and plan, then asks the biller.
 * 2. One database transaction: one statement locks the account (and, for every other service,
 *    reads the key's claim and the product with it); the pin is checked (pins.ts: counted,
 *    under the lock); one statement checks the session is still live and the day's limit,
 *    claims the key, creates the transaction (status processing) with its bill and reserves the
 *    amount (wallet → clearing) with the ledger's guarded debit. Insufficient balance rolls all
 *    of it back: nothing is written. A wrong pin claims no key: the corrected request may use it.
 *    A copy of a claimed key is answered with the first one's response once its own pin checks out.
 * 3. The biller is called outside any database transaction.
 * 4. Delivered or failed: the bill is settled or refunded at once, and the response stored with
 *    it, in one statement (settling.ts). Pending or no answer → stays processing for the
 *    requery job; never a refund without a requery saying failed.
 *
 * A purchase is a few round trips (`npm run bench` records and counts them), and none of them
 * writes a row that other users' purchases write: the user's own rows and the ledger's
 * append-only ones.
 */

export interface PurchaseRequest {
  service: Service;
  providerId: number;
  /** Plan-priced services (the service table's `pricing`); null for amount-priced ones. */
  packageId: number | null;
  /** Normalised by the service's beneficiary rule (the service table). */
  beneficiary: string;
  /** Amount-priced services only (and cable renewals, for the amount the biller verified): the amount of a plan comes from the package, never the client. */
  amountKobo: bigint | null;
}

/**
 * Who authorises a purchase: the signed-in user with the transaction pin typed for this very
 * request, or one of their schedules, authorised once with the pin when it was created or
 * edited and bounded by the amount authorised then (services/schedules). A schedule's run has
 * no session and no pin: the pin lock still stops it, and a product costing more than
 * `maxKobo` is refused before any money moves.
 */
export type Authorisation = { kind: 'pin'; session: Session; pin: string } | { kind: 'schedule'; userId: bigint; maxKobo: bigint };

/** A scheduled run's product costs more than its owner authorised: nothing is bought. */
export const ABOVE_AUTHORISED = 'this costs more than the amount you authorised for the schedule';

interface Product {
  providerId: number;
  providerCode: string;
  providerName: string;
  packageId: number | null;
  packageCode: string | null;
  packageName: string | null;
  amountKobo: bigint;
}

/** What a purchase reads before it is placed: the request hash its key was claimed for, if it was, and its provider and plan. */
interface Before {
  claimed: Uint8Array | null;
  provider_id: number | null;
  provider_code: string;
  provider_name: string;
  package_id: number | null;
  package_code: string;
  package_name: string;
  package_kobo: bigint;
}

/**
 * Before's columns and the joins they need, read in a statement of their own (a service that
 * verifies the number with the biller first needs the product before any transaction) or in the
 * statement that takes the account lock (every other service: one round trip less). The
 * provider and plan as the catalogue has them: of this service's category, active, a plan of
 * this provider.
 */
function beforePlacing(userId: bigint, key: string, request: PurchaseRequest) {
  return {
    columns: sql`(SELECT request_hash FROM idempotency_keys WHERE user_id = ${userId}::bigint AND key = ${key}) AS claimed,
      p.id AS provider_id, p.code AS provider_code, p.name AS provider_name,
      pk.id AS package_id, pk.code AS package_code, pk.name AS package_name, pk.amount_kobo AS package_kobo`,
    joins: sql`LEFT JOIN providers p ON p.id = ${request.providerId}::integer AND p.category = ${request.service.category} AND p.active
      LEFT JOIN packages pk ON pk.id = ${request.packageId}::integer AND pk.provider_id = p.id AND pk.active`,
  };
}

/** The product Before found, or the refusal (422) of one the catalogue does not sell. */
async function productOf(ctx: AppContext, found: Before, request: PurchaseRequest): Promise<Product> {
  if (found.provider_id === null) throw new AppError(422, PROVIDER_NOT_AVAILABLE);
  const provider = { providerId: found.provider_id, providerCode: found.provider_code, providerName: found.provider_name };
  if (request.packageId === null) {
    if (request.amountKobo === null) throw new AppError(422, PACKAGE_REQUIRED);
    return { ...provider, packageId: null, packageCode: null, packageName: null, amountKobo: request.amountKobo };
  }
  if (found.package_id === null) throw new AppError(422, (await replacedAtNewPrice(ctx, request.packageId, found.provider_id)) ? PLAN_PRICE_CHANGED : PACKAGE_NOT_AVAILABLE);
  return { ...provider, packageId: found.package_id, packageCode: found.package_code, packageName: found.package_name, amountKobo: found.package_kobo };
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
  | { kind: 'reserved'; open: OpenBill; bill: Bill }
  | { kind: 'replay' }
  | { kind: 'wrong-pin'; wrong: WrongPin };

type Holder = PinHolder & { wallet_id: bigint; phone: string; bvn: boolean; nin: boolean };

/**
 * Buys one bill for the session's user, at most once per Idempotency-Key. Answers the response to send
 * (and stores it under the key): 200 delivered or processing, 502 failed and refunded. Throws
 * AppError for what executes nothing: 409 key reused, 400 wrong pin (counted), 401 wrong pin
 * once the count had reached the maximum (PinLogout: every session ended), 401 when the session
 * ended while the request waited (a parallel request's logout), 423 pin locked,
 * 403 no pin set, 403 above the day's limit of the user's tier (services/tiers.ts), 400 insufficient balance, 422 provider or plan not available. A copy of a
 * placed request answers the stored response only once its own pin checks out.
 */
export async function purchase(ctx: AppContext, deps: PurchaseDeps, authorisation: Authorisation, key: string, request: PurchaseRequest): Promise<PurchaseResponse> {
  const session = authorisation.kind === 'pin' ? authorisation.session : null;
  const userId = authorisation.kind === 'pin' ? authorisation.session.userId : authorisation.userId;
  const hash = requestHash(ctx, request);
  const { service } = request;
  const before = beforePlacing(userId, key, request);

  // A service that verifies the number billed does it here, whatever the screen verified before
  // it changed (SPEC.md §4 keeps a verification when the fields change): nobody under it, or no
  // answer from the biller, refuses the purchase before any money is reserved, and the holder
  // found goes on the receipt. It needs the product first, so it reads Before on its own.
  let verified: { product: Product; customer: Awaited<ReturnType<typeof lookUpCustomer>> } | null = null;
  if (service.verification?.beforePaying) {
    const found = (await sql<Before>`SELECT ${before.columns} FROM (SELECT 1) AS request ${before.joins}`.execute(ctx.db)).rows[0];
    if (found.claimed === null) {
      const product = await productOf(ctx, found, request);
      // A biller known to be down refuses the purchase now, with its message, before any money moves.
      deps.biller.assertAvailable?.();
      verified = { product, customer: await lookUpCustomer(deps.biller, { category: service.category, providerCode: product.providerCode, beneficiary: request.beneficiary }) };
    } else refuseOtherRequest(found.claimed, hash);
  }

  const claim = await inTransaction(ctx, async (tx): Promise<Claim> => {
    const now = tx.clock.now();
    // The account row lock serialises one user's purchases and pin checks (pins.ts checkPin).
    // NO KEY UPDATE, not UPDATE: it must not block the foreign-key checks (FOR KEY SHARE) of
    // other transactions inserting rows of this user, such as a settle's notification.
    const locked = await sql<Holder & Before>`
      SELECT u.id, u.email, u.phone, u.pin_sealed, u.pin_attempts, u.pin_locked_at,
             u.bvn_verified_at IS NOT NULL AS bvn, u.nin_verified_at IS NOT NULL AS nin, w.id AS wallet_id, ${before.columns}
      FROM users u JOIN wallets w ON w.user_id = u.id ${before.joins}
      WHERE u.id = ${userId} FOR NO KEY UPDATE OF u`.execute(tx.db);
    const holder = locked.rows[0];

    // A copy of a request already placed: its own pin is checked and counted like any purchase's
    // before the first one's answer is shown.
    if (holder.claimed) {
      refuseOtherRequest(holder.claimed, hash);
      if (authorisation.kind === 'schedule') return { kind: 'replay' };
      const check = await checkPin(tx, holder, authorisation.pin, authorisation.session.id);
      return check.kind === 'correct' ? { kind: 'replay' } : { kind: 'wrong-pin', wrong: check };
    }
    const product = verified?.product ?? (await productOf(tx, holder, request));
    if (!verified) deps.biller.assertAvailable?.();
    const customer = verified?.customer ?? null;

    if (holder.pin_sealed === null) throw new AppError(403, PIN_NOT_SET);
    // The usual purchase — the right pin, no wrong one before it, no lock — reads and writes
    // nothing for its pin: the statement that claims the key checks the session is still live.
    // Anything else goes through checkPin, which checks the session first and counts.
    if (authorisation.kind === 'schedule') {
      if (holder.pin_locked_at !== null) throw new AppError(423, PIN_LOCKED);
      if (product.amountKobo > authorisation.maxKobo) throw new AppError(409, ABOVE_AUTHORISED);
    } else if (holder.pin_attempts > 0 || holder.pin_locked_at !== null || !pinMatches(tx, holder, authorisation.pin)) {
      const check = await checkPin(tx, holder, authorisation.pin, authorisation.session.id);
      // The count is committed with this answer; no key was claimed, so the corrected request can use it.
      if (check.kind !== 'correct') return { kind: 'wrong-pin', wrong: check };
    }

    const rule = tierOf(holder);
    const requestId = newRequestId(now);
    const clearing = await systemAccount(tx, PURCHASE_CLEARING);
    // The reservation (wallet → clearing), posted by the same statement once the bill exists; a
    // balance that does not cover it fails the statement, and the transaction rolls back.
    const reserve = posting(
      [
        {
          kind: 'purchase-reserve',
          transactionId: sql<bigint>`(SELECT id FROM created)`,
          entries: [
            { walletId: holder.wallet_id, amountKobo: -product.amountKobo },
            { walletId: clearing, amountKobo: product.amountKobo },
          ],
        },
      ],
      now,
      sql<boolean>`EXISTS (SELECT 1 FROM created)`,
    );
    // One statement under the account lock. It reads, after the lock was granted, whether the
    // session was revoked meanwhile (another request's pin logout: those that waited behind it
    // buy nothing), whether the key is claimed, and what the day's purchases took (counted one
    // after the other, under the lock); and only when the session is live, the key free and the
    // day's limit not passed, it claims the key for a new transaction, creates that transaction
    // (status processing) and its bill, and reserves the amount. The transaction's id is drawn
    // first so the key can point at it in the same statement.
    const { rows } = await sql<StoredTransaction & { revoked: boolean; claimed: Uint8Array | null; spent: bigint }>`
      WITH standing AS (
        SELECT ${session ? sql`coalesce((SELECT revoked_at IS NOT NULL FROM sessions WHERE id = ${session.id}::bigint), true)` : sql`false`} AS revoked,
               (SELECT request_hash FROM idempotency_keys WHERE user_id = ${userId}::bigint AND key = ${key}) AS claimed,
               ${spentToday(userId, now)} AS spent
      ), claim AS (
        INSERT INTO idempotency_keys (user_id, key, request_hash, transaction_id, created_at)
        SELECT ${userId}::bigint, ${key}, ${hash}, nextval(pg_get_serial_sequence('transactions', 'id')), ${now}::timestamptz
        FROM standing
        WHERE NOT standing.revoked AND standing.claimed IS NULL AND standing.spent + ${product.amountKobo}::bigint <= ${rule.dailyLimitKobo}::bigint
        ON CONFLICT (user_id, key) DO NOTHING
        RETURNING transaction_id
      ), created AS (
        INSERT INTO transactions (id, user_id, category, amount_kobo, status, reference, from_label, to_label, description, display_name, display_value, customer_name, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT transaction_id, ${userId}::bigint, ${service.category}, ${product.amountKobo}::bigint, 'processing', ${requestId}, 'Wallet', ${request.beneficiary},
               ${describeBill(service, product, request.beneficiary)}, ${service.beneficiary.displayName}, ${request.beneficiary},
               ${customer ? customer.name || customer.username || null : null}::text, ${now}::timestamptz, ${now}::timestamptz
        FROM claim
        RETURNING *
      ), bill AS (
        INSERT INTO purchases (transaction_id, user_id, category, provider_id, package_id, beneficiary, biller, request_id, next_requery_at)
        SELECT id, ${userId}::bigint, ${service.category}::text, ${product.providerId}::integer, ${product.packageId}::integer, ${request.beneficiary}::text,
               ${deps.biller.name}::text, ${requestId}::text, ${payGivenUpAt(deps, now)}::timestamptz
        FROM created
      ), ${reserve.ctes}
      SELECT standing.revoked, standing.claimed, standing.spent, created.* FROM standing LEFT JOIN created ON true`
      .execute(tx.db)
      .catch((error: unknown) => {
        throw ledgerError(error);
      });
    const { revoked, claimed, spent, ...row } = rows[0];
    if (revoked) throw new AppError(401, AUTHORIZATION_FAILED);
    if (claimed) {
      refuseOtherRequest(claimed, hash);
      return { kind: 'replay' };
    }
    // A refusal throws, and all this transaction wrote rolls back, as for insufficient funds.
    if (row.id === null) {
      if (spent + product.amountKobo > rule.dailyLimitKobo) throw new AppError(403, dailyLimitMessage(rule, leftToday(rule, spent)));
      // Claimed by a copy that committed after this statement began (ON CONFLICT found it).
      refuseOtherRequest((await claimedHash(tx, userId, key))!, hash);
      return { kind: 'replay' };
    }
    const bill: Bill = {
      requestId,
      category: service.category,
      providerCode: product.providerCode,
      packageCode: product.packageCode,
      beneficiary: request.beneficiary,
      amountKobo: product.amountKobo,
      customerPhone: holder.phone,
    };
    return { kind: 'reserved', open: { row, biller: deps.biller.name, walletId: holder.wallet_id, email: holder.email }, bill };
  });

  if (claim.kind === 'wrong-pin') throw pinRefused(ctx, claim.wrong, messages.pinNotCorrect);
  if (claim.kind === 'replay') return awaitResponse(ctx, deps, userId, key);

  const outcome = await askBiller(deps, () => deps.biller.pay(claim.bill));
  // Settled or refunded with its response stored under the key, by the settle's one statement.
  const settled = outcome.status === 'pending' ? null : await finalise(ctx, claim.open, outcome, key);
  if (settled) return responseFor(settled);
  // Pending, or final already (a requery on another replica won the race): answered as it stands.
  const response = responseFor(await transactionById(ctx, claim.open.row.id));
  await storeResponse(ctx, userId, key, response);
  return response;
}
