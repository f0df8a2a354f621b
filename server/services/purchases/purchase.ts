import * as messages from '../../../core/messages';
import { GatewayError } from '../../errors';
import { inTransaction, type AppContext } from '../context';
import { PASSKEY_REFUSED } from '../account/passkeyCeremonies';
import { refusePin } from '../account/pins';
import { transactionById } from '../records/transactions';
import { buyerOf, type Authorisation } from './authorisation';
import { askBiller, type PurchaseDeps } from './billerCalls';
import { awaitResponse, refuseOtherRequest, requestHash, storeResponse } from './idempotency';
import { placeBill } from './placing';
import { verifyBeforePaying, type PurchaseOrder } from './product';
import { countRefusedByBiller, judgePayCall, payCallCtes, recordPayCall, type PayCall } from './productPauses';
import { finalise, type OpenBill } from './settling';
import { responseFor, type PurchaseResponse } from './wording';
import { t } from '../../i18n';

/**
 * Buys one bill for the user who authorised it (authorisation.ts: the pin typed now, or a
 * schedule's bound), at most once per Idempotency-Key, and answers the response it stores under
 * the key: 200 delivered or processing, 502 failed and refunded. A copy of a placed request
 * answers the stored response once its own pin checks out.
 *
 * 1. A service that verifies the number before paying (electricity, betting, cable) asks the
 *    biller who holds it (product.ts): nobody, or no answer, refuses the purchase first.
 * 2. The bill is placed and its amount held in one database transaction (placing.ts).
 * 3. The biller is called outside any transaction.
 * 4. Delivered or failed: the bill is settled or refunded at once, with the response stored, in
 *    one statement (settling.ts). Pending or no answer: it stays processing for the requery job
 *    (requery.ts), never refunded before a requery says it failed.
 *
 * Throws AppError for what executes nothing: 409 key reused, 400 wrong pin (counted), 401 wrong
 * pin once the count had reached the maximum (every session ended, the user e-mailed), 401 when
 * the session ended while the request waited, 423 pin locked, 403 no pin set or above the day's
 * limit, 400 insufficient balance, 422 provider or plan not available, 503 (Retry-After) the
 * product paused (productPauses.ts), 404 or 502 from the verification; for a schedule's run, 409
 * above the amount its owner authorised.
 */
/** A refused passkey is counted as a wrong pin is, and says what was refused. */
export const refusedWith = (authorisation: Authorisation) =>
  authorisation.kind === 'passkey' ? PASSKEY_REFUSED : t(messages.pinNotCorrect);

export async function purchase(
  ctx: AppContext,
  deps: PurchaseDeps,
  authorisation: Authorisation,
  key: string,
  order: PurchaseOrder,
): Promise<PurchaseResponse> {
  const userId = buyerOf(authorisation);
  const hash = requestHash(ctx, order);
  const verifiesFirst = order.service.verification?.beforePaying;
  const checked = verifiesFirst ? await verifyBeforePaying(ctx, deps, userId, key, order) : null;
  // A key claimed already: by this same request (placing answers the copy), or another one (409).
  if (checked && 'claimed' in checked) refuseOtherRequest(checked.claimed, hash);
  const verified = checked && 'product' in checked ? checked : null;

  const placed = await inTransaction(ctx, (tx) =>
    placeBill(tx, deps, { authorisation, key, hash, order, verified }),
  ).catch(async (error: unknown) => {
    // Placing calls no biller: its one gateway refusal is the biller's own (its breaker open).
    if (error instanceof GatewayError) await countRefusedByBiller(ctx, deps, order, userId);
    throw error;
  });
  // The wrong pin's count (or logout) is committed: now it may be answered.
  if (placed.kind === 'wrong-pin') throw refusePin(ctx, placed.wrong, refusedWith(authorisation));
  if (placed.kind === 'replay') return awaitResponse(ctx, deps, userId, key);

  const outcome = await askBiller(deps, () => deps.biller.pay(placed.bill));
  const call = { product: placed.product, userId, trial: placed.trial, outcome };
  const response = await answerOf(ctx, placed.open, call, key);
  // Once the answer is stored: whatever happens here, a copy of the request is answered the same.
  await judgePayCall(ctx, deps, call);
  return response;
}

/**
 * Delivered or failed: settled or refunded with its response stored under the key, and its pay
 * call written for the product's health, by the settle's one statement (which runs for a bill just
 * placed, processing, whether or not it wins the race with a requery). Pending, or final already (a
 * requery on another replica won): answered as it stands, and stored; a pending one's pay call then
 * on its own.
 */
async function answerOf(ctx: AppContext, open: OpenBill, call: PayCall, key: string): Promise<PurchaseResponse> {
  const { outcome } = call;
  if (outcome.status !== 'pending') {
    const settled = await finalise(ctx, open, outcome, { key, also: payCallCtes(ctx, call) });
    if (settled) return responseFor(settled);
  }
  const response = responseFor(await transactionById(ctx, open.row.id));
  await storeResponse(ctx, open.row.user_id, key, response);
  if (outcome.status === 'pending') await recordPayCall(ctx, call);
  return response;
}
