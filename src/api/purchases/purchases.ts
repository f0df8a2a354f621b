import type {
  AmountPurchaseRequest,
  Envelope,
  MerchantDetails,
  PinRefusal,
  PlanPurchaseRequest,
  PurchaseAnswer,
  PurchaseResult,
  RecentBeneficiariesRequest,
  RecentBeneficiary,
  VerifyMerchantRequest,
} from '../../../core/contract';
import type { ServiceCategory } from '../../../core/services';
import { call, callOk } from '../kit/http';

/**
 * Buys a service: POST /api/<category>. The envelope comes back for every answer (a
 * refund, a missing field, a pin the server refused with its reason in `data`): the flow reads
 * it. The Idempotency-Key names one purchase attempt: sending the same key again (after a
 * network failure, or with the right pin after a wrong one) never buys twice.
 * This body is the one request that carries the pin, which only the server checks.
 */
export const purchase = (
  category: ServiceCategory,
  body: AmountPurchaseRequest | PlanPurchaseRequest,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<PurchaseAnswer> =>
  call<PurchaseResult | PinRefusal>(`/api/${category}`, body, {
    signal,
    headers: { 'Idempotency-Key': idempotencyKey },
  }) as Promise<PurchaseAnswer>;

/** The holder of a meter, betting account or smartcard; rejects with the server's message when unknown. */
export const verifyMerchant = (
  request: VerifyMerchantRequest,
  signal?: AbortSignal,
): Promise<Envelope<MerchantDetails>> => callOk<MerchantDetails>('/api/verify-merchant', request, { signal });

/**
 * Up to five beneficiaries the user paid most recently in a category, newest first, each with the
 * provider used last.
 */
export const recentBeneficiaries = (category: string, signal?: AbortSignal): Promise<Envelope<RecentBeneficiary[]>> =>
  callOk<RecentBeneficiary[]>('/api/recent-beneficiaries', { category } satisfies RecentBeneficiariesRequest, {
    signal,
  });

/**
 * A fresh key for one purchase attempt: a version-4 UUID. crypto.randomUUID exists only on
 * secure origins; getRandomValues everywhere, so a phone testing over plain HTTP still works.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
