/**
 * The CBN's tiered KYC for wallets (reference/domain.md): what each tier may spend in a day and
 * hold, and what raises a user to it. The server enforces these figures (server/services/tiers.ts);
 * the profile and the terms state them.
 */

export type Tier = 1 | 2 | 3;

export interface TierRule {
  tier: Tier;
  /** Purchases of one Africa/Lagos day, in kobo. */
  dailyLimitKobo: bigint;
  /** The most the wallet should hold, in kobo; null for no cap. */
  balanceCapKobo: bigint | null;
  /** How a user reaches it, in the words the profile uses. */
  requirement: string;
}

const naira = (amount: number) => BigInt(amount) * 100n;

export const TIERS: readonly TierRule[] = [
  { tier: 1, dailyLimitKobo: naira(50_000), balanceCapKobo: naira(300_000), requirement: 'every account' },
  { tier: 2, dailyLimitKobo: naira(200_000), balanceCapKobo: naira(500_000), requirement: 'a verified BVN or NIN' },
  { tier: 3, dailyLimitKobo: naira(5_000_000), balanceCapKobo: null, requirement: 'a verified BVN and NIN' },
];

/** One verified identity number (BVN or NIN) gives tier 2, both give tier 3. */
export function tierOf(verified: { bvn: boolean; nin: boolean }): TierRule {
  const count = Number(verified.bvn) + Number(verified.nin);
  return TIERS[count];
}

/** What raising the limits takes from this tier, as the refusals and notifications say it; '' at the top. */
export function raiseLimitsHint(tier: Tier): string {
  if (tier === 1) return 'Verify your BVN or NIN on your profile to raise your limits.';
  if (tier === 2) return 'Verify both your BVN and NIN on your profile to raise your limits.';
  return '';
}
