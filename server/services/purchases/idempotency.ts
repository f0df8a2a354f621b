import type { Envelope, Transaction } from '../../../core/contract';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { transactionById } from '../transactions';
import { payGivenUpAt, type PurchaseDeps } from './billerCalls';
import type { PurchaseRequest } from './placing';
import { KEY_IN_PROGRESS, KEY_REUSED, responseFor, type PurchaseResponse } from './wording';

/**
 * The Idempotency-Key of a purchase (security.md invariant 6): a user's key is claimed once,
 * for one request (its hash), and keeps the response that request answered, so a retry gets
 * the same answer and never buys twice.
 */

const REPLAY_POLL_MS = 20;

/**
 * A keyed hash of the normalised request, without the pin: the pin authorises a request, it is
 * not part of it. A copy with another pin is checked (and counted) like any pin, so comparing
 * answers of copies cannot test pins uncounted.
 */
export function requestHash(ctx: AppContext, request: PurchaseRequest): Buffer {
  const canonical = [request.service.category, request.providerId, request.packageId, request.beneficiary, request.amountKobo?.toString() ?? null];
  return ctx.hashToken(`purchase:${JSON.stringify(canonical)}`);
}

function refuseOtherRequest(storedHash: Uint8Array, hash: Buffer) {
  if (!Buffer.from(storedHash).equals(hash)) throw new AppError(409, KEY_REUSED);
}

/** Whether the key was claimed already (by this request: a different one is refused, 409). One read, no lock. */
export async function keyClaimed(ctx: AppContext, userId: bigint, key: string, hash: Buffer): Promise<boolean> {
  const previous = await ctx.db.selectFrom('idempotency_keys').select('request_hash').where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (previous) refuseOtherRequest(previous.request_hash, hash);
  return previous !== undefined;
}

/** Claims the key for this request, in the purchase's transaction; false when a copy of it holds the key (a replay). */
export async function claimKey(tx: AppContext, userId: bigint, key: string, hash: Buffer): Promise<boolean> {
  const claimed = await tx.db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash, created_at: tx.clock.now() })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return true;
  const existing = await tx.db.selectFrom('idempotency_keys').select('request_hash').where('user_id', '=', userId).where('key', '=', key).executeTakeFirstOrThrow();
  refuseOtherRequest(existing.request_hash, hash);
  return false;
}

export async function storeResponse(ctx: AppContext, userId: bigint, key: string, response: PurchaseResponse): Promise<void> {
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
export async function awaitResponse(ctx: AppContext, deps: PurchaseDeps, userId: bigint, key: string): Promise<PurchaseResponse> {
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
      throw new AppError(409, KEY_IN_PROGRESS);
    }
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}
