import type { MerchantDetails } from '../../../core/contract';
import { t } from '../../i18n';
import { isServiceCategory, serviceOfCategory } from '../../../core/services';
import { AppError, GatewayError, PARTNER_RETRY_AFTER_S } from '../../errors';
import type { Biller, CustomerLookup } from '../../gateways/biller';
import type { AppContext } from '../context';
import { BENEFICIARY_INVALID, PROVIDER_NOT_AVAILABLE } from './wording';

const NO_VERIFICATION = /*i18n*/ {
  id: 'merchant.refused.notNeeded',
  message: 'this service does not need merchant verification',
};
export const CUSTOMER_NOT_FOUND = /*i18n*/ {
  id: 'purchase.refused.customer',
  message: 'we could not find a customer with that number',
};
export const BILLER_UNREACHABLE = /*i18n*/ {
  id: 'purchase.refused.billerDown',
  message: 'we could not reach the biller to verify this customer, please try again',
};

/**
 * Who the biller knows under a normalised number: 404 when nobody, a gateway error (503 with
 * Retry-After) when the biller cannot be reached. verify-merchant answers it, and a purchase of a service that
 * verifies before paying asks it for the number it bills, before any money is reserved.
 */
export async function lookUpCustomer(biller: Biller, lookup: CustomerLookup): Promise<MerchantDetails> {
  let details;
  try {
    details = await biller.verify(lookup);
  } catch (error) {
    // A biller's own refusal or outage message (betting not sold, "VTpass is not answering") is the clearer one.
    throw error instanceof AppError
      ? error
      : new GatewayError(t(BILLER_UNREACHABLE), { cause: error, retryAfterS: PARTNER_RETRY_AFTER_S });
  }
  if (!details) throw new AppError(404, t(CUSTOMER_NOT_FOUND));
  return details;
}

/**
 * Merchant verification: who the provider knows under the number typed, for the
 * services the service table verifies. `typed` is normalised by the service's beneficiary rule.
 */
export async function verifyMerchant(
  ctx: AppContext,
  biller: Biller,
  providerId: number,
  typed: string,
): Promise<MerchantDetails> {
  const provider = await ctx.db
    .selectFrom('providers')
    .select(['code', 'category'])
    .where('id', '=', providerId)
    .where('active', '=', true)
    .executeTakeFirst();
  const category = provider?.category;
  if (!provider || !isServiceCategory(category)) throw new AppError(422, t(PROVIDER_NOT_AVAILABLE));
  const service = serviceOfCategory(category);
  if (!service?.verification) throw new AppError(422, t(NO_VERIFICATION));
  const beneficiary = service.beneficiary.normalise(typed);
  if (beneficiary === null) throw new AppError(422, t(BENEFICIARY_INVALID[service.key]));
  return lookUpCustomer(biller, { category, providerCode: provider.code, beneficiary });
}
