import type { BankPartner, IdentityProof } from '../../gateways/bankPartner';
import type { IdentityGateway } from '../../gateways/identity';
import { inTransaction, type AppContext } from '../context';
import { enrolWithPartners } from './enrolment';
import { confirmOwnIdentity, recordIdentities, verifyIdentity, type IdentityClaim } from './identity';

export interface FundingIdentity extends IdentityClaim {
  /** The user's own bank account, for Paystack's validation of a BVN. */
  bankAccount?: { bankCode: string; accountNumber: string };
}

/**
 * The verification /funding offers in place: a number not verified yet is looked up, proven to
 * be the account holder's (its date of birth, the account's phone) and recorded
 * (services/identity.ts); one verified before is only checked against its keyed hash (a partner
 * that was down then gets it now). Either way it then goes to every live partner,
 * which opens the user's accounts with it (services/enrolment.ts). A partner that refuses or is
 * down does not fail the call: its state on /funding says what is missing.
 */
export async function verifyForFunding(
  ctx: AppContext,
  gateway: IdentityGateway,
  banks: readonly BankPartner[],
  userId: bigint,
  identity: FundingIdentity,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['name', 'phone', 'bvn_verified_at', 'nin_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const verifiedAt = identity.kind === 'bvn' ? user.bvn_verified_at : user.nin_verified_at;
  if (verifiedAt === null) {
    const verified = await verifyIdentity(ctx, gateway, userId, user, identity);
    if (verified) await inTransaction(ctx, (tx) => recordIdentities(tx, userId, [verified]));
  } else {
    await confirmOwnIdentity(ctx, userId, identity.kind, identity.number);
  }
  const proof: IdentityProof =
    identity.kind === 'bvn'
      ? { bvn: identity.number, ...(identity.bankAccount ? { bankAccount: identity.bankAccount } : {}) }
      : { nin: identity.number };
  await enrolWithPartners(ctx, banks, userId, proof);
}
