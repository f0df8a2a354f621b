import type { RecentBeneficiary } from '../../../core/contract';
import { RECENT_BENEFICIARIES } from '../../../core/services';

/**
 * The recent list after a purchase: its beneficiary moves to the front with the provider just used,
 * once, five at most.
 */
export function rememberBeneficiary(
  recent: readonly RecentBeneficiary[],
  paid: RecentBeneficiary,
): RecentBeneficiary[] {
  const beneficiary = paid.beneficiary.trim();
  if (!beneficiary) return [...recent];
  return [{ ...paid, beneficiary }, ...recent.filter((item) => item.beneficiary !== beneficiary)].slice(
    0,
    RECENT_BENEFICIARIES,
  );
}
