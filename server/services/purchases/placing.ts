import type { Locale } from '../../../core/i18n/locales';
import { t } from '../../i18n';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { lagosMinuteDigits } from '../../../core/days';
import { tierOf, type TierRule } from '../../../core/tiers';
import { AppError, must } from '../../errors';
import type { Bill } from '../../gateways/biller';
import type { AppContext } from '../context';
import { coolingOffRow, refuseDuringCoolingOff, withinCoolingOff, type CoolingOff } from '../account/coolingOff';
import { ledgerError, planHold, posting } from '../ledger/ledger';
import type { PinHolder, WrongPin } from '../account/pins';
import { AUTHORISATION_FAILED } from '../account/sessions';
import { DailyLimitError, dailyLimitMessage, leftToday, spentToday } from '../identity/tiers';
import { billParts, recordedBill, storedBillParts, WALLET_LABEL } from '../records/descriptions';
import { transactionColumns, type StoredTransaction } from '../records/transactions';
import { authorise, authoriseCopy, buyerOf, sessionOf, type Authorisation } from './authorisation';
import { payGivenUpAt, type PurchaseDeps } from './billerCalls';
import { deadlineOf } from './deadline';
import { claimedHash, refuseOtherRequest } from './idempotency';
import {
  beforePlacing,
  pausedProduct,
  productOf,
  type Before,
  type Product,
  type PurchaseOrder,
  type Verified,
} from './product';
import { admitProduct, refuseWhilePaused, type PausedProduct } from './productPauses';
import type { OpenBill } from './settling';
import { PIN_NOT_SET } from './wording';

/**
 * Placing a bill: one database transaction that ends with the bill processing and its amount
 * held, or with nothing written but a wrong pin's count. One statement locks the account (and,
 * for a service that did not verify the number first, reads the key's claim and the product
 * with it); the purchase is authorised (authorisation.ts: the pin, counted under the lock, or
 * the schedule's bound); one statement checks the session, if any, is still live and the day's
 * limit, claims the key, creates the transaction (status processing) with its bill and holds the
 * amount (ledger.ts planHold: wallet → clearing, guarded). A balance that does not cover it rolls all
 * of it back. A wrong pin claims no key: the corrected request may use it. None of it writes a row
 * that other users' purchases write.
 */

/**
 * How placing ended: the bill to send and what settling needs, a copy of a request already placed,
 * or a wrong pin (counted).
 */
export type Placed =
  | {
      kind: 'reserved';
      open: OpenBill;
      bill: Bill;
      /** What the pay call's outcome is recorded under (productPauses.ts), and whether it is the product's trial. */
      product: PausedProduct;
      trial: boolean;
    }
  | { kind: 'replay' }
  | { kind: 'wrong-pin'; wrong: WrongPin };

export interface Placing {
  authorisation: Authorisation;
  key: string;
  /** The request's hash (idempotency.ts requestHash), which claims the key. */
  hash: Buffer;
  order: PurchaseOrder;
  /** The product and customer, when the service verified the number before paying. */
  verified: Verified | null;
}

/** What the placing statement read under the lock, beside the transaction it created (none when it placed nothing). */
interface Standing {
  revoked: boolean;
  claimed: Uint8Array | null;
  spent: bigint;
  cooling_reason: CoolingOff['reason'] | null;
  cooling_ends_at: Date | null;
  cooling_spent: bigint | null;
}

/** Standing's three cooling columns are one coolingOffRow: a reason comes with its end and its spending. */
const COOLING_ROW = 'a cooling-off read with its reason has its end and its spending (coolingOffRow)';

type Holder = PinHolder & {
  wallet_id: bigint;
  phone: string;
  phone_verified: boolean;
  language: Locale;
  bvn: boolean;
  nin: boolean;
  address_verified: boolean;
};

/**
 * The account, locked until the transaction ends: one user's purchases and pin checks happen
 * one at a time. NO KEY UPDATE, not UPDATE: it must not block the foreign-key checks (FOR KEY
 * SHARE) of other transactions inserting rows of this user, such as a settle's notification.
 */
async function lockBuyer(tx: AppContext, userId: bigint, key: string, order: PurchaseOrder): Promise<Holder & Before> {
  const before = beforePlacing(userId, key, order);
  const { rows } = await sql<Holder & Before>`
    SELECT u.id, u.email, u.phone, u.phone_verified_at IS NOT NULL AS phone_verified, u.pin_sealed, u.pin_attempts,
           u.pin_locked_at, u.language,
           u.bvn_verified_at IS NOT NULL AS bvn, u.nin_verified_at IS NOT NULL AS nin,
           u.address_verified_at IS NOT NULL AS address_verified,
           w.id AS wallet_id, ${before.columns}
    FROM users u JOIN wallets w ON w.user_id = u.id ${before.joins}
    WHERE u.id = ${userId} FOR NO KEY UPDATE OF u`.execute(tx.db);
  return rows[0];
}

/** Places one bill for the authorised user, in the caller's transaction (see above). */
export async function placeBill(tx: AppContext, deps: PurchaseDeps, placing: Placing): Promise<Placed> {
  const { authorisation, hash, order, verified } = placing;
  const holder = await lockBuyer(tx, buyerOf(authorisation), placing.key, order);
  if (holder.claimed) {
    refuseOtherRequest(holder.claimed, hash);
    const check = await authoriseCopy(tx, authorisation, holder);
    return check.kind === 'correct' ? { kind: 'replay' } : { kind: 'wrong-pin', wrong: check };
  }
  const product = verified?.product ?? (await productOf(tx, holder, order));
  // A paused product, or a biller known to be down, refuses the purchase now, before any money moves.
  const paused = pausedProduct(order, product);
  if (!verified) {
    refuseWhilePaused(holder, paused, tx.clock.now());
    deps.biller.assertAvailable?.();
  }
  if (holder.pin_sealed === null) throw new AppError(403, t(PIN_NOT_SET));
  const check = await authorise(tx, authorisation, holder, product.amountKobo);
  if (check.kind !== 'correct') return { kind: 'wrong-pin', wrong: check };
  // Read under the lock with the account (a pause since a verification counts); a trial is claimed here.
  const trial = await admitProduct(tx, deps, holder, paused);
  const placed = await holdAmount(tx, deps, placing, holder, product);
  return placed.kind === 'reserved' ? { ...placed, product: paused, trial } : placed;
}

/** What holding the amount came to; placeBill adds what the product's health needs. */
type Held = Exclude<Placed, { kind: 'reserved' }> | { kind: 'reserved'; open: OpenBill; bill: Bill };

/** Our id of the bill at the biller: VTpass-style, YYYYMMDDHHmm in Africa/Lagos then 12 random hex characters. */
const newRequestId = (now: Date) => `${lagosMinuteDigits(now)}${randomBytes(6).toString('hex')}`;

/**
 * The statement under the account lock. It reads, after the lock was granted, whether the
 * session was revoked meanwhile (another request's pin logout: those that waited behind it buy
 * nothing; a schedule's run has no session), whether the key is claimed, what the day's purchases took and what
 * they took since a running cooling-off began (counted one after the other, under the lock); and
 * only when the session is live, the key free, the day's limit not passed and the cooling-off's
 * allowance not passed (purchases above it wait out a credential reset or a new device; a
 * schedule's runs too), it claims the key for a new transaction, creates that transaction
 * (status processing) and its bill, and holds the amount. The transaction's id is drawn first so the
 * key can point at it. Any refusal throws, and the transaction rolls back.
 */
async function holdAmount(
  tx: AppContext,
  deps: PurchaseDeps,
  { authorisation, key, hash, order, verified }: Placing,
  holder: Holder,
  product: Product,
): Promise<Held> {
  const now = tx.clock.now();
  const userId = buyerOf(authorisation);
  const session = sessionOf(authorisation);
  const rule = tierOf({ bvn: holder.bvn, nin: holder.nin, addressVerified: holder.address_verified });
  const requestId = newRequestId(now);
  const reserve = await planHold(tx, {
    bill: sql<bigint>`(SELECT id FROM created)`,
    walletId: holder.wallet_id,
    amountKobo: product.amountKobo,
  });
  const ledger = posting([reserve], now, sql<boolean>`EXISTS (SELECT 1 FROM created)`);
  const customer = verified ? verified.customer.name || verified.customer.username || null : null;
  const sessionRevoked = session
    ? sql`coalesce((SELECT revoked_at IS NOT NULL FROM sessions WHERE id = ${session.id}::bigint), true)`
    : sql`false`;
  const parts = billParts(order.service.key, product, order.beneficiary);
  const withinAllowance = withinCoolingOff(
    { ends_at: sql`standing.cooling_ends_at`, spent: sql`standing.cooling_spent` },
    product.amountKobo,
  );
  const { rows } = await sql<StoredTransaction & Standing>`
    WITH standing AS (
      SELECT ${sessionRevoked} AS revoked,
             (SELECT request_hash FROM idempotency_keys WHERE user_id = ${userId}::bigint AND key = ${key}) AS claimed,
             ${spentToday(userId, now)} AS spent,
             cooling.reason AS cooling_reason, cooling.ends_at AS cooling_ends_at, cooling.spent AS cooling_spent
      FROM (SELECT) AS one LEFT JOIN LATERAL ${coolingOffRow(userId, now)} AS cooling ON true
    ), claim AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, transaction_id, created_at)
      SELECT ${userId}::bigint, ${key}, ${hash}, nextval(pg_get_serial_sequence('transactions', 'id')),
             ${now}::timestamptz
      FROM standing
      WHERE NOT standing.revoked AND standing.claimed IS NULL
        AND standing.spent + ${product.amountKobo}::bigint <= ${rule.dailyLimitKobo}::bigint
        AND ${withinAllowance}
      ON CONFLICT (user_id, key) DO NOTHING
      RETURNING transaction_id
    ), created AS (
      INSERT INTO transactions (id, user_id, category, amount_kobo, status, reference, from_label, to_label,
                                description, bill_parts, display_name, display_value, customer_name,
                                created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT transaction_id, ${userId}::bigint, ${order.service.category}, ${product.amountKobo}::bigint,
             'processing', ${requestId}, ${WALLET_LABEL.message}, ${order.beneficiary},
             ${recordedBill(parts)}, ${storedBillParts(parts)}::jsonb,
             ${order.service.beneficiary.displayName}, ${order.beneficiary},
             ${customer}::text, ${now}::timestamptz, ${now}::timestamptz
      FROM claim
      RETURNING ${transactionColumns()}
    ), bill AS (
      INSERT INTO purchases (transaction_id, user_id, category, provider_id, package_id, beneficiary, biller,
                             request_id, next_requery_at, deadline_at)
      SELECT id, ${userId}::bigint, ${order.service.category}::text, ${product.providerId}::integer,
             ${product.packageId}::integer, ${order.beneficiary}::text,
             ${deps.biller.name}::text, ${requestId}::text, ${payGivenUpAt(deps, now)}::timestamptz,
             ${deadlineOf(now)}::timestamptz
      FROM created
    ), ${ledger.ctes}
    SELECT standing.revoked, standing.claimed, standing.spent,
           standing.cooling_reason, standing.cooling_ends_at, standing.cooling_spent, ${transactionColumns('created')}
    FROM standing LEFT JOIN created ON true`
    .execute(tx.db)
    .catch((error: unknown) => {
      throw ledgerError(error);
    });
  const { revoked, claimed, spent, cooling_reason, cooling_ends_at, cooling_spent, ...row } = rows[0];
  if (revoked) throw new AppError(401, AUTHORISATION_FAILED);
  const cooling =
    cooling_reason === null
      ? null
      : {
          reason: cooling_reason,
          ends_at: must(cooling_ends_at, COOLING_ROW),
          spent: must(cooling_spent, COOLING_ROW),
        };
  if (row.id === null)
    return notPlaced(tx, { userId, key, hash, claimed, spent, cooling, rule, amountKobo: product.amountKobo });
  const bill: Bill = {
    requestId,
    category: order.service.category,
    providerCode: product.providerCode,
    packageCode: product.packageCode,
    beneficiary: order.beneficiary,
    amountKobo: product.amountKobo,
    customerPhone: holder.phone,
  };
  return {
    kind: 'reserved',
    open: {
      row,
      biller: deps.biller.name,
      walletId: holder.wallet_id,
      email: holder.email,
      textTo: holder.phone_verified ? holder.phone : null,
      language: holder.language,
    },
    bill,
  };
}

/**
 * Why the statement placed nothing though the session is live: a copy claimed the key first, the
 * cooling-off's allowance, or the day's limit.
 */
async function notPlaced(
  tx: AppContext,
  why: {
    userId: bigint;
    key: string;
    hash: Buffer;
    claimed: Uint8Array | null;
    spent: bigint;
    cooling: CoolingOff | null;
    rule: TierRule;
    amountKobo: bigint;
  },
): Promise<Held> {
  if (why.claimed) {
    refuseOtherRequest(why.claimed, why.hash);
    return { kind: 'replay' };
  }
  refuseDuringCoolingOff(why.cooling, why.amountKobo);
  if (why.spent + why.amountKobo > why.rule.dailyLimitKobo)
    throw new DailyLimitError(dailyLimitMessage(why.rule, leftToday(why.rule, why.spent)));
  const claimed = must(await claimedHash(tx, why.userId, why.key), 'a key ON CONFLICT found claimed is committed');
  // Claimed by a copy that committed after this statement began (ON CONFLICT found it).
  refuseOtherRequest(claimed, why.hash);
  return { kind: 'replay' };
}
