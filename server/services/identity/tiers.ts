import { sql, type RawBuilder } from 'kysely';
import type { Limits } from '../../../core/contract';
import { startOfLagosDay } from '../../../core/days';
import { formatNaira, koboToNaira } from '../../../core/money';
import { SERVICE_CATEGORIES } from '../../../core/services';
import type { Locale } from '../../../core/i18n/locales';
import { tierOf, type TierRule } from '../../../core/tiers';
import { AppError } from '../../errors';
import { inLocale, t } from '../../i18n';
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
  return (await tierAndLanguage(ctx, userId)).rule;
}

/** The user's tier and language, read in one statement. */
async function tierAndLanguage(ctx: AppContext, userId: bigint): Promise<{ rule: TierRule; language: Locale }> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['bvn_verified_at', 'nin_verified_at', 'address_verified_at', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const rule = tierOf({
    bvn: user.bvn_verified_at !== null,
    nin: user.nin_verified_at !== null,
    addressVerified: user.address_verified_at !== null,
  });
  return { rule, language: user.language };
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

/**
 * What raising the limits takes from this tier, as the refusals and notifications say it, in the
 * current work's language; '' at the top. The English is core/tiers.ts's raiseLimitsHint.
 */
export function raiseLimitsHintSaid(tier: TierRule['tier']): string {
  if (tier === 0)
    return t(
      /*i18n*/ {
        id: 'tier.hint.verify',
        message:
          'Verify your BVN or NIN on your profile or on Fund Wallet: the CBN requires one before a wallet can be funded.',
      },
    );
  if (tier === 1)
    return t(
      /*i18n*/ { id: 'tier.hint.both', message: 'Verify both your BVN and NIN on your profile to raise your limits.' },
    );
  if (tier === 2)
    return t(
      /*i18n*/ {
        id: 'tier.hint.address',
        message: 'Tier 3 also needs a verified address: contact support to have it checked.',
      },
    );
  return '';
}

/** The title of the notification of a raised tier. */
export const tierUpgradedTitle = (tier: TierRule['tier']) =>
  t(/*i18n*/ { id: 'notice.tierUp.title', message: 'Upgraded to tier {tier}' }, { tier: String(tier) });

/**
 * The refusal of a purchase beyond the day's limit. A scheduled run tells it by its class, not its
 * words, which are the customer's language.
 */
export class DailyLimitError extends AppError {
  constructor(message: string) {
    super(403, message);
    this.name = 'DailyLimitError';
  }
}

/** The refusal of a purchase beyond the day's limit: the limit, what is left today, how to raise it. */
export function dailyLimitMessage(rule: TierRule, leftKobo: bigint): string {
  const hint = raiseLimitsHintSaid(rule.tier);
  const refusal = t(
    /*i18n*/ {
      id: 'tier.dailyLimit',
      message: 'this purchase is above your daily limit: tier {tier} allows {limit} a day and {left} is left today.',
    },
    { tier: String(rule.tier), limit: naira(rule.dailyLimitKobo), left: naira(leftKobo) },
  );
  return hint ? `${refusal} ${hint}` : refusal;
}

/**
 * After a credit of the wallet: a balance beyond the tier's cap is kept (the money has arrived)
 * and the user is told how to raise the cap, in their language (a partner's webhook or staff
 * credits it). Runs in the crediting transaction.
 */
export async function noticeBalanceCap(ctx: AppContext, userId: bigint, balanceKobo: bigint): Promise<void> {
  const { rule, language } = await tierAndLanguage(ctx, userId);
  const cap = rule.balanceCapKobo;
  if (cap === null || balanceKobo <= cap) return;
  const notification = inLocale(language, () =>
    rule.canFund
      ? {
          title: t(/*i18n*/ { id: 'notice.aboveCap.title', message: 'Wallet above your limit' }),
          content: `${t(
            /*i18n*/ {
              id: 'notice.aboveCap',
              message:
                'Your wallet holds {balance}, above the {cap} a tier {tier} wallet may hold. The money is yours and stays in your wallet.',
            },
            { balance: naira(balanceKobo), cap: naira(cap), tier: String(rule.tier) },
          )} ${raiseLimitsHintSaid(rule.tier)}`,
        }
      : {
          title: t(/*i18n*/ { id: 'notice.verifyToFund.title', message: 'Verify your BVN or NIN' }),
          content: `${t(
            /*i18n*/ {
              id: 'notice.verifyToFund',
              message:
                'Money reached your wallet, which holds {balance}. It is yours and stays in your wallet, but the CBN requires every funded wallet to be linked to a BVN or NIN.',
            },
            { balance: naira(balanceKobo) },
          )} ${raiseLimitsHintSaid(rule.tier)}`,
        },
  );
  await addNotification(ctx, userId, notification);
}
