import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../core/messages';
import { formatNaira } from '../../core/money';
import type { RateLimits } from '../config';
import { AppError, GatewayError } from '../errors';
import type { BillCategory } from '../gateways/biller';
import { AMOUNT_LIMITS, BENEFICIARY_RULES } from '../services/beneficiaries';
import type { AppContext } from '../services/context';
import { koboToNaira, nairaToKobo } from '../../core/money';
import { PROVIDER_NOT_AVAILABLE, PURCHASE_CATEGORIES, purchase, recentBeneficiaries, type PurchaseDeps, type PurchaseRequest } from '../services/purchases';
import { authOf, requireSession } from './authenticate';
import { success } from './envelope';
import { positiveId } from './fields';
import { byAccount, limitRequests } from './rateLimits';

export interface PurchaseRouteDeps {
  ctx: AppContext;
  purchases: PurchaseDeps;
  limits: RateLimits;
}

export const BODY_NOT_OBJECT = 'the request body must be a JSON object';
export const KEY_REQUIRED = 'an Idempotency-Key header of 8 to 100 characters (letters, digits or punctuation, no spaces) is required';
export const PIN_REQUIRED = 'please enter your transaction pin';
export const PIN_FORMAT = 'pin must be exactly 4 digits';
export const NO_VERIFICATION = 'this service does not need merchant verification';
export const CUSTOMER_NOT_FOUND = 'we could not find a customer with that number';
export const CATEGORY_INVALID = `category must be one of ${PURCHASE_CATEGORIES.join(', ')}`;

const AMOUNT_CATEGORIES = ['airtime', 'electricity-bill', 'betting'] as const;
const PLAN_CATEGORIES = ['data', 'tv-subscription', 'education'] as const;
const VERIFIABLE: readonly BillCategory[] = ['electricity-bill', 'betting', 'tv-subscription', 'education'];
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;

type Body = Record<string, unknown>;

function objectBody(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(422, BODY_NOT_OBJECT);
  return body as Body;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** SPEC.md §5: provider, beneficiary and the amount (or plan) present first, with the spec's message. */
function requireFields(body: Body, fields: string[]) {
  if (fields.some((field) => blank(body[field]))) throw new AppError(422, messages.allFieldsRequired);
}

function id(body: Body, field: string): number {
  const parsed = positiveId(field).safeParse(body[field]);
  if (!parsed.success) throw new AppError(422, `${field} must be a positive whole number`);
  return parsed.data;
}

function beneficiaryOf(category: BillCategory, value: unknown): string {
  const rule = BENEFICIARY_RULES[category];
  const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  const normalised = text !== null && text.length <= 32 ? rule.normalise(text) : null;
  if (normalised === null) throw new AppError(422, rule.invalid);
  return normalised;
}

function amountOf(category: BillCategory, value: unknown): bigint {
  const limits = AMOUNT_LIMITS[category]!;
  const kobo = nairaToKobo(value);
  if (kobo === null) throw new AppError(422, 'amount must be a naira amount with at most two decimals');
  if (kobo < limits.minKobo || kobo > limits.maxKobo) {
    throw new AppError(422, `amount must be between ${formatNaira(koboToNaira(limits.minKobo))} and ${formatNaira(koboToNaira(limits.maxKobo))}`);
  }
  return kobo;
}

function pinOf(body: Body): string {
  if (blank(body.pin)) throw new AppError(422, PIN_REQUIRED);
  if (typeof body.pin !== 'string' || !/^\d{4}$/.test(body.pin)) throw new AppError(422, PIN_FORMAT);
  return body.pin;
}

export function parsePurchase(category: BillCategory, raw: unknown): PurchaseRequest {
  const body = objectBody(raw);
  const plan = (PLAN_CATEGORIES as readonly string[]).includes(category);
  requireFields(body, ['provider_id', 'beneficiary', plan ? 'package_id' : 'amount']);
  const providerId = id(body, 'provider_id');
  const packageId = plan ? id(body, 'package_id') : null;
  const beneficiary = beneficiaryOf(category, body.beneficiary);
  const amountKobo = plan ? null : amountOf(category, body.amount);
  return { category, providerId, packageId, beneficiary, amountKobo, pin: pinOf(body) };
}

function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw new AppError(400, KEY_REQUIRED);
  return key;
}

/** The six purchase calls (SPEC.md §7), merchant verification and recent beneficiaries. */
export function registerPurchaseRoutes(app: FastifyInstance, { ctx, purchases, limits }: PurchaseRouteDeps) {
  const session = requireSession(ctx);
  const limited = [session, limitRequests(app, limits.purchase, byAccount)];

  for (const category of [...AMOUNT_CATEGORIES, ...PLAN_CATEGORIES]) {
    app.post(`/api/${category}`, { preHandler: limited }, async (request, reply) => {
      const input = parsePurchase(category, request.body);
      const key = idempotencyKeyOf(request);
      const response = await purchase(ctx, purchases, authOf(request).userId, key, input);
      return reply.code(response.status).send(response.body);
    });
  }

  app.post('/api/verify-merchant', { preHandler: [session, limitRequests(app, limits.verifyMerchant, byAccount)] }, async (request) => {
    const body = objectBody(request.body);
    requireFields(body, ['provider_id', 'beneficiary']);
    const provider = await ctx.db
      .selectFrom('providers')
      .select(['code', 'category'])
      .where('id', '=', id(body, 'provider_id'))
      .where('active', '=', true)
      .executeTakeFirst();
    if (!provider || !(PURCHASE_CATEGORIES as readonly string[]).includes(provider.category)) throw new AppError(422, PROVIDER_NOT_AVAILABLE);
    const category = provider.category as BillCategory;
    if (!VERIFIABLE.includes(category)) throw new AppError(422, NO_VERIFICATION);
    const beneficiary = beneficiaryOf(category, body.beneficiary);
    let details;
    try {
      details = await purchases.biller.verify({ category, providerCode: provider.code, beneficiary });
    } catch (error) {
      throw new GatewayError('we could not reach the biller to verify this customer, please try again', { cause: error });
    }
    if (!details) throw new AppError(404, CUSTOMER_NOT_FOUND);
    return success('merchant verified successfully', details);
  });

  app.post('/api/recent-beneficiaries', { preHandler: session }, async (request) => {
    const body = objectBody(request.body);
    if (typeof body.category !== 'string' || !(PURCHASE_CATEGORIES as readonly string[]).includes(body.category)) throw new AppError(422, CATEGORY_INVALID);
    return success('recent beneficiaries fetched successfully', await recentBeneficiaries(ctx, authOf(request).userId, body.category));
  });
}
