/**
 * The CBN's tiered KYC for wallets: what each tier may spend in a day and hold, and what raises
 * a user to it. Since the CBN's circular of December 2023 every wallet must be linked to a BVN
 * or a NIN: without one a wallet cannot be funded at all (tier 0 here, which only lets a wallet
 * opened before that rule spend what it already holds). One of them gives tier 1, both tier 2;
 * tier 3 needs both and an address verified by an operator's recorded decision. The server
 * enforces these figures (server/services/identity/tiers.ts); the profile, the terms and the refusals
 * state them.
 */

export type Tier = 0 | 1 | 2 | 3;

export interface TierRule {
  tier: Tier;
  /** Purchases of one Africa/Lagos day, in kobo. */
  dailyLimitKobo: bigint;
  /** The most the wallet should hold, in kobo; null for no cap. */
  balanceCapKobo: bigint | null;
  /** Whether money may be added (account numbers, card top-ups). */
  canFund: boolean;
  /** How a user reaches it, in the words the profile and the terms use. */
  requirement: string;
}

const naira = (amount: number) => BigInt(amount) * 100n;

export const TIERS: readonly TierRule[] = [
  {
    tier: 0,
    dailyLimitKobo: naira(50_000),
    balanceCapKobo: 0n,
    canFund: false,
    requirement: 'no verified BVN or NIN: the wallet cannot be funded, and only money it already holds can be spent',
  },
  {
    tier: 1,
    dailyLimitKobo: naira(50_000),
    balanceCapKobo: naira(300_000),
    canFund: true,
    requirement: 'a verified BVN or NIN',
  },
  {
    tier: 2,
    dailyLimitKobo: naira(200_000),
    balanceCapKobo: naira(500_000),
    canFund: true,
    requirement: 'a verified BVN and NIN',
  },
  {
    tier: 3,
    dailyLimitKobo: naira(5_000_000),
    balanceCapKobo: null,
    canFund: true,
    requirement: 'a verified BVN and NIN, and an address our staff have verified',
  },
];

export interface VerifiedKyc {
  bvn: boolean;
  nin: boolean;
  /** An operator recorded that the user's address is verified (the tier 3 decision). */
  addressVerified?: boolean;
}

/** No identity: tier 0; one of BVN or NIN: tier 1; both: tier 2; both and a verified address: tier 3. */
export function tierOf(verified: VerifiedKyc): TierRule {
  const count = Number(verified.bvn) + Number(verified.nin);
  if (count === 2 && verified.addressVerified) return TIERS[3];
  return TIERS[count];
}

/** What raising the limits takes from this tier, as the refusals and notifications say it; '' at the top. */
export function raiseLimitsHint(tier: Tier): string {
  if (tier === 0)
    return (
      'Verify your BVN or NIN on your profile or on Fund Wallet: the CBN requires one ' +
      'before a wallet can be funded.'
    );
  if (tier === 1) return 'Verify both your BVN and NIN on your profile to raise your limits.';
  if (tier === 2) return 'Tier 3 also needs a verified address: contact support to have it checked.';
  return '';
}
