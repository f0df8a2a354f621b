import { sql } from 'kysely';
import type { ConsoleProduct } from '../../../core/console';
import { PRODUCT_HEALTH_WINDOW_MS } from '../../../core/limits';
import { serviceOfCategory } from '../../../core/services';
import { AppError, must } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { forgetWindow, productSubject, type PausedProduct } from '../../services/purchases/productPauses';
import { recordAudit, type Actor } from './audit';

/**
 * The products (providers of services) as staff see them on the Products page: each one's health
 * over the window and its pause, if any; pausing one with a reason and resuming one, each in the
 * audit with what it was before. A staff pause replaces an automatic one (no trial then) and lasts
 * until staff resume it; a resume ends either kind, and the product's window starts afresh.
 */

export const PRODUCT_NOT_FOUND = 'no such product: it may have been withdrawn from the catalogue';
export const ALREADY_PAUSED = 'this product is already paused by staff: resume it first to pause it again';
export const NOT_PAUSED = 'this product is not paused: nothing to resume';

/** Every product sold, in the catalogue's order, with its window's figures and its pause. */
export async function productList(ctx: AppContext): Promise<ConsoleProduct[]> {
  const since = new Date(ctx.clock.now().getTime() - PRODUCT_HEALTH_WINDOW_MS);
  const { rows } = await sql<{
    id: number;
    category: string;
    name: string;
    calls: number;
    failures: number;
    customers: number;
    cause: 'failing' | 'staff' | null;
    paused_at: Date | null;
    by: string | null;
    note: string | null;
    retry_at: Date | null;
  }>`
    SELECT p.id, p.category, p.name, coalesce(c.calls, 0) AS calls, coalesce(c.failures, 0) AS failures,
           coalesce(c.customers, 0) AS customers, pp.cause, pp.paused_at, s.email AS by, pp.note, pp.retry_at
    FROM providers p
    LEFT JOIN product_pauses pp ON pp.provider_id = p.id
    LEFT JOIN staff s ON s.id = pp.staff_id
    LEFT JOIN (
      SELECT provider_id, count(*)::int AS calls, count(*) FILTER (WHERE failed)::int AS failures,
             count(DISTINCT user_id) FILTER (WHERE failed)::int AS customers
      FROM product_pay_calls WHERE at >= ${since}::timestamptz GROUP BY provider_id
    ) c ON c.provider_id = p.id
    WHERE p.active
    ORDER BY p.category, p.position, p.id`.execute(ctx.db);
  return rows.map((row) => ({
    provider_id: row.id,
    category: row.category,
    provider: row.name,
    health: { calls: row.calls, failures: row.failures, customers: row.customers },
    pause:
      row.cause === null
        ? null
        : {
            cause: row.cause,
            paused_at: must(row.paused_at, 'a pause has its time').toISOString(),
            by: row.by,
            note: must(row.note, 'a pause has its note'),
            retry_at: row.retry_at?.toISOString() ?? null,
          },
  }));
}

/** The product, its pause locked (or none), in the caller's transaction. */
async function lockedProduct(tx: AppContext, providerId: number) {
  const { rows } = await sql<{ category: string; name: string; cause: string | null; note: string | null }>`
    SELECT p.category, p.name, pp.cause, pp.note
    FROM providers p LEFT JOIN product_pauses pp ON pp.provider_id = p.id
    WHERE p.id = ${providerId}::integer AND p.active
    FOR UPDATE OF p`.execute(tx.db);
  const row = rows[0];
  const service = row && serviceOfCategory(row.category);
  if (!row || !service) throw new AppError(404, PRODUCT_NOT_FOUND);
  const product: PausedProduct = { service, providerId, providerName: row.name };
  return { product, pause: row.cause === null ? null : { cause: row.cause, note: row.note } };
}

/** Pauses a product until staff resume it, with the reason staff gave. */
export async function pauseProduct(
  ctx: AppContext,
  actor: Actor & { staffId: bigint },
  providerId: number,
  reason: string,
): Promise<ConsoleProduct> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const { product, pause } = await lockedProduct(tx, providerId);
    if (pause?.cause === 'staff') throw new AppError(409, ALREADY_PAUSED);
    const paused = { cause: 'staff', paused_at: now, staff_id: actor.staffId, note: reason, retry_at: null } as const;
    await tx.db
      .insertInto('product_pauses')
      .values({ provider_id: providerId, ...paused, trial_until: null })
      .onConflict((conflict) => conflict.column('provider_id').doUpdateSet({ ...paused, trial_until: null }))
      .execute();
    await recordAudit(tx, actor, {
      action: 'product.pause',
      subject: productSubject(product),
      before: pause,
      after: { cause: 'staff', reason },
    });
    return productOf(tx, providerId);
  });
}

/** Resumes a paused product (either kind), with a note of why it may be sold again. */
export async function resumeProduct(
  ctx: AppContext,
  actor: Actor,
  providerId: number,
  note: string,
): Promise<ConsoleProduct> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const { product, pause } = await lockedProduct(tx, providerId);
    if (!pause) throw new AppError(409, NOT_PAUSED);
    await tx.db.deleteFrom('product_pauses').where('provider_id', '=', providerId).execute();
    await forgetWindow(tx, providerId, now);
    await recordAudit(tx, actor, {
      action: 'product.resume',
      subject: productSubject(product),
      before: pause,
      after: { reason: note },
    });
    return productOf(tx, providerId);
  });
}

const productOf = async (tx: AppContext, providerId: number): Promise<ConsoleProduct> =>
  must(
    (await productList(tx)).find((row) => row.provider_id === providerId),
    'a product locked in this transaction is listed by it',
  );
