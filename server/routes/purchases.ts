import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../i18n';
import { BENEFICIARY_INVALID, PIN_REQUIRED } from '../services/purchases/wording';
import { z } from 'zod';
import {
  CoolingOffRefusal,
  MerchantDetails,
  ProductPausedRefusal,
  RecentBeneficiary,
  Transaction,
} from '../../core/contract';
import { PIN_LENGTH } from '../../core/limits';
import * as messages from '../../core/messages';
import { SERVICE_CATEGORIES, SERVICES, type Service } from '../../core/services';
import type { RateLimits, RelyingParty } from '../config';
import { AppError } from '../errors';
import type { AppContext } from '../services/context';
import { verifyMerchant } from '../services/purchases/merchants';
import type { PurchaseDeps } from '../services/purchases/billerCalls';
import type { PurchaseOrder } from '../services/purchases/product';
import { purchase } from '../services/purchases/purchase';
import type { Authorisation } from '../services/purchases/authorisation';
import { PasskeyAnswer } from '../../core/passkeys';
import { passkeyConfirms } from './passkeys';
import { recentBeneficiaries } from '../services/purchases/recentBeneficiaries';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { idempotencyHeaders, pinRefusals, routeDoc } from '../http/openapi';
import { catalogId, filledFirst, nairaAmountWithin, requestBody, RULES, saying } from '../http/fields';
import { byAccount, limitRequests } from '../http/rateLimits';

export interface PurchaseRouteDeps {
  ctx: AppContext;
  purchases: PurchaseDeps;
  limits: RateLimits;
  /** Where a purchase's passkey must have been used (config `passkeys`). */
  rp: RelyingParty;
}

const KEY_REQUIRED = /*i18n*/ {
  id: 'purchase.refused.keyRequired',
  message: 'an Idempotency-Key header of 8 to 100 characters (letters, digits or punctuation, no spaces) is required',
};
const PIN_FORMAT = saying(RULES.digits, { field: 'pin', digits: PIN_LENGTH });

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;
/** Longer than any beneficiary, even a phone number typed with separators. */
const BENEFICIARY_MAX_LENGTH = 32;

/**
 * A beneficiary as typed: text, or a positive whole number's digits. Anything else, or text
 * longer than any beneficiary, reads as empty, which every service's rule refuses with its own message.
 */
const beneficiaryText = z.unknown().transform((value) => {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isSafeInteger(value) && value > 0
        ? String(value)
        : '';
  return text.length <= BENEFICIARY_MAX_LENGTH ? text : '';
});

/** A beneficiary normalised by the service's rule (the service table), or refused with the service's words for it. */
const beneficiary = (service: Service) =>
  beneficiaryText.transform((text, context) => {
    const normalised = service.beneficiary.normalise(text);
    if (normalised === null) {
      context.addIssue({ code: 'custom', message: t(BENEFICIARY_INVALID[service.key]) });
      return z.NEVER;
    }
    return normalised;
  });

/**
 * Blank (spaces only included) asks for the pin; anything but four digits, text or not, is the
 * format's message. A client of the former contract, which checked the pin itself and sent none,
 * is told what is missing and buys nothing.
 */
const transactionPin = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? t(PIN_REQUIRED) : PIN_FORMAT.error()),
  })
  .refine((pin) => pin.trim() !== '', { error: () => t(PIN_REQUIRED), abort: true })
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), PIN_FORMAT);

/**
 * What confirms a purchase: the pin, or a passkey's answer to a confirmation ceremony
 * (`/api/passkeys/confirm/start`). Without either, the pin is asked for.
 */
const confirmationFields = { pin: transactionPin.optional(), passkey: PasskeyAnswer.optional() };
type Confirmation = { pin: string; passkey?: undefined } | { pin?: undefined; passkey: PasskeyAnswer };
const confirmed = (body: { pin?: string; passkey?: PasskeyAnswer }, context: z.RefinementCtx) => {
  if (body.pin === undefined && body.passkey === undefined)
    context.addIssue({ code: 'custom', message: t(PIN_REQUIRED), path: ['pin'] });
};
const confirmationOf = (body: { pin?: string; passkey?: PasskeyAnswer }): Confirmation =>
  body.passkey ? { passkey: body.passkey } : { pin: body.pin ?? '' };

/**
 * A purchase of the service: provider, beneficiary and the amount (or plan) all present first,
 * with the one message the forms give; then each field's rule from the service table.
 */
function purchaseBody(service: Service): z.ZodType<PurchaseOrder & Confirmation> {
  const { pricing } = service;
  if (pricing.kind === 'plan') {
    return filledFirst(['provider_id', 'package_id', 'beneficiary'], messages.allFieldsRequired, {
      provider_id: catalogId('provider_id'),
      package_id: catalogId('package_id'),
      beneficiary: beneficiary(service),
      ...confirmationFields,
    })
      .superRefine(confirmed)
      .transform((body) => ({
        service,
        providerId: body.provider_id,
        packageId: body.package_id,
        beneficiary: body.beneficiary,
        amountKobo: null,
        ...confirmationOf(body),
      }));
  }
  return filledFirst(['provider_id', 'beneficiary', 'amount'], messages.allFieldsRequired, {
    provider_id: catalogId('provider_id'),
    beneficiary: beneficiary(service),
    amount: nairaAmountWithin('amount', pricing.minKobo, pricing.maxKobo),
    ...confirmationFields,
  })
    .superRefine(confirmed)
    .transform((body) => ({
      service,
      providerId: body.provider_id,
      packageId: null,
      beneficiary: body.beneficiary,
      amountKobo: body.amount,
      ...confirmationOf(body),
    }));
}

/** The beneficiary is normalised once the provider, and so the service, is known. */
const verifyMerchantBody = filledFirst(['provider_id', 'beneficiary'], messages.allFieldsRequired, {
  provider_id: catalogId('provider_id'),
  beneficiary: beneficiaryText,
});

const recentBeneficiariesBody = requestBody({
  category: z.enum(
    SERVICE_CATEGORIES,
    saying(RULES.oneOf, { field: 'category', values: SERVICE_CATEGORIES.join(', ') }),
  ),
});

/**
 * A purchase's documentation: its body, its pin, and the Idempotency-Key it requires. A service
 * that verifies the number before paying answers 404 when the biller has no such customer.
 */
const purchaseDoc = (service: Service, body: z.ZodType) =>
  routeDoc({
    summary: `Buy ${service.category} (the pin or a passkey is checked; at most once per Idempotency-Key)`,
    tags: ['purchases'],
    auth: true,
    body,
    headers: idempotencyHeaders,
    data: Transaction,
    errors: [400, 403, ...(service.verification?.beforePaying ? [404] : []), 409, 422, 423, 429, 502, 503],
    // A definitive failure answers 502 with the refunded (canceled) transaction; a paused product 503.
    errorData: { ...pinRefusals, 403: CoolingOffRefusal, 502: Transaction, 503: ProductPausedRefusal },
  });

function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw new AppError(400, t(KEY_REQUIRED));
  return key;
}

/** One purchase call per service (POST /api/<category>), merchant verification and recent beneficiaries. */
/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  merchantVerified: /*i18n*/ { id: 'purchase.done.merchantVerified', message: 'merchant verified successfully' },
  recent: /*i18n*/ { id: 'purchase.done.recent', message: 'recent beneficiaries fetched successfully' },
};

export function registerPurchaseRoutes(app: FastifyInstance, { ctx, purchases, limits, rp }: PurchaseRouteDeps) {
  const session = requireSession(ctx);
  const limited = [session, limitRequests(app, limits, 'purchase', byAccount)];

  for (const service of SERVICES) {
    const purchaseBodyOf = purchaseBody(service);
    app.post(
      `/api/${service.category}`,
      { schema: purchaseDoc(service, purchaseBodyOf), preHandler: limited },
      async (request, reply) => {
        const { pin, passkey, ...input } = purchaseBodyOf.parse(request.body);
        const key = idempotencyKeyOf(request);
        const session = authOf(request);
        const authorisation: Authorisation = passkey
          ? { kind: 'passkey', session, confirmed: await passkeyConfirms(ctx, rp, session, passkey, request.log) }
          : { kind: 'pin', session, pin: pin ?? '' };
        const response = await purchase(ctx, purchases, authorisation, key, input);
        return reply.code(response.status).send(response.body);
      },
    );
  }

  app.post(
    '/api/verify-merchant',
    {
      schema: routeDoc({
        summary: 'Find the customer behind a meter, smartcard or betting account',
        tags: ['purchases'],
        auth: true,
        body: verifyMerchantBody,
        data: MerchantDetails,
        errors: [404, 422, 429, 502],
      }),
      preHandler: [session, limitRequests(app, limits, 'verifyMerchant', byAccount)],
    },
    async (request) => {
      const body = verifyMerchantBody.parse(request.body);
      return success(
        t(done.merchantVerified),
        await verifyMerchant(ctx, purchases.biller, body.provider_id, body.beneficiary),
      );
    },
  );

  app.post(
    '/api/recent-beneficiaries',
    {
      schema: routeDoc({
        summary: 'Numbers recently paid for, by category',
        tags: ['purchases'],
        auth: true,
        body: recentBeneficiariesBody,
        data: z.array(RecentBeneficiary),
        errors: [422],
      }),
      preHandler: session,
    },
    async (request) => {
      const { category } = recentBeneficiariesBody.parse(request.body);
      return success(t(done.recent), await recentBeneficiaries(ctx, authOf(request).userId, category));
    },
  );
}
