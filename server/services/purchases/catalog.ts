import { sql } from 'kysely';
import type { Package, ProvidersByCategory } from '../../../core/contract';
import { koboToNaira } from '../../../core/money';
import { SERVICE_CATEGORIES } from '../../../core/services';
import type { AppContext } from '../context';
import { pauseAt } from './productPauses';

/** The catalogue as fetch-providers answers it, and until when that answer holds though nothing changes. */
export interface Catalogue {
  providers: ProvidersByCategory;
  /** The earliest end of a failing product's pause: from then its trial is open, and the answer changes. */
  changesAt: Date | null;
}

/**
 * Active providers and their active packages, grouped by category, in display order, each with
 * its pause (productPauses.ts) as it stands now.
 */
export async function providersByCategory(ctx: AppContext): Promise<Catalogue> {
  const now = ctx.clock.now();
  const [providers, packages] = await Promise.all([
    ctx.db
      .selectFrom('providers as p')
      .leftJoin('product_pauses as pp', 'pp.provider_id', 'p.id')
      .select([
        'p.id',
        'p.category',
        'p.name',
        'pp.cause as pause_cause',
        'pp.retry_at as pause_retry_at',
        'pp.trial_until as pause_trial_until',
      ])
      .where('p.active', '=', true)
      .orderBy('p.position')
      .orderBy('p.id')
      .execute(),
    ctx.db
      .selectFrom('packages')
      .select(['id', 'provider_id', 'name', 'amount_kobo'])
      .where('active', '=', true)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  const packagesOf = new Map<number, Package[]>();
  for (const { provider_id, id, name, amount_kobo } of packages) {
    const list = packagesOf.get(provider_id) ?? [];
    list.push({ id, name, amount: koboToNaira(amount_kobo) });
    packagesOf.set(provider_id, list);
  }
  // Every service's category is present, possibly empty, so the SPA can index any of them.
  const grouped: ProvidersByCategory = Object.fromEntries(SERVICE_CATEGORIES.map((category) => [category, []]));
  let changesAt: Date | null = null;
  for (const provider of providers) {
    const paused = pauseAt(provider, now);
    if (paused?.back_at && (changesAt === null || provider.pause_retry_at! < changesAt))
      changesAt = provider.pause_retry_at;
    (grouped[provider.category] ??= []).push({
      id: provider.id,
      name: provider.name,
      packages: packagesOf.get(provider.id) ?? [],
      paused,
    });
  }
  return { providers: grouped, changesAt };
}

/**
 * The catalogue's version (018_catalog_version.sql): it moves with every change of providers or
 * packages, on any process. A query, read with the poll's session.
 */
export const catalogVersionQuery = () => sql<{ version: bigint }>`SELECT version FROM catalog_version`;
