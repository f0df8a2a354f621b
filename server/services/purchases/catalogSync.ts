import { sql } from 'kysely';
import type { PlanSource, SourcePlan } from '../../gateways/planSource';
import { inTransaction, type AppContext } from '../context';

/**
 * The catalogue from the biller: each provider the biller sells stays shown, the
 * others are hidden; each plan-priced provider's plans become exactly the biller's list, at our
 * price (the biller's plus the margin).
 *
 * Never sold at a stale price: a plan whose price changed is replaced — the old row hidden, a new
 * row added (migration 010) — so a purchase naming the old row is refused (PLAN_PRICE_CHANGED)
 * instead of charging an amount the customer was not shown; a plan the biller no longer lists is
 * hidden. A provider whose list cannot be read keeps its plans as they were and is reported:
 * the next run tries again.
 *
 * Each provider is synced in its own transaction under its row lock, so two replicas syncing at
 * once apply one list after the other.
 */

export interface CatalogSyncOptions {
  /** Our margin on the biller's price, in percent. */
  marginPercent: number;
}

export interface CatalogSyncReport {
  /** Plans added, a changed price's replacement included. */
  added: number;
  /** Plans whose price changed (each also counts in `added` and `hidden`). */
  repriced: number;
  /** Plans hidden: gone from the biller's list or replaced at a new price. */
  hidden: number;
  providersShown: number;
  providersHidden: number;
  /** Providers whose list could not be read, with why. */
  failed: { provider: string; error: string }[];
}

/** Our price: the biller's plus the margin, rounded up to the kobo. */
export function priceWithMargin(amountKobo: bigint, marginPercent: number): bigint {
  const basisPoints = BigInt(Math.round(marginPercent * 100));
  return (amountKobo * (10_000n + basisPoints) + 9_999n) / 10_000n;
}

export async function syncCatalog(
  ctx: AppContext,
  source: PlanSource,
  options: CatalogSyncOptions,
): Promise<CatalogSyncReport> {
  const report: CatalogSyncReport = {
    added: 0,
    repriced: 0,
    hidden: 0,
    providersShown: 0,
    providersHidden: 0,
    failed: [],
  };
  const providers = await ctx.db.selectFrom('providers').select(['id', 'code']).orderBy('id').execute();
  for (const provider of providers) {
    let plans: SourcePlan[] | null = null;
    const sold = source.sells(provider.code);
    if (sold) {
      try {
        plans = await source.plans(provider.code);
      } catch (error) {
        report.failed.push({ provider: provider.code, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    await inTransaction(ctx, async (tx) => {
      const { rows } = await sql<{
        active: boolean;
      }>`SELECT active FROM providers WHERE id = ${provider.id} FOR UPDATE`.execute(tx.db);
      const shown = sold && (plans === null || plans.length > 0);
      if (rows[0].active !== shown) {
        await tx.db.updateTable('providers').set({ active: shown }).where('id', '=', provider.id).execute();
        report[shown ? 'providersShown' : 'providersHidden'] += 1;
      }
      // Sold by amount: no plans to sync. Not sold: hidden above; its plans go with it.
      if (plans !== null) await syncPlans(tx, provider.id, plans, options, report);
    });
  }
  return report;
}

async function syncPlans(
  tx: AppContext,
  providerId: number,
  plans: SourcePlan[],
  { marginPercent }: CatalogSyncOptions,
  report: CatalogSyncReport,
) {
  const active = await tx.db
    .selectFrom('packages')
    .select(['id', 'code', 'name', 'amount_kobo', 'position'])
    .where('provider_id', '=', providerId)
    .where('active', '=', true)
    .execute();
  const byCode = new Map(active.map((row) => [row.code, row]));
  const listed = new Set(plans.map((plan) => plan.code));

  const hide = async (id: number) => {
    await tx.db.updateTable('packages').set({ active: false }).where('id', '=', id).execute();
    report.hidden += 1;
  };
  for (const row of active) if (!listed.has(row.code)) await hide(row.id);

  for (const [index, plan] of plans.entries()) {
    const price = priceWithMargin(plan.amountKobo, marginPercent);
    const position = index + 1;
    const current = byCode.get(plan.code);
    if (current && current.amount_kobo === price) {
      if (current.name !== plan.name || current.position !== position) {
        await tx.db.updateTable('packages').set({ name: plan.name, position }).where('id', '=', current.id).execute();
      }
      continue;
    }
    if (current) {
      await hide(current.id);
      report.repriced += 1;
    }
    await sellPlan(tx, providerId, { code: plan.code, name: plan.name, position }, price);
    report.added += 1;
  }
}

/** Shows the plan at `price` (its active row, if any, already hidden); answers the row now sold. */
async function sellPlan(
  tx: AppContext,
  providerId: number,
  plan: { code: string; name: string; position: number },
  price: bigint,
): Promise<number> {
  // A plan back at a price it was once sold at takes its old row again.
  const earlier = await tx.db
    .selectFrom('packages')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('code', '=', plan.code)
    .where('amount_kobo', '=', price)
    .where('active', '=', false)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (earlier) {
    await tx.db
      .updateTable('packages')
      .set({ active: true, name: plan.name, position: plan.position })
      .where('id', '=', earlier.id)
      .execute();
    return earlier.id;
  }
  const added = await tx.db
    .insertInto('packages')
    .values({ provider_id: providerId, code: plan.code, name: plan.name, amount_kobo: price, position: plan.position })
    .returning('id')
    .executeTakeFirstOrThrow();
  return added.id;
}

/**
 * One plan sold at another price from now, replaced as the sync replaces a plan the biller
 * repriced, under its provider's lock: development's way to reprice a plan of the simulated
 * biller, which publishes no list (a schedule paused for its price can then be shown). Answers
 * the row now sold; null when no plan of that id is sold.
 */
export async function repricePlan(ctx: AppContext, packageId: number, price: bigint): Promise<number | null> {
  return inTransaction(ctx, async (tx) => {
    const sold = () =>
      tx.db
        .selectFrom('packages')
        .select(['id', 'provider_id', 'code', 'name', 'amount_kobo', 'position'])
        .where('id', '=', packageId)
        .where('active', '=', true)
        .executeTakeFirst();
    const seen = await sold();
    if (!seen) return null;
    await sql`SELECT 1 FROM providers WHERE id = ${seen.provider_id} FOR UPDATE`.execute(tx.db);
    // Read again under the lock: a sync may have replaced it meanwhile.
    const plan = await sold();
    if (!plan) return null;
    if (plan.amount_kobo === price) return plan.id;
    await tx.db.updateTable('packages').set({ active: false }).where('id', '=', plan.id).execute();
    return sellPlan(tx, plan.provider_id, plan, price);
  });
}
