import type { ScheduleRunReason, Transaction } from '../../../core/contract';
import { AppError, GatewayError, RetryLaterError } from '../../errors';
import type { AppContext } from '../context';
import { InsufficientFundsError } from '../ledger/ledger';
import { DailyLimitError } from '../identity/tiers';
import { ACCOUNT_LOCKED } from '../account/credentialAlerts';
import { CUSTOMER_NOT_FOUND } from '../purchases/merchants';
import { PIN_LOCKED } from '../account/pins';
import type { PurchaseDeps } from '../purchases/billerCalls';
import { ABOVE_AUTHORISED } from '../purchases/authorisation';
import type { PurchaseOrder } from '../purchases/product';
import { purchase } from '../purchases/purchase';
import { KEY_IN_PROGRESS, packageNotAvailable, planPriceChanged, PROVIDER_NOT_AVAILABLE } from '../purchases/wording';
import { t } from '../../i18n';

/**
 * The one door of a scheduled run into the purchase path: the same purchase a user makes —
 * its own Idempotency-Key, the tier's daily limit, the ledger's reservation, settle or refund,
 * the receipt, the notification and the cashback — authorised by the schedule (the amount its
 * owner authorised with the pin) instead of a pin typed now. What the purchase answers, or why
 * it refused, is read here into what the run records.
 */

/**
 * The Idempotency-Key of a run's purchase. It holds spaces, which no client's key may
 * (routes/purchases.ts), so nobody can claim a run's key before the run does; whichever replica
 * makes the run, and however often it is taken over after a crash, the purchase is made once.
 */
export const runKey = (runId: bigint): string => `schedule run ${runId}`;

export type RunPurchase =
  /** A bill was placed: completed, processing with the biller, or failed and refunded (canceled). */
  | { kind: 'placed'; transaction: Transaction }
  /** Nothing was bought, and nothing moved in the ledger. */
  | { kind: 'refused'; reason: ScheduleRunReason; message: string };

/** Why the purchase path refused, as a run's reason; what is not a refusal (a bug, a database fault) is thrown on. */
function refusalOf(error: unknown): { reason: ScheduleRunReason; message: string } {
  if (!(error instanceof AppError)) throw error;
  // Another job run is placing this very run's purchase (taken over after its lease): it finishes it.
  // The refusals are in the language of the work that runs (the job's, or the owner's Retry now).
  if (error.message === t(KEY_IN_PROGRESS)) throw error;
  const reason = ((): ScheduleRunReason => {
    if (error instanceof InsufficientFundsError) return 'insufficient-balance';
    if (error instanceof DailyLimitError) return 'daily-limit';
    if (error.message === t(planPriceChanged) || error.message === t(ABOVE_AUTHORISED)) return 'price-changed';
    if (error.message === t(PROVIDER_NOT_AVAILABLE) || error.message === t(packageNotAvailable)) return 'not-available';
    if (error.message === t(CUSTOMER_NOT_FOUND)) return 'customer-not-found';
    if (error.message === t(PIN_LOCKED)) return 'pin-locked';
    if (error.message === t(ACCOUNT_LOCKED)) return 'account-locked';
    if (
      error instanceof RetryLaterError &&
      (error.data as { reason?: unknown } | undefined)?.reason === 'product-paused'
    )
      return 'product-paused';
    if (error instanceof GatewayError) return 'provider-unavailable';
    return 'refused';
  })();
  return { reason, message: error.message };
}

/**
 * Makes (or, for a run taken over, finds) the purchase of run `runId` for the schedule's owner,
 * bounded by `maxKobo`.
 */
export async function purchaseForRun(
  ctx: AppContext,
  deps: PurchaseDeps,
  run: { runId: bigint; userId: bigint; maxKobo: bigint },
  order: PurchaseOrder,
): Promise<RunPurchase> {
  try {
    const authorisation = { kind: 'schedule', userId: run.userId, maxKobo: run.maxKobo } as const;
    const response = await purchase(ctx, deps, authorisation, runKey(run.runId), order);
    // Every answer that placed a bill carries its transaction: delivered, processing, or refunded (502).
    if (response.body.data) return { kind: 'placed', transaction: response.body.data };
    return { kind: 'refused', reason: 'refused', message: response.body.message };
  } catch (error) {
    return { kind: 'refused', ...refusalOf(error) };
  }
}
