import { sql } from 'kysely';
import type { RecentBeneficiary } from '../../../core/contract';
import { RECENT_BENEFICIARIES, type ServiceCategory } from '../../../core/services';
import type { AppContext } from '../context';

/**
 * The distinct beneficiaries the user bought this category for, most recently used first, with the
 * provider used last.
 */
export async function recentBeneficiaries(
  ctx: AppContext,
  userId: bigint,
  category: ServiceCategory,
): Promise<RecentBeneficiary[]> {
  const { rows } = await sql<{ beneficiary: string; provider_id: number; provider_name: string }>`
    SELECT r.beneficiary, r.provider_id, p.name AS provider_name
    FROM (
      SELECT DISTINCT ON (beneficiary) beneficiary, provider_id, transaction_id
      FROM purchases WHERE user_id = ${userId}::bigint AND category = ${category}
      ORDER BY beneficiary, transaction_id DESC
    ) r JOIN providers p ON p.id = r.provider_id
    ORDER BY r.transaction_id DESC
    LIMIT ${RECENT_BENEFICIARIES}`.execute(ctx.db);
  return rows.map((row) => ({
    beneficiary: row.beneficiary,
    provider_id: row.provider_id,
    provider_name: row.provider_name,
  }));
}
