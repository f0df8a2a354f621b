import { sql } from 'kysely';
import { t } from '../../i18n';
import type { MerchantDetails } from '../../../core/contract';
import type { Service } from '../../../core/services';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { lookUpCustomer } from './merchants';
import {
  assertBillerTakes,
  pauseColumns,
  pauseJoin,
  refuseWhilePaused,
  type PausedProduct,
  type PauseStanding,
} from './productPauses';
import type { PurchaseDeps } from './billerCalls';
import { PACKAGE_REQUIRED, packageNotAvailable, planPriceChanged, PROVIDER_NOT_AVAILABLE } from './wording';

/** What a purchase asks for, and the product of the catalogue it names. */

/**
 * What one purchase buys, normalised: read from a purchase call's body (its pin apart) or made for a
 * schedule's run.
 */
export interface PurchaseOrder {
  service: Service;
  providerId: number;
  /** Plan-priced services (the service table's `pricing`); null for amount-priced ones. */
  packageId: number | null;
  /** Normalised by the service's beneficiary rule (the service table). */
  beneficiary: string;
  /**
   * Amount-priced services only (and cable renewals, for the amount the biller verified): the
   * amount of a plan comes from the package, never the client.
   */
  amountKobo: bigint | null;
}

export interface Product {
  providerId: number;
  providerCode: string;
  providerName: string;
  packageId: number | null;
  packageCode: string | null;
  packageName: string | null;
  amountKobo: bigint;
}

/**
 * What a purchase reads before it is placed: the request hash its key was claimed for, if it was,
 * and its provider and plan.
 */
export interface Before extends PauseStanding {
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
export function beforePlacing(userId: bigint, key: string, order: PurchaseOrder) {
  return {
    columns: sql`(SELECT request_hash FROM idempotency_keys
                  WHERE user_id = ${userId}::bigint AND key = ${key}) AS claimed,
      p.id AS provider_id, p.code AS provider_code, p.name AS provider_name,
      pk.id AS package_id, pk.code AS package_code, pk.name AS package_name, pk.amount_kobo AS package_kobo,
      ${pauseColumns}`,
    joins: sql`LEFT JOIN providers p
        ON p.id = ${order.providerId}::integer AND p.category = ${order.service.category} AND p.active
      LEFT JOIN packages pk ON pk.id = ${order.packageId}::integer AND pk.provider_id = p.id AND pk.active
      ${pauseJoin}`,
  };
}

/** The product Before found, or the refusal (422) of one the catalogue does not sell. */
export async function productOf(ctx: AppContext, found: Before, order: PurchaseOrder): Promise<Product> {
  if (found.provider_id === null) throw new AppError(422, t(PROVIDER_NOT_AVAILABLE));
  const provider = {
    providerId: found.provider_id,
    providerCode: found.provider_code,
    providerName: found.provider_name,
  };
  if (order.packageId === null) {
    if (order.amountKobo === null) throw new AppError(422, t(PACKAGE_REQUIRED));
    return { ...provider, packageId: null, packageCode: null, packageName: null, amountKobo: order.amountKobo };
  }
  if (found.package_id === null) {
    const repriced = await replacedAtNewPrice(ctx, order.packageId, found.provider_id);
    throw new AppError(422, t(repriced ? planPriceChanged : packageNotAvailable));
  }
  return {
    ...provider,
    packageId: found.package_id,
    packageCode: found.package_code,
    packageName: found.package_name,
    amountKobo: found.package_kobo,
  };
}

/** Whether a plan no longer sold was replaced by one of the same code (the catalogue sync repriced it). */
async function replacedAtNewPrice(ctx: AppContext, packageId: number, providerId: number): Promise<boolean> {
  const replacement = await ctx.db
    .selectFrom('packages as old')
    .innerJoin('packages as current', (join) =>
      join.onRef('current.provider_id', '=', 'old.provider_id').onRef('current.code', '=', 'old.code'),
    )
    .select('current.id')
    .where('old.id', '=', packageId)
    .where('old.provider_id', '=', providerId)
    .where('current.active', '=', true)
    .executeTakeFirst();
  return replacement !== undefined;
}

/** The product as its pause's refusal and record name it. */
export const pausedProduct = (order: PurchaseOrder, product: Product): PausedProduct => ({
  service: order.service,
  providerId: product.providerId,
  providerName: product.providerName,
});

/**
 * A product whose number the biller verified, and who it found (the holder goes on the transaction
 * and its receipt).
 */
export interface Verified {
  product: Product;
  customer: MerchantDetails;
}

/**
 * For a service that verifies the number it bills before paying (electricity, betting, cable),
 * whatever the screen verified before its fields changed: the product, then the biller's
 * customer. Nobody under the number, or no answer from the biller, refuses the purchase before
 * any money is reserved. A key already claimed is answered as the hash of the request that
 * claimed it, and nothing is asked.
 */
export async function verifyBeforePaying(
  ctx: AppContext,
  deps: PurchaseDeps,
  userId: bigint,
  key: string,
  order: PurchaseOrder,
): Promise<Verified | { claimed: Uint8Array }> {
  const before = beforePlacing(userId, key, order);
  const found = (await sql<Before>`SELECT ${before.columns} FROM (SELECT 1) AS request ${before.joins}`.execute(ctx.db))
    .rows[0];
  if (found.claimed !== null) return { claimed: found.claimed };
  const product = await productOf(ctx, found, order);
  // A paused product, or a biller known to be down, refuses the purchase now, before the lookup.
  refuseWhilePaused(found, pausedProduct(order, product), ctx.clock.now());
  await assertBillerTakes(ctx, deps, order, userId);
  const customer = await lookUpCustomer(deps.biller, {
    category: order.service.category,
    providerCode: product.providerCode,
    beneficiary: order.beneficiary,
  });
  return { product, customer };
}
