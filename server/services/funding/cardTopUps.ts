import { randomBytes } from 'node:crypto';
import { CARD_TOPUP_MAX_KOBO, CARD_TOPUP_MIN_KOBO, cardQuote, type FeeBearer } from '../../../core/cardFees';
import type { CardPayment, CardTopUpStarted, CardTopUpTerms } from '../../../core/contract';
import { fundingMessages, identityMessages } from '../../../core/words/identity';
import { formatNaira, koboToNaira } from '../../../core/money';
import type { CardPaymentStatus } from '../../db/schema';
import { AppError, GatewayError, PARTNER_RETRY_AFTER_S } from '../../errors';
import type { BankPartner, CardGateway, PartnerTransfer } from '../../gateways/bankPartner';
import type { AppContext } from '../context';
import { creditCardPayment } from './funding';
import { t } from '../../i18n';
import { tierOfUser } from '../identity/tiers';

/**
 * Card top-ups through the partner's hosted checkout (Paystack Standard): the customer is sent
 * to the partner's page — no third-party script runs on ours — and comes back to /funding. The
 * wallet is credited once, after the partner's verify call says the payment succeeded, in NGN,
 * by card, for exactly the amount charged, to the customer it was started for; whichever comes
 * first, the partner's webhook or the customer's return, credits, the other finds it done
 * (services/funding.ts claims the reference). The amount and the fee are shown before paying
 * (core/cardFees.ts; who bears the fee is CARD_FEE_BEARER). A payment the customer cancels or
 * leaves is listed as abandoned, one the partner refuses as failed; the partner job asks again
 * about those still open.
 */

export interface CardTopUpDeps {
  /** The live partner that takes cards, if any (Paystack; the simulated one in development). */
  bank: (BankPartner & { cards: CardGateway }) | undefined;
  feeBearer: FeeBearer;
}

/** A payment still open after this long is asked about by the partner job. */
const CHECK_OPEN_AFTER_MS = 15 * 60_000;
/** Paystack keeps an abandoned checkout open; after a day nobody is coming back to it. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const RECENT = 10;

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

/** A card payment checked while its partner takes no card payments (`{partner}`: the partner's name). */
const CARDS_PAUSED = /*i18n*/ {
  id: 'funding.card.paused',
  message: '{partner} is not taking card payments now; your payment will be checked when it is',
};

interface CardPaymentRow {
  reference: string;
  amount_kobo: bigint;
  fee_kobo: bigint;
  charged_kobo: bigint;
  status: CardPaymentStatus;
  created_at: Date;
}

/** What a card payment is read for: the listing (CardPaymentRow) and its confirmation. */
const PAYMENT_COLUMNS = [
  'id',
  'user_id',
  'provider',
  'reference',
  'amount_kobo',
  'fee_kobo',
  'charged_kobo',
  'status',
  'created_at',
] as const;

export function paymentOf(row: CardPaymentRow): CardPayment {
  return {
    reference: row.reference,
    amount: koboToNaira(row.amount_kobo),
    fee: koboToNaira(row.fee_kobo),
    charged: koboToNaira(row.charged_kobo),
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/** What the user may top up by card now, or null when no live partner takes cards. */
export async function cardTerms(ctx: AppContext, deps: CardTopUpDeps, userId: bigint): Promise<CardTopUpTerms | null> {
  if (!deps.bank) return null;
  const room = await roomInWallet(ctx, userId);
  const max = room === null || room > CARD_TOPUP_MAX_KOBO ? CARD_TOPUP_MAX_KOBO : room;
  return {
    provider: deps.bank.displayName,
    fee_bearer: deps.feeBearer,
    min: koboToNaira(CARD_TOPUP_MIN_KOBO),
    max: koboToNaira(max < 0n ? 0n : max),
  };
}

/** What the tier lets the wallet still hold (null: no cap); throws 403 when the wallet may not be funded at all. */
async function roomInWallet(ctx: AppContext, userId: bigint): Promise<bigint | null> {
  const rule = await tierOfUser(ctx, userId);
  if (!rule.canFund) throw new AppError(403, t(identityMessages.identityRequired));
  if (rule.balanceCapKobo === null) return null;
  const wallet = await ctx.db
    .selectFrom('wallets')
    .select('balance_kobo')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return rule.balanceCapKobo - wallet.balance_kobo;
}

/** Starts a top-up of `amountKobo` (to the wallet): our record first, then the partner's checkout. */
export async function startCardTopUp(
  ctx: AppContext,
  deps: CardTopUpDeps,
  userId: bigint,
  amountKobo: bigint,
): Promise<CardTopUpStarted> {
  if (!deps.bank) throw new AppError(503, t(fundingMessages.noCardTopUps));
  const bank = deps.bank;
  const room = await roomInWallet(ctx, userId);
  if (amountKobo < CARD_TOPUP_MIN_KOBO || amountKobo > CARD_TOPUP_MAX_KOBO) {
    throw new AppError(
      422,
      t(
        /*i18n*/ { id: 'cardTopUp.refused.range', message: 'a card top-up must be between {min} and {max}' },
        { min: naira(CARD_TOPUP_MIN_KOBO), max: naira(CARD_TOPUP_MAX_KOBO) },
      ),
    );
  }
  if (room !== null && amountKobo > room)
    throw new AppError(422, t(fundingMessages.cardAboveCap, { left: naira(room < 0n ? 0n : room) }));
  const quote = cardQuote(amountKobo, deps.feeBearer);
  const user = await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const now = ctx.clock.now();
  const reference = `NWC-${now.getTime().toString(36)}-${randomBytes(6).toString('hex')}`;
  const row = await ctx.db
    .insertInto('card_payments')
    .values({
      user_id: userId,
      provider: bank.provider,
      reference,
      amount_kobo: quote.amountKobo,
      fee_kobo: quote.feeKobo,
      charged_kobo: quote.chargedKobo,
      fee_bearer: quote.bearer,
      created_at: now,
      updated_at: now,
    })
    .returning(PAYMENT_COLUMNS)
    .executeTakeFirstOrThrow();
  const back = `${ctx.publicUrl}/funding`;
  try {
    const { authorisationUrl } = await bank.cards.initialize({
      reference,
      email: user.email,
      chargedKobo: quote.chargedKobo,
      callbackUrl: back,
      cancelUrl: `${back}?${new URLSearchParams({ reference, cancelled: '1' })}`,
    });
    return { reference, authorization_url: authorisationUrl, payment: paymentOf(row) };
  } catch (error) {
    // No checkout was opened for it: nothing to list.
    await ctx.db.deleteFrom('card_payments').where('id', '=', row.id).execute();
    throw error;
  }
}

/**
 * Asks the partner about a payment and settles what it says, once: credited (success in NGN, by
 * card, for the amount charged, to this customer), failed, abandoned, or disputed when the record
 * contradicts ours. A payment already final is answered as it is. Throws GatewayError when the
 * partner cannot answer now (the payment stays as it was).
 */
export async function confirmCardPayment(
  ctx: AppContext,
  deps: CardTopUpDeps,
  reference: string,
  userId?: bigint,
): Promise<CardPayment> {
  const row = await ctx.db
    .selectFrom('card_payments')
    .innerJoin('users', 'users.id', 'card_payments.user_id')
    .select(PAYMENT_COLUMNS.map((column) => `card_payments.${column}` as const))
    .select('users.email')
    .where('card_payments.reference', '=', reference)
    .$call((query) => (userId === undefined ? query : query.where('card_payments.user_id', '=', userId)))
    .executeTakeFirst();
  if (!row) throw new AppError(404, t(fundingMessages.cardPaymentUnknown));
  if (['success', 'failed', 'disputed'].includes(row.status)) return paymentOf(row);
  const bank = deps.bank?.provider === row.provider ? deps.bank : undefined;
  if (!bank) throw new GatewayError(t(CARDS_PAUSED, { partner: row.provider }), { retryAfterS: PARTNER_RETRY_AFTER_S });
  const record = await bank.cards.verify(reference);
  const now = ctx.clock.now();
  const contradiction = record ? disagreement(record, row) : undefined;
  if (record?.status === 'paid' && !contradiction) {
    await creditCardPayment(ctx, row.provider, {
      cardPaymentId: row.id,
      userId: row.user_id,
      reference,
      amountKobo: row.amount_kobo,
      chargedKobo: row.charged_kobo,
      partnerStatus: record.partnerStatus,
      paidAt: record.paidAt,
    });
  } else {
    const status = contradiction ? 'disputed' : openStatus(record, row.created_at, now);
    if (record && contradiction) await recordDispute(ctx, row, record, contradiction);
    await ctx.db
      .updateTable('card_payments')
      .set({ status, partner_status: record?.partnerStatus.slice(0, 50) || null, updated_at: now, checked_at: now })
      .where('id', '=', row.id)
      .where('status', 'in', ['pending', 'abandoned'])
      .execute();
  }
  const after = await ctx.db
    .selectFrom('card_payments')
    .select(PAYMENT_COLUMNS)
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  return paymentOf(after);
}

/** Why the partner's record of a successful payment contradicts ours, or undefined when it confirms it. */
function disagreement(
  record: PartnerTransfer,
  row: { charged_kobo: bigint; email: string; reference: string },
): string | undefined {
  if (record.status !== 'paid') return undefined;
  if (record.refusal) return record.refusal;
  if (record.reference !== row.reference)
    return `the partner answered about ${record.reference.slice(0, 60)}, not ${row.reference}`;
  if (record.channel !== 'card') return `the partner reports a ${record.channel} payment, not a card payment`;
  if (record.currency !== 'NGN')
    return `the partner reports the payment in ${record.currency ?? 'no currency'}, not NGN`;
  if (record.amountKobo !== row.charged_kobo)
    return `the partner reports ${naira(record.amountKobo)} paid, we charged ${naira(row.charged_kobo)}`;
  if (record.customerEmail === null || record.customerEmail.toLowerCase() !== row.email.toLowerCase())
    return 'the partner reports another customer as the payer';
  return undefined;
}

/**
 * What an unpaid payment is: failed by the partner's word, abandoned when the customer left it (or
 * after a day), else still pending.
 */
function openStatus(record: PartnerTransfer | null, createdAt: Date, now: Date): 'pending' | 'abandoned' | 'failed' {
  if (record?.status === 'failed' && record.partnerStatus !== 'abandoned') return 'failed';
  if (record?.partnerStatus === 'abandoned' || now.getTime() - createdAt.getTime() > GIVE_UP_AFTER_MS)
    return 'abandoned';
  return 'pending';
}

async function recordDispute(
  ctx: AppContext,
  row: { provider: string; reference: string; charged_kobo: bigint },
  record: PartnerTransfer,
  reason: string,
) {
  await ctx.db
    .insertInto('disputed_transfers')
    .values({
      provider: row.provider,
      reference: row.reference,
      account_number: 'card',
      amount_kobo: row.charged_kobo,
      partner_status: record.partnerStatus.slice(0, 50) || 'unknown',
      partner_amount_kobo: record.amountKobo,
      reason: `card payment: ${reason}`.slice(0, 300),
      payload: null,
      received_at: ctx.clock.now(),
    })
    .onConflict((conflict) => conflict.columns(['provider', 'reference']).doNothing())
    .execute();
}

/** The user's latest card top-ups, newest first. */
export async function recentCardPayments(ctx: AppContext, userId: bigint): Promise<CardPayment[]> {
  const rows = await ctx.db
    .selectFrom('card_payments')
    .select(PAYMENT_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT)
    .execute();
  return rows.map(paymentOf);
}

/**
 * The partner job's part: payments left open for a while (the customer never came back, the
 * webhook was lost) are asked about again, a few at a time; one the partner cannot answer about
 * now waits for the next run.
 */
export async function checkOpenCardPayments(ctx: AppContext, deps: CardTopUpDeps, limit = 20): Promise<number> {
  if (!deps.bank) return 0;
  const now = ctx.clock.now().getTime();
  const due = await ctx.db
    .selectFrom('card_payments')
    .select('reference')
    .where('status', 'in', ['pending', 'abandoned'])
    .where('provider', '=', deps.bank.provider)
    .where('created_at', '<', new Date(now - CHECK_OPEN_AFTER_MS))
    .where('created_at', '>', new Date(now - 2 * GIVE_UP_AFTER_MS))
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', new Date(now - CHECK_OPEN_AFTER_MS))]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  let checked = 0;
  for (const { reference } of due) {
    try {
      await confirmCardPayment(ctx, deps, reference);
      checked += 1;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  return checked;
}
