import type { EnrolmentStatus } from '../../db/schema';
import { GatewayError } from '../../errors';
import type { BankCustomer, BankPartner, EnrolmentStep, IdentityProof } from '../../gateways/bankPartner';
import { cleanText } from '../../gateways/bankPartner';
import type { AppContext } from '../context';
import { customerReference, oneCallAtATime, storeAccounts } from '../funding/virtualAccounts';

/**
 * Identity first: a user's dedicated accounts are opened with each live partner at the moment a
 * BVN or NIN is verified (or typed again to be confirmed), the number going to the partner in
 * that request's memory only — it is never stored, logged, or given to a job. What each partner
 * answered is kept in partner_enrolments (025_identity_first_funding.sql):
 *
 * - the accounts (ready), stored with the name the partner gave them;
 * - an answer to come (waiting): Paystack validates a customer asynchronously and says so by
 *   webhook (handleCustomerEvent); the partner job carries a waiting enrolment on without the
 *   number (resumeEnrolment), backing off, in case the webhook is lost;
 * - a partner that could not be reached (needs-identity): without the number nothing can be
 *   done, so /funding asks the user to type it again;
 * - a refusal or a skip, with what the user can do about it.
 *
 * A partner that refuses or is down never fails the request that verified the identity: the
 * identity is recorded, and the partner's state says what is missing. Calls about one user and
 * one partner run one at a time (virtualAccounts.ts oneCallAtATime).
 */

/** A partner that hands out numbers at random may give one already someone else's: it is asked again, a few times. */
const ENROL_ROUNDS = 3;
/** Waiting enrolments are looked at again after 30 s, doubling up to an hour. */
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.min(attempts, 20), LONGEST_RETRY_MS);

async function customerOf(ctx: AppContext, userId: bigint): Promise<BankCustomer> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['name', 'email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { reference: customerReference(userId), name: user.name, email: user.email, phone: user.phone };
}

/**
 * Hands the verified identity to every partner, side by side; each one's answer (or failure) is
 * stored. Throws nothing a partner causes.
 */
export async function enrolWithPartners(
  ctx: AppContext,
  banks: readonly BankPartner[],
  userId: bigint,
  proof: IdentityProof,
): Promise<void> {
  const customer = await customerOf(ctx, userId);
  await Promise.all(banks.map((bank) => enrolWith(ctx, bank, userId, customer, proof)));
}

async function enrolWith(
  ctx: AppContext,
  bank: BankPartner,
  userId: bigint,
  customer: BankCustomer,
  proof: IdentityProof,
): Promise<void> {
  await attempt(ctx, bank, userId, async () => {
    for (let round = 1; ; round++) {
      const step = await bank.enrol(customer, proof);
      if (step.status !== 'ready' || (await storeAccounts(ctx, bank, userId, step.accounts)) || round >= ENROL_ROUNDS)
        return step;
    }
  });
}

/**
 * Carries a waiting enrolment on without the number (the partner job, a customer webhook):
 * answers the step now stored, or undefined when there was nothing to carry on.
 */
export async function resumeEnrolment(
  ctx: AppContext,
  bank: BankPartner,
  userId: bigint,
): Promise<EnrolmentStatus | undefined> {
  const customer = await customerOf(ctx, userId);
  return attempt(ctx, bank, userId, async () => {
    const row = await enrolmentOf(ctx, bank, userId);
    if (row?.status !== 'waiting') return undefined;
    const step = await bank.resume(customer, row.customer_code);
    if (step.status === 'ready') await storeAccounts(ctx, bank, userId, step.accounts);
    return step;
  });
}

/**
 * A partner's word on a customer (Paystack's customeridentification.* and
 * dedicatedaccount.assign.*), confirmed by asking the partner, once. The customer is found by the
 * partner's code, or — when the news overtakes the answer of the call that asked (Paystack
 * validates within moments of its 202) — by e-mail, and carried on once that call has stored it.
 */
export async function handleCustomerEvent(
  ctx: AppContext,
  bank: BankPartner,
  event: { customerCode: string; email: string | null; outcome: 'success' | 'failed'; reason: string | null },
): Promise<'unknown-customer' | EnrolmentStatus | undefined> {
  const byCode = await ctx.db
    .selectFrom('partner_enrolments')
    .select('user_id')
    .where('provider', '=', bank.provider)
    .where('customer_code', '=', event.customerCode)
    .executeTakeFirst();
  const byEmail =
    byCode || !event.email
      ? undefined
      : await ctx.db
          .selectFrom('users')
          .select('id as user_id')
          .where('email', '=', event.email.toLowerCase())
          .executeTakeFirst();
  const row = byCode ?? byEmail;
  if (!row) return 'unknown-customer';
  const status = await resumeEnrolment(ctx, bank, row.user_id);
  // Confirmed: the partner still has not validated the customer, and says it failed.
  if (status === 'waiting' && event.outcome === 'failed') {
    const reason =
      `${bank.displayName} could not confirm your BVN with that bank account ` +
      `(${cleanText(event.reason, 'no reason given', 150)}). Check the account is yours and in your name, ` +
      'then try again.';
    await save(ctx, bank, row.user_id, { status: 'refused', reason, customerCode: event.customerCode });
    return 'refused';
  }
  return status;
}

/**
 * One call to the partner and its outcome stored, one call per (user, partner) at a time. A
 * partner that cannot answer leaves a waiting enrolment waiting (backing off), and anything
 * else needing the number again. Answers the status stored, or undefined when `call` had
 * nothing to do.
 */
async function attempt(
  ctx: AppContext,
  bank: BankPartner,
  userId: bigint,
  call: () => Promise<EnrolmentStep | undefined>,
): Promise<EnrolmentStatus | undefined> {
  try {
    return await oneCallAtATime(ctx, bank, userId, async () => {
      let step: EnrolmentStep | undefined;
      try {
        step = await call();
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        const row = await enrolmentOf(ctx, bank, userId);
        step =
          row?.status === 'waiting' && row.customer_code
            ? { status: 'waiting', customerCode: row.customer_code }
            : { status: 'needs-identity', reason: error.message };
      }
      if (step) await save(ctx, bank, userId, step);
      return step?.status;
    });
  } catch (error) {
    // Another call about this user held the partner past the wait: its outcome stands.
    if (error instanceof GatewayError) return undefined;
    throw error;
  }
}

function enrolmentOf(ctx: AppContext, bank: BankPartner, userId: bigint) {
  return ctx.db
    .selectFrom('partner_enrolments')
    .select(['status', 'customer_code', 'attempts'])
    .where('user_id', '=', userId)
    .where('provider', '=', bank.provider)
    .executeTakeFirst();
}

/**
 * Stores a step: a waiting one counts an attempt and is due again after a growing delay. Accounts
 * once ready stay ready: a later identity the partner could not take (a NIN Paystack has no use
 * for, a second number Monnify refused) takes nothing away.
 */
async function save(ctx: AppContext, bank: BankPartner, userId: bigint, step: EnrolmentStep): Promise<void> {
  const now = ctx.clock.now();
  const previous = await enrolmentOf(ctx, bank, userId);
  if (previous?.status === 'ready' && step.status !== 'ready') return;
  const attempts = step.status === 'waiting' ? (previous?.status === 'waiting' ? previous.attempts + 1 : 0) : 0;
  const values = {
    status: step.status,
    customer_code: ('customerCode' in step ? step.customerCode : undefined) ?? previous?.customer_code ?? null,
    reason: 'reason' in step ? step.reason.slice(0, 300) : null,
    attempts,
    next_attempt_at: step.status === 'waiting' ? new Date(now.getTime() + retryDelayMs(attempts)) : null,
    updated_at: now,
  };
  await ctx.db
    .insertInto('partner_enrolments')
    .values({ user_id: userId, provider: bank.provider, created_at: now, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'provider']).doUpdateSet(values))
    .execute();
}

/** Where the user stands with each partner (null: never asked). */
export async function enrolmentsOf(ctx: AppContext, userId: bigint) {
  return ctx.db
    .selectFrom('partner_enrolments')
    .select(['provider', 'status', 'reason'])
    .where('user_id', '=', userId)
    .execute();
}

/** Waiting enrolments due again, oldest first: the partner job's work. */
export async function dueEnrolments(ctx: AppContext, limit: number) {
  return ctx.db
    .selectFrom('partner_enrolments')
    .select(['user_id', 'provider'])
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', ctx.clock.now())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}
