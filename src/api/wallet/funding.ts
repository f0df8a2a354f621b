import type {
  CardPayment,
  CardTopUpRequest,
  CardTopUpStarted,
  CardTopUpVerifyRequest,
  Envelope,
  FundingIdentityRequest,
  FundingStatus,
} from '../../../core/contract';
import { callOk } from '../kit/http';

/** Everything /funding shows: the identity verified, the accounts, each partner, card top-ups. */
export const fetchFunding = (signal?: AbortSignal): Promise<Envelope<FundingStatus>> =>
  callOk<FundingStatus>('/api/funding', {}, { signal });

/** Verifies (or, when verified before, confirms) a BVN or NIN; the partners open the accounts with it. */
export const verifyFundingIdentity = (
  request: FundingIdentityRequest,
  signal?: AbortSignal,
): Promise<Envelope<FundingStatus>> =>
  callOk<FundingStatus>(
    '/api/funding/identity',
    {
      ...(request.bvn ? { bvn: request.bvn } : { nin: request.nin }),
      date_of_birth: request.date_of_birth,
      ...(request.bank_code ? { bank_code: request.bank_code, bank_account_number: request.bank_account_number } : {}),
    } satisfies FundingIdentityRequest,
    { signal },
  );

/** Starts a card top-up: where to send the customer (the partner's checkout). */
export const startCardTopUp = (request: CardTopUpRequest, signal?: AbortSignal): Promise<Envelope<CardTopUpStarted>> =>
  callOk<CardTopUpStarted>('/api/card-topups', { amount: request.amount } satisfies CardTopUpRequest, { signal });

/** Asks the server to confirm a card top-up with the partner (on the return from its checkout). */
export const verifyCardTopUp = (reference: string, signal?: AbortSignal): Promise<Envelope<CardPayment>> =>
  callOk<CardPayment>('/api/card-topups/verify', { reference } satisfies CardTopUpVerifyRequest, { signal });
