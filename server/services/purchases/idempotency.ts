import type { Envelope, Transaction } from '../../../core/contract';
import { t } from '../../i18n';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { transactionById } from '../records/transactions';
import { payGivenUpAt, type PurchaseDeps } from './billerCalls';
import type { PurchaseOrder } from './product';
import { KEY_IN_PROGRESS, KEY_REUSED, responseFor, type PurchaseResponse } from './wording';

/**
 * The Idempotency-Key of a purchase, so a purchase executes once: a user's key is claimed once,
 * for one request (its hash), and keeps the response that request answered, so a retry gets
 * the same answer and never buys twice.
 */

const REPLAY_POLL_MS = 20;

/**
 * A keyed hash of the normalised request, without the pin: the pin authorises a request, it is
 * not part of it. A copy with another pin is checked (and counted) like any pin, so comparing
 * answers of copies cannot test pins uncounted.
 */
export function requestHash(ctx: AppContext, order: PurchaseOrder): Buffer {
  const { service, providerId, packageId, beneficiary, amountKobo } = order;
  const canonical = [service.category, providerId, packageId, beneficiary, amountKobo?.toString() ?? null];
  return ctx.hashToken(`purchase:${JSON.stringify(canonical)}`);
}

/**
 * A key already claimed: by this very request (a copy of it, answered once its own pin checks out),
 * or by another one (409).
 */
export function refuseOtherRequest(storedHash: Uint8Array, hash: Buffer) {
  if (!Buffer.from(storedHash).equals(hash)) throw new AppError(409, t(KEY_REUSED));
}

/** The hash of the request that claimed the key, if one did (placing.ts claims it with the bill). */
export async function claimedHash(ctx: AppContext, userId: bigint, key: string): Promise<Uint8Array | undefined> {
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .select('request_hash')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.request_hash;
}

export async function storeResponse(
  ctx: AppContext,
  userId: bigint,
  key: string,
  response: PurchaseResponse,
): Promise<void> {
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ response_status: response.status, response_body: JSON.stringify(response.body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/**
 * A copy of a request that another one executes (or executed), whose pin has checked out: its
 * stored response, once there is one. If the first never stored one (it crashed after reserving), the bill's
 * current state answers; the requery job settles it.
 */
export async function awaitResponse(
  ctx: AppContext,
  deps: PurchaseDeps,
  userId: bigint,
  key: string,
): Promise<PurchaseResponse> {
  const deadline = payGivenUpAt(deps, new Date()).getTime();
  for (;;) {
    const row = await ctx.db
      .selectFrom('idempotency_keys')
      .select(['response_status', 'response_body', 'transaction_id'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row?.response_status != null && row.response_body != null) {
      return { status: row.response_status, body: JSON.parse(row.response_body) as Envelope<Transaction> };
    }
    if (Date.now() >= deadline) {
      if (row?.transaction_id) return responseFor(await transactionById(ctx, row.transaction_id));
      throw new AppError(409, t(KEY_IN_PROGRESS));
    }
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}
