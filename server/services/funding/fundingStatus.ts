import type { FundingStatus, PartnerFunding } from '../../../core/contract';
import { fundingMessages } from '../../../core/words/identity';
import type { BankPartner } from '../../gateways/bankPartner';
import { cardTerms, recentCardPayments, type CardTopUpDeps } from './cardTopUps';
import type { AppContext } from '../context';
import { enrolmentsOf } from '../identity/enrolment';
import { hasVerifiedIdentity } from '../identity/identity';
import { listVirtualAccounts } from './virtualAccounts';
import { t } from '../../i18n';

type Enrolment = Awaited<ReturnType<typeof enrolmentsOf>>[number];

/**
 * Everything /funding shows: which identity numbers are verified (none: the wallet cannot be
 * funded, and the screen offers the verification), the accounts, where each live partner stands
 * (its accounts ready, being created, needing the number again, refused or skipped, with what to
 * do), the card top-up terms and the latest card top-ups.
 */
export async function fundingStatus(
  ctx: AppContext,
  banks: readonly BankPartner[],
  cards: CardTopUpDeps,
  userId: bigint,
): Promise<FundingStatus> {
  const identity = await hasVerifiedIdentity(ctx, userId);
  const verified = identity.bvn || identity.nin;
  const enrolments = await enrolmentsOf(ctx, userId);
  return {
    identity,
    accounts: await listVirtualAccounts(ctx, userId),
    partners: verified
      ? banks.map((bank) =>
          partnerFunding(
            bank,
            enrolments.find((row) => row.provider === bank.provider),
          ),
        )
      : [],
    card: verified ? await cardTerms(ctx, cards, userId) : null,
    card_payments: await recentCardPayments(ctx, userId),
  };
}

function partnerFunding(bank: BankPartner, enrolment: Enrolment | undefined): PartnerFunding {
  const partner = bank.displayName;
  const needs = [...bank.identityNeeds];
  switch (enrolment?.status) {
    case 'ready':
      return { partner, status: 'ready', message: t(fundingMessages.ready, { partner }), needs };
    case 'waiting':
      return { partner, status: 'creating', message: t(fundingMessages.beingCreated, { partner }), needs };
    case 'refused':
    case 'skipped':
      return {
        partner,
        status: enrolment.status,
        message: enrolment.reason ?? t(fundingMessages.notAskedYet, { partner }),
        needs,
      };
    case 'needs-identity':
      return { partner, status: 'needs-identity', message: t(fundingMessages.partnerDown, { partner }), needs };
    default:
      return { partner, status: 'needs-identity', message: t(fundingMessages.notAskedYet, { partner }), needs };
  }
}
