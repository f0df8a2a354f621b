import { sql } from 'kysely';
import type { Package, ProvidersByCategory } from '../../../core/contract';
import { koboToNaira } from '../../../core/money';
import { SERVICE_CATEGORIES } from '../../../core/services';
import type { AppContext } from '../context';

/** Active providers and their active packages, grouped by category, in display order. */
export async function providersByCategory(ctx: AppContext): Promise<ProvidersByCategory> {
  const [providers, packages] = await Promise.all([
    ctx.db
      .selectFrom('providers')
      .select(['id', 'category', 'name'])
      .where('active', '=', true)
      .orderBy('position')
      .orderBy('id')
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
  for (const provider of providers) {
    (grouped[provider.category] ??= []).push({
      id: provider.id,
      name: provider.name,
      packages: packagesOf.get(provider.id) ?? [],
    });
  }
  return grouped;
}

/**
 * The catalogue's version (018_catalog_version.sql): it moves with every change of providers or
 * packages, on any process. A query, read with the poll's session.
 */
export const catalogVersionQuery = () => sql<{ version: bigint }>`SELECT version FROM catalog_version`;
