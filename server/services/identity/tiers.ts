import { sql, type RawBuilder } from 'kysely';
import type { Limits } from '../../../core/contract';
import { startOfLagosDay } from '../../../core/days';
import { formatNaira, koboToNaira } from '../../../core/money';
import { SERVICE_CATEGORIES } from '../../../core/services';
import { raiseLimitsHint, tierOf, type TierRule } from '../../../core/tiers';
import type { AppContext } from '../context';
import { addNotification } from '../notifications/notifications';

/**
 * The KYC tier limits (core/tiers.ts): purchases of one Africa/Lagos day may not pass the tier's
 * daily limit — refused before any money moves — and money arriving beyond the balance cap is
 * still credited (it has arrived), with a notification to upgrade. A wallet with no verified
 * identity gets no account numbers and no card top-up; a transfer that still reaches one of the
 * accounts it had before identity came first is credited too, and its owner asked to verify.
 */

/** The user's tier, from what an identity provider and an operator have verified. */
export async function tierOfUser(ctx: AppContext, userId: bigint): Promise<TierRule> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['bvn_verified_at', 'nin_verified_at', 'address_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return tierOf({
    bvn: user.bvn_verified_at !== null,
    nin: user.nin_verified_at !== null,
    addressVerified: user.address_verified_at !== null,
  });
}

/**
 * What the user's purchases took today (Lagos): every bill not refunded, processing ones
 * included. An expression, so that a purchase reads it in the statement that places it
 * (purchases/placing.ts), under the account lock.
 */
export function spentToday(userId: bigint | RawBuilder<bigint>, now: Date): RawBuilder<bigint> {
  return sql<bigint>`(SELECT coalesce(sum(t.amount_kobo), 0)::bigint FROM transactions t
    WHERE t.user_id = ${userId}::bigint AND t.status <> 'canceled'
      AND t.created_at >= ${startOfLagosDay(now)}::timestamptz
      AND t.category IN (${sql.join(SERVICE_CATEGORIES)}))`;
}

/** What the tier's daily limit leaves of a day on which `spent` was spent. */
export const leftToday = (rule: TierRule, spent: bigint) =>
  spent >= rule.dailyLimitKobo ? 0n : rule.dailyLimitKobo - spent;

/**
 * The limits get-user answers for a user of this tier who spent `spent` today (services/userData.ts
 * reads both in its one statement).
 */
export function limitsFrom(rule: TierRule, spent: bigint): Limits {
  return {
    tier: rule.tier,
    can_fund: rule.canFund,
    daily_limit: koboToNaira(rule.dailyLimitKobo),
    spent_today: koboToNaira(spent),
    left_today: koboToNaira(leftToday(rule, spent)),
    balance_cap: rule.balanceCapKobo === null ? null : koboToNaira(rule.balanceCapKobo),
  };
}

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

/** The refusal of a purchase beyond the day's limit: the limit, what is left today, how to raise it. */
export function dailyLimitMessage(rule: TierRule, leftKobo: bigint): string {
  const hint = raiseLimitsHint(rule.tier);
  return (
    `this purchase is above your daily limit: tier ${rule.tier} allows ${naira(rule.dailyLimitKobo)} ` +
    `a day and ${naira(leftKobo)} is left today.${hint ? ` ${hint}` : ''}`
  );
}

export const ABOVE_BALANCE_CAP = 'Wallet above your limit';
const VERIFY_TO_FUND = 'Verify your BVN or NIN';

/**
 * After a credit of the wallet: a balance beyond the tier's cap is kept (the money has arrived)
 * and the user is told how to raise the cap. Runs in the crediting transaction.
 */
export async function noticeBalanceCap(ctx: AppContext, userId: bigint, balanceKobo: bigint): Promise<void> {
  const rule = await tierOfUser(ctx, userId);
  if (rule.balanceCapKobo === null || balanceKobo <= rule.balanceCapKobo) return;
  if (!rule.canFund) {
    await addNotification(ctx, userId, {
      title: VERIFY_TO_FUND,
      content:
        `Money reached your wallet, which holds ${naira(balanceKobo)}. It is yours and stays in your ` +
        'wallet, but the CBN requires every funded wallet to be linked to a BVN or NIN. ' +
        `${raiseLimitsHint(rule.tier)}`,
    });
    return;
  }
  await addNotification(ctx, userId, {
    title: ABOVE_BALANCE_CAP,
    content:
      `Your wallet holds ${naira(balanceKobo)}, above the ${naira(rule.balanceCapKobo)} a tier ` +
      `${rule.tier} wallet may hold. The money is yours and stays in your wallet. ` +
      `${raiseLimitsHint(rule.tier)}`,
  });
}
