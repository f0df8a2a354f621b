import { sql, type RawBuilder } from 'kysely';
import type { ProductPause } from '../../../core/contract';
import {
  PRODUCT_HEALTH_WINDOW_MS,
  PRODUCT_PAUSE_COOL_DOWN_MS,
  PRODUCT_PAUSE_FAILURE_SHARE,
  PRODUCT_PAUSE_MIN_CALLS,
  PRODUCT_PAUSE_MIN_CUSTOMERS,
  PRODUCT_PAUSE_STAFF_RETRY_AFTER_S,
} from '../../../core/limits';
import { productName, productPausedRefusal } from '../../../core/productPauses';
import type { ServiceDefinition } from '../../../core/services';
import { GatewayError, RetryLaterError } from '../../errors';
import { inTransaction, type AppContext } from '../context';
import { payGivenUpAt, type BillResult, type PurchaseDeps } from './billerCalls';

/**
 * A product (one provider of one service) whose biller keeps failing is paused before anyone
 * types a purchase of it, and resumes by itself once the biller delivers again
 * (050_product_pauses.sql; docs/operations.md, "Paused products").
 *
 * - Every pay call's outcome is written where every replica counts it. Over the last
 *   PRODUCT_HEALTH_WINDOW_MS, when at least PRODUCT_PAUSE_FAILURE_SHARE of at least
 *   PRODUCT_PAUSE_MIN_CALLS calls got no answer (or an unexplained failure), made for at least
 *   PRODUCT_PAUSE_MIN_CUSTOMERS different customers, the product is paused.
 * - Paused, every purchase of it is refused (503, Retry-After) before any money moves: a
 *   customer's, and a schedule's run. The catalogue poll carries the pause, so screens say so.
 * - After PRODUCT_PAUSE_COOL_DOWN_MS one purchase at a time goes through as a trial, under a
 *   lease as long as its pay call may take: delivered, the product resumes and its window starts
 *   afresh; unanswered, it is paused for another cool-down; answered otherwise, the next purchase
 *   is the trial.
 * - Staff may pause a product with a reason, and resume any pause (console/services/products.ts):
 *   a staff pause has no trial; it lasts until staff resume it.
 */

/** What the purchase statement reads of the product's pause beside its provider (product.ts beforePlacing). */
export interface PauseStanding {
  pause_cause: 'failing' | 'staff' | null;
  pause_retry_at: Date | null;
  pause_trial_until: Date | null;
}

/** The columns and join of PauseStanding, for a statement that joins providers as `p`. */
export const pauseColumns = sql`pp.cause AS pause_cause, pp.retry_at AS pause_retry_at,
  pp.trial_until AS pause_trial_until`;
export const pauseJoin = sql`LEFT JOIN product_pauses pp ON pp.provider_id = p.id`;

/** The product a purchase names, as its refusal and its record need it. */
export interface PausedProduct {
  service: Pick<ServiceDefinition, 'categoryLabel' | 'providerLabel'>;
  providerId: number;
  providerName: string;
}

/** The pause as the catalogue and a refusal tell it, at `now`; null while the product is sold. */
export function pauseAt(standing: PauseStanding, now: Date): ProductPause | null {
  if (standing.pause_cause === 'staff') return { cause: 'staff', back_at: null };
  if (standing.pause_cause === 'failing' && standing.pause_retry_at && standing.pause_retry_at > now)
    return { cause: 'failing', back_at: standing.pause_retry_at.toISOString() };
  return null;
}

function refusal(product: PausedProduct, pause: ProductPause, now: Date): RetryLaterError {
  const retryAfterS =
    pause.back_at === null ? PRODUCT_PAUSE_STAFF_RETRY_AFTER_S : (Date.parse(pause.back_at) - now.getTime()) / 1000;
  return new RetryLaterError(productPausedRefusal(product.service, product.providerName, pause), retryAfterS, {
    reason: 'product-paused',
    provider_id: product.providerId,
    paused: pause,
  });
}

/** Refuses a purchase of a product paused now; one whose trial is due is left to placing (admitProduct). */
export function refuseWhilePaused(standing: PauseStanding, product: PausedProduct, now: Date): void {
  const pause = pauseAt(standing, now);
  if (pause) throw refusal(product, pause, now);
}

/**
 * Whether a purchase of the product may go on, in the placing transaction, under the account's
 * lock: refused while paused; when a failing product's cool-down is over, this purchase takes the
 * trial (answers true) unless another purchase holds it. The claim commits, or rolls back, with
 * the purchase's placing.
 */
export async function admitProduct(
  tx: AppContext,
  deps: PurchaseDeps,
  standing: PauseStanding,
  product: PausedProduct,
): Promise<boolean> {
  const now = tx.clock.now();
  refuseWhilePaused(standing, product, now);
  if (standing.pause_cause === null) return false;
  const lease = payGivenUpAt(deps, now);
  const claimed = await tx.db
    .updateTable('product_pauses')
    .set({ trial_until: lease })
    .where('provider_id', '=', product.providerId)
    .where('cause', '=', 'failing')
    .where('retry_at', '<=', now)
    .where((eb) => eb.or([eb('trial_until', 'is', null), eb('trial_until', '<=', now)]))
    .returning('provider_id')
    .executeTakeFirst();
  if (claimed) return true;
  // Read again, after the claim's wait: another trial holds it, staff paused it, or it was resumed.
  const current = await tx.db
    .selectFrom('product_pauses')
    .select(['cause as pause_cause', 'retry_at as pause_retry_at', 'trial_until as pause_trial_until'])
    .where('provider_id', '=', product.providerId)
    .executeTakeFirst();
  if (!current) return false;
  const pause = pauseAt(current, now) ?? {
    cause: 'failing' as const,
    back_at: (current.pause_trial_until ?? lease).toISOString(),
  };
  throw refusal(product, pause, now);
}

/**
 * A purchase the biller refused before any call (its breaker open: `assertAvailable`) counts
 * against the product as an unanswered pay call: a biller that stopped answering must still trip
 * the pause, though its breaker spares it the calls. Made outside the refused purchase's
 * transaction, which rolled back.
 */
export async function countRefusedByBiller(
  ctx: AppContext,
  deps: PurchaseDeps,
  order: { service: PausedProduct['service'] & { category: string }; providerId: number },
  userId: bigint,
): Promise<void> {
  const provider = await ctx.db
    .selectFrom('providers')
    .select('name')
    .where('id', '=', order.providerId)
    .where('category', '=', order.service.category)
    .executeTakeFirst();
  if (!provider) return;
  const call = {
    product: { service: order.service, providerId: order.providerId, providerName: provider.name },
    userId,
    trial: false,
    outcome: { status: 'pending', unanswered: true } as const,
  };
  await recordPayCall(ctx, call);
  await judgePayCall(ctx, deps, call);
}

/** Asks the biller whether it takes purchases now; a refusal is counted (countRefusedByBiller) and thrown. */
export async function assertBillerTakes(
  ctx: AppContext,
  deps: PurchaseDeps,
  order: Parameters<typeof countRefusedByBiller>[2],
  userId: bigint,
): Promise<void> {
  try {
    deps.biller.assertAvailable?.();
  } catch (error) {
    if (error instanceof GatewayError) await countRefusedByBiller(ctx, deps, order, userId);
    throw error;
  }
}

/** At most this many expired rows are deleted by each row written: the table stays a window long. */
const PRUNED_PER_CALL = 10;

/** A purchase's pay call, as the product's health counts it. */
export interface PayCall {
  product: PausedProduct;
  userId: bigint;
  trial: boolean;
  outcome: BillResult;
}

/** A call the biller did not answer (or failed without a reason): what counts against the product. */
const unanswered = (outcome: BillResult) => outcome.status === 'pending' && outcome.unanswered === true;

/**
 * A pay call's row in the product's window, and the expired rows it prunes: CTEs for the caller's
 * statement (a purchase's settle writes them with the bill's final state, saving a statement).
 */
export function payCallCtes(ctx: AppContext, call: Omit<PayCall, 'trial'>): RawBuilder<unknown> {
  const now = ctx.clock.now();
  const providerId = call.product.providerId;
  return sql`expired_calls AS (
      SELECT id FROM product_pay_calls
      WHERE provider_id = ${providerId}::integer
        AND at < ${new Date(now.getTime() - PRODUCT_HEALTH_WINDOW_MS)}::timestamptz
      LIMIT ${PRUNED_PER_CALL} FOR UPDATE SKIP LOCKED
    ), pruned_calls AS (
      DELETE FROM product_pay_calls WHERE id IN (SELECT id FROM expired_calls)
    ), noted_call AS (
      INSERT INTO product_pay_calls (provider_id, user_id, at, failed)
      VALUES (${providerId}::integer, ${call.userId}::bigint, ${now}::timestamptz, ${unanswered(call.outcome)})
    )`;
}

/** Records a pay call in a statement of its own (a purchase left pending, or refused before its call). */
export async function recordPayCall(ctx: AppContext, call: Omit<PayCall, 'trial'>): Promise<void> {
  await sql`WITH ${payCallCtes(ctx, call)} SELECT 1`.execute(ctx.db);
}

/**
 * What a recorded pay call decides for its product, once the purchase has settled or stored its
 * answer: a trial's resumes the product or pauses it again; any other failure may trip the
 * threshold.
 */
export async function judgePayCall(ctx: AppContext, deps: PurchaseDeps, call: PayCall): Promise<void> {
  const providerId = call.product.providerId;
  if (call.trial) {
    if (call.outcome.status === 'delivered') await resumeAutomatically(ctx, deps, call.product);
    else await trialOver(ctx, providerId, unanswered(call.outcome));
  } else if (unanswered(call.outcome)) {
    await pauseIfFailing(ctx, deps, call.product);
  }
}

/**
 * A trial that did not deliver: another cool-down when it got no answer; any answer (a pending, a
 * decline, which the number typed may cause) leaves the next purchase to try.
 */
async function trialOver(ctx: AppContext, providerId: number, failed: boolean): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .updateTable('product_pauses')
    .set({ trial_until: null, ...(failed ? { retry_at: new Date(now.getTime() + PRODUCT_PAUSE_COOL_DOWN_MS) } : {}) })
    .where('provider_id', '=', providerId)
    .where('cause', '=', 'failing')
    .execute();
}

/** The window's figures of one product: its pay calls, those that failed, and for how many customers. */
export async function healthOf(ctx: AppContext, providerId: number) {
  const since = new Date(ctx.clock.now().getTime() - PRODUCT_HEALTH_WINDOW_MS);
  const { rows } = await sql<{ calls: number; failures: number; customers: number }>`
    SELECT count(*)::int AS calls, count(*) FILTER (WHERE failed)::int AS failures,
           count(DISTINCT user_id) FILTER (WHERE failed)::int AS customers
    FROM product_pay_calls WHERE provider_id = ${providerId}::integer AND at >= ${since}::timestamptz`.execute(ctx.db);
  return rows[0];
}

const failing = ({ calls, failures, customers }: { calls: number; failures: number; customers: number }) =>
  calls >= PRODUCT_PAUSE_MIN_CALLS &&
  customers >= PRODUCT_PAUSE_MIN_CUSTOMERS &&
  failures >= PRODUCT_PAUSE_FAILURE_SHARE * calls;

/** Pauses the product when its window is past the threshold; once, whichever replica sees it first. */
async function pauseIfFailing(ctx: AppContext, deps: PurchaseDeps, product: PausedProduct): Promise<void> {
  const figures = await healthOf(ctx, product.providerId);
  if (!failing(figures)) return;
  const now = ctx.clock.now();
  const retryAt = new Date(now.getTime() + PRODUCT_PAUSE_COOL_DOWN_MS);
  const note =
    `${figures.failures} of ${figures.calls} pay calls in ${PRODUCT_HEALTH_WINDOW_MS / 60_000} minutes ` +
    `got no answer, for ${figures.customers} customers`;
  await inTransaction(ctx, async (tx) => {
    const paused = await tx.db
      .insertInto('product_pauses')
      .values({ provider_id: product.providerId, cause: 'failing', paused_at: now, note, retry_at: retryAt })
      .onConflict((conflict) => conflict.column('provider_id').doNothing())
      .returning('provider_id')
      .executeTakeFirst();
    if (!paused) return;
    await deps.recordPause?.(tx, {
      action: 'product.pause',
      subject: productSubject(product),
      after: { cause: 'failing', reason: note, retry_at: retryAt.toISOString(), ...figures },
    });
  });
}

/** A trial delivered: the product is sold again, its window starting afresh. */
async function resumeAutomatically(ctx: AppContext, deps: PurchaseDeps, product: PausedProduct): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (tx) => {
    const resumed = await tx.db
      .deleteFrom('product_pauses')
      .where('provider_id', '=', product.providerId)
      .where('cause', '=', 'failing')
      .returning(['paused_at', 'note'])
      .executeTakeFirst();
    if (!resumed) return;
    await forgetWindow(tx, product.providerId, now);
    await deps.recordPause?.(tx, {
      action: 'product.resume',
      subject: productSubject(product),
      after: { cause: 'failing', reason: 'a trial purchase was delivered', paused_at: resumed.paused_at.toISOString() },
    });
  });
}

/** A resumed product is judged on the calls made from then on: the failures that paused it are forgotten. */
export async function forgetWindow(tx: AppContext, providerId: number, now: Date): Promise<void> {
  await tx.db.deleteFrom('product_pay_calls').where('provider_id', '=', providerId).where('at', '<=', now).execute();
}

/** How the audit names a product: "MTN Airtime (provider 1)". */
export const productSubject = (product: PausedProduct) =>
  `${productName(product.service, product.providerName)} (provider ${product.providerId})`;

/** How many products are paused now, by cause: the metric's figure (metrics.ts). */
export async function pausedProducts(db: AppContext['db']): Promise<{ failing: number; staff: number }> {
  const rows = await db
    .selectFrom('product_pauses')
    .select(['cause', sql<number>`count(*)::int`.as('count')])
    .groupBy('cause')
    .execute();
  const count = (cause: string) => rows.find((row) => row.cause === cause)?.count ?? 0;
  return { failing: count('failing'), staff: count('staff') };
}
