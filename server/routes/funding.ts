import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isBankCode } from '../../core/banks';
import { CARD_TOPUP_MAX_KOBO } from '../../core/cardFees';
import { CardPayment, CardTopUpStarted, FundingStatus } from '../../core/contract';
import { identityMessages } from '../../core/words/identity';
import type { RateLimits } from '../config';
import { GatewayError, must } from '../errors';
import type { BankPartner } from '../gateways/bankPartner';
import type { IdentityGateway } from '../gateways/identity';
import { confirmCardPayment, startCardTopUp, type CardTopUpDeps } from '../services/funding/cardTopUps';
import type { AppContext } from '../services/context';
import { verifyForFunding } from '../services/identity/fundingIdentity';
import { fundingStatus } from '../services/funding/fundingStatus';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { dateOfBirth, identityNumber, nairaAmount, refusedWithoutDateOfBirth, requestBody } from '../http/fields';
import { noFields, routeDoc } from '../http/openapi';
import { byAccount, limitRequests } from '../http/rateLimits';

export interface FundingRouteDeps {
  ctx: AppContext;
  banks: readonly BankPartner[];
  identity: IdentityGateway;
  cards: CardTopUpDeps;
  limits: RateLimits;
}

const optionalText = z.string({ error: 'must be text' }).trim().max(20).optional();

/**
 * A BVN or a NIN (exactly one) with the holder's date of birth, and with a BVN optionally the
 * user's own bank account (both fields or neither).
 */
const identityBody = requestBody({
  bvn: identityNumber('bvn'),
  nin: identityNumber('nin'),
  date_of_birth: dateOfBirth,
  bank_code: optionalText,
  bank_account_number: optionalText,
}).superRefine((body, context) => {
  if ((body.bvn === undefined) === (body.nin === undefined)) {
    context.addIssue({ code: 'custom', message: t(identityMessages.oneNumber), path: ['bvn'] });
    return;
  }
  if (refusedWithoutDateOfBirth(body, context)) return;
  const code = body.bank_code || undefined;
  const account = body.bank_account_number || undefined;
  if (code === undefined && account === undefined) return;
  if (code === undefined || account === undefined || !isBankCode(code) || !/^\d{10}$/.test(account)) {
    context.addIssue({
      code: 'custom',
      message: t(identityMessages.bankAccountIncomplete),
      path: ['bank_account_number'],
    });
  } else if (body.bvn === undefined) {
    context.addIssue({ code: 'custom', message: t(identityMessages.bankAccountNeedsBvn), path: ['bank_code'] });
  }
});

const topUpBody = requestBody({ amount: nairaAmount('amount', CARD_TOPUP_MAX_KOBO) });
const verifyBody = requestBody({
  reference: z
    .string({ error: 'reference is required' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'reference is not one of our card payments'),
});

/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  fetched: /*i18n*/ { id: 'funding.done.fetched', message: 'funding fetched successfully' },
  identityVerified: /*i18n*/ { id: 'funding.done.identityVerified', message: 'identity verified' },
  cardStarted: /*i18n*/ { id: 'funding.done.cardStarted', message: 'card payment started' },
  // The English says the status's own word.
  cardStatus: /*i18n*/ {
    id: 'funding.done.cardStatus',
    message:
      'card payment {status, select, pending {pending} abandoned {abandoned} success {success} failed {failed} disputed {disputed} other {{status}}}',
  },
  cardUnconfirmed: /*i18n*/ {
    id: 'funding.done.cardUnconfirmed',
    message: 'we could not confirm your card payment yet; it shows here as soon as your bank confirms it',
  },
};

/** /funding: where the user stands, the identity it needs, and card top-ups. */
export function registerFundingRoutes(app: FastifyInstance, { ctx, banks, identity, cards, limits }: FundingRouteDeps) {
  const session = requireSession(ctx);

  app.post(
    '/api/funding',
    {
      schema: routeDoc({
        summary: 'Everything /funding shows: identity, accounts, each partner, card top-ups',
        tags: ['wallet'],
        auth: true,
        body: noFields,
        data: FundingStatus,
      }),
      preHandler: session,
    },
    async (request) =>
      success<FundingStatus>(t(done.fetched), await fundingStatus(ctx, banks, cards, authOf(request).userId)),
  );

  // Limited like the profile: a number not verified yet is a paid lookup.
  app.post(
    '/api/funding/identity',
    {
      schema: routeDoc({
        summary: 'Verify (or confirm) a BVN or NIN and open the funding accounts with it',
        tags: ['wallet'],
        auth: true,
        body: identityBody,
        data: FundingStatus,
        errors: [409, 422, 429, 502],
      }),
      preHandler: [session, limitRequests(app, limits, 'updateProfile', byAccount)],
    },
    async (request) => {
      const body = identityBody.parse(request.body);
      const { userId } = authOf(request);
      const bankAccount =
        body.bank_code && body.bank_account_number
          ? { bankCode: body.bank_code, accountNumber: body.bank_account_number }
          : undefined;
      const kind = body.bvn !== undefined ? 'bvn' : 'nin';
      const number = must(body.bvn ?? body.nin, 'identityBody takes exactly one of bvn and nin');
      const dateOfBirth = must(body.date_of_birth, 'identityBody takes a number only with its date of birth');
      await verifyForFunding(ctx, identity, banks, userId, { kind, number, dateOfBirth, bankAccount });
      return success<FundingStatus>(t(done.identityVerified), await fundingStatus(ctx, banks, cards, userId));
    },
  );

  app.post(
    '/api/card-topups',
    {
      schema: routeDoc({
        summary: "Start a card top-up: our reference and the partner's checkout URL",
        tags: ['wallet'],
        auth: true,
        body: topUpBody,
        data: CardTopUpStarted,
        errors: [403, 422, 429, 502, 503],
      }),
      preHandler: [session, limitRequests(app, limits, 'purchase', byAccount)],
    },
    async (request) => {
      const { amount } = topUpBody.parse(request.body);
      return success<CardTopUpStarted>(
        t(done.cardStarted),
        await startCardTopUp(ctx, cards, authOf(request).userId, amount),
      );
    },
  );

  app.post(
    '/api/card-topups/verify',
    {
      schema: routeDoc({
        summary: 'Ask the partner about a card top-up (on the return from its checkout)',
        tags: ['wallet'],
        auth: true,
        body: verifyBody,
        data: CardPayment,
        errors: [404, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'refreshTransaction', byAccount)],
    },
    async (request) => {
      const { reference } = verifyBody.parse(request.body);
      const { userId } = authOf(request);
      try {
        const payment = await confirmCardPayment(ctx, cards, reference, userId);
        return success<CardPayment>(t(done.cardStatus, { status: payment.status }), payment);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        // The partner cannot say now: the payment stays as it is, and the partner job asks again.
        const current = await fundingStatus(ctx, banks, cards, userId);
        const payment = current.card_payments.find((candidate) => candidate.reference === reference);
        if (!payment) throw error;
        return success<CardPayment>(t(done.cardUnconfirmed), payment);
      }
    },
  );
}
