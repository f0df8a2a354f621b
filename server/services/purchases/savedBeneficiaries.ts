import type { Selectable } from 'kysely';
import { t } from '../../i18n';
import type { SavedBeneficiary } from '../../../core/contract';
import type { ServiceCategory } from '../../../core/services';
import type { SavedBeneficiariesTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppContext } from '../context';

/**
 * Numbers a user saved under a name, per service category. Recent beneficiaries
 * (recentBeneficiaries.ts) are what the user paid; these are what the user chose to keep.
 * Numbers arrive normalised by the service's beneficiary rule (the route applies it).
 */

/** A screen's list stays a list one scrolls through, not an address book. */
export const SAVED_BENEFICIARIES_MAX = 50;
export const BENEFICIARY_NOT_FOUND = /*i18n*/ { id: 'saved.refused.notFound', message: 'saved beneficiary not found' };
const tooManySaved = () =>
  t(
    /*i18n*/ {
      id: 'saved.refused.tooMany',
      message: 'you can save up to {max} numbers for a service; delete one you no longer use first',
    },
    { max: String(SAVED_BENEFICIARIES_MAX) },
  );
const PROVIDER_NOT_OF_SERVICE = /*i18n*/ {
  id: 'saved.refused.providerNotOfService',
  message: 'provider_id is not a provider of this service',
};

/** What a saved number answers with, by name (statements are prepared: never `*`). */
const SAVED_COLUMNS = ['id', 'category', 'beneficiary', 'name', 'provider_id'] as const;
type Row = Pick<Selectable<SavedBeneficiariesTable>, (typeof SAVED_COLUMNS)[number]>;

/** A provider no longer offered is answered as none: the screen asks the user to choose. */
function toSaved(row: Row & { provider_active: boolean | null }): SavedBeneficiary {
  return {
    id: Number(row.id),
    category: row.category,
    beneficiary: row.beneficiary,
    name: row.name,
    provider_id: row.provider_id !== null && row.provider_active ? row.provider_id : null,
  };
}

function selectSaved(ctx: AppContext) {
  return ctx.db
    .selectFrom('saved_beneficiaries as s')
    .leftJoin('providers as p', 'p.id', 's.provider_id')
    .select(SAVED_COLUMNS.map((column) => `s.${column}` as const))
    .select('p.active as provider_active');
}

/** The user's saved numbers of a category, by name. */
export async function listSavedBeneficiaries(
  ctx: AppContext,
  userId: bigint,
  category: ServiceCategory,
): Promise<SavedBeneficiary[]> {
  const rows = await selectSaved(ctx)
    .where('s.user_id', '=', userId)
    .where('s.category', '=', category)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  return rows.map(toSaved);
}

export interface SaveBeneficiary {
  category: ServiceCategory;
  beneficiary: string;
  name: string;
  providerId: number | null;
}

/** Saves a number under a name; saving a number already saved renames it (and keeps the provider given). */
export async function saveBeneficiary(
  ctx: AppContext,
  userId: bigint,
  save: SaveBeneficiary,
): Promise<SavedBeneficiary> {
  if (save.providerId !== null) {
    const provider = await ctx.db
      .selectFrom('providers')
      .select('id')
      .where('id', '=', save.providerId)
      .where('category', '=', save.category)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!provider) throw new AppError(422, t(PROVIDER_NOT_OF_SERVICE));
  }
  const now = ctx.clock.now();
  // The count and the insert race only with the user's own other tabs; one over the cap is harmless.
  const { count } = await ctx.db
    .selectFrom('saved_beneficiaries')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('user_id', '=', userId)
    .where('category', '=', save.category)
    .where('beneficiary', '<>', save.beneficiary)
    .executeTakeFirstOrThrow();
  if (BigInt(count) >= BigInt(SAVED_BENEFICIARIES_MAX)) throw new AppError(422, tooManySaved());
  const row = await ctx.db
    .insertInto('saved_beneficiaries')
    .values({
      user_id: userId,
      category: save.category,
      beneficiary: save.beneficiary,
      name: save.name,
      provider_id: save.providerId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'category', 'beneficiary'])
        .doUpdateSet({ name: save.name, provider_id: save.providerId, updated_at: now }),
    )
    .returning(SAVED_COLUMNS)
    .executeTakeFirstOrThrow();
  return toSaved({ ...row, provider_active: true });
}

/** Another user's saved number is answered exactly like a missing one. */
export async function renameBeneficiary(
  ctx: AppContext,
  userId: bigint,
  id: number,
  name: string,
): Promise<SavedBeneficiary> {
  const renamed = await ctx.db
    .updateTable('saved_beneficiaries')
    .set({ name, updated_at: ctx.clock.now() })
    .where('id', '=', BigInt(id))
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!renamed) throw new AppError(404, t(BENEFICIARY_NOT_FOUND));
  return toSaved(await selectSaved(ctx).where('s.id', '=', renamed.id).executeTakeFirstOrThrow());
}

export async function deleteBeneficiary(ctx: AppContext, userId: bigint, id: number): Promise<void> {
  const deleted = await ctx.db
    .deleteFrom('saved_beneficiaries')
    .where('id', '=', BigInt(id))
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw new AppError(404, t(BENEFICIARY_NOT_FOUND));
}
