import type { MerchantDetails } from '../../../core/contract';
import { t } from '../../i18n';
import { nairaToKobo } from '../../../core/money';
import { SERVICES, type Service } from '../../../core/services';
import { AppError, must } from '../../errors';
import type { Biller } from '../../gateways/biller';
import type { AppContext } from '../context';
import { lookUpCustomer } from '../purchases/merchants';
import { packageNotAvailable, PACKAGE_REQUIRED, PROVIDER_NOT_AVAILABLE } from '../purchases/wording';

/** What a schedule buys and for how much, as the catalogue (and, for a renewal, the biller) has it now. */

export const NO_DUE_DATE = /*i18n*/ {
  id: 'schedule.refused.noDueDate',
  message: 'this provider does not tell us when the subscription is due: choose a monthly schedule instead',
};
export const RENEWAL_ONLY_FOR_CABLE = /*i18n*/ {
  id: 'schedule.refused.renewalCable',
  message: 'only a cable TV subscription can be renewed from its due date',
};

export interface Product {
  providerId: number;
  providerCode: string;
  providerName: string;
  /** Null for an amount, and for a cable renewal (the smartcard's current bouquet). */
  packageId: number | null;
  packageName: string | null;
  amountKobo: bigint;
}

/** The service (as the purchase path takes it) of a schedule's category. */
export function serviceOf(category: string): Service {
  const service = SERVICES.find((candidate) => candidate.category === category);
  if (!service) throw new Error(`no service sells ${category}`);
  return service;
}

export interface Wanted {
  service: Service;
  providerId: number;
  packageId: number | null;
  beneficiary: string;
  /** Amount-priced services only. */
  amountKobo: bigint | null;
  renewal: boolean;
}

/** A cable renewal's facts as the biller verifies them: the due date and what renewing costs. */
export interface Renewal {
  dueDate: string;
  amountKobo: bigint;
  details: MerchantDetails;
}

async function providerOf(ctx: AppContext, wanted: Wanted) {
  const provider = await ctx.db
    .selectFrom('providers')
    .select(['id', 'code', 'name'])
    .where('id', '=', wanted.providerId)
    .where('category', '=', wanted.service.category)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!provider) throw new AppError(422, t(PROVIDER_NOT_AVAILABLE));
  return provider;
}

/** A renewal's due date and amount, from the biller's verification of the smartcard (a renewable service's number). */
export async function verifyRenewal(
  biller: Biller,
  service: Service,
  providerCode: string,
  beneficiary: string,
): Promise<Renewal> {
  const details = await lookUpCustomer(biller, { category: service.category, providerCode, beneficiary });
  const amountKobo = details.renewal_amount === undefined ? null : nairaToKobo(String(details.renewal_amount));
  if (!details.due_date || amountKobo === null || amountKobo <= 0n) throw new AppError(422, t(NO_DUE_DATE));
  return { dueDate: details.due_date, amountKobo, details };
}

/**
 * The product a schedule asks for, priced now: the plan's price, the amount typed, or the
 * renewal amount the biller verifies (with the due date). A service that verifies its number
 * before paying has it verified here too, so a wrong meter is told when the schedule is made,
 * not at its first run.
 */
export async function priceProduct(
  ctx: AppContext,
  biller: Biller,
  wanted: Wanted,
): Promise<{ product: Product; renewal: Renewal | null }> {
  const provider = await providerOf(ctx, wanted);
  const base = { providerId: provider.id, providerCode: provider.code, providerName: provider.name };
  if (wanted.renewal) {
    if (!wanted.service.renewable) throw new AppError(422, t(RENEWAL_ONLY_FOR_CABLE));
    const renewal = await verifyRenewal(biller, wanted.service, provider.code, wanted.beneficiary);
    return { product: { ...base, packageId: null, packageName: null, amountKobo: renewal.amountKobo }, renewal };
  }
  if (wanted.service.verification?.beforePaying)
    await lookUpCustomer(biller, {
      category: wanted.service.category,
      providerCode: provider.code,
      beneficiary: wanted.beneficiary,
    });
  if (wanted.service.pricing.kind === 'amount') {
    const amountKobo = must(wanted.amountKobo, "an amount-priced service's form has its amount (formOf)");
    return { product: { ...base, packageId: null, packageName: null, amountKobo }, renewal: null };
  }
  if (wanted.packageId === null) throw new AppError(422, t(PACKAGE_REQUIRED));
  const plan = await ctx.db
    .selectFrom('packages')
    .select(['id', 'name', 'amount_kobo'])
    .where('id', '=', wanted.packageId)
    .where('provider_id', '=', provider.id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!plan) throw new AppError(422, t(packageNotAvailable));
  return {
    product: { ...base, packageId: plan.id, packageName: plan.name, amountKobo: plan.amount_kobo },
    renewal: null,
  };
}

/**
 * The plan a schedule bought, as the catalogue sells it now: the same package, or the one of the
 * same code that replaced it when the catalogue sync repriced it; null when it is no longer sold.
 */
export async function currentPlan(
  ctx: AppContext,
  packageId: number,
): Promise<{ id: number; name: string; amountKobo: bigint } | null> {
  const plan = await ctx.db
    .selectFrom('packages as chosen')
    .innerJoin('packages as current', (join) =>
      join.onRef('current.provider_id', '=', 'chosen.provider_id').onRef('current.code', '=', 'chosen.code'),
    )
    .select(['current.id', 'current.name', 'current.amount_kobo'])
    .where('chosen.id', '=', packageId)
    .where('current.active', '=', true)
    .executeTakeFirst();
  return plan ? { id: plan.id, name: plan.name, amountKobo: plan.amount_kobo } : null;
}
