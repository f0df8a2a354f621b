import { z } from 'zod';
import { cardFeeKobo } from '../../core/cardFees';
import { cleanText, WebhookPayloadError, type SimulatedTransfer, type WebhookEvent } from './bankPartner';

/**
 * Paystack's webhook for money paid into a dedicated virtual account: event `charge.success`
 * with `data.channel` `dedicated_nuban`, signed in the `x-paystack-signature` header (hex
 * HMAC-SHA512 of the raw body keyed with the secret key). Abridged example of the fields read:
 *
 *   {
 *     "event": "charge.success",
 *     "data": {
 *       "id": 1504248187, "domain": "live", "status": "success",
 *       "reference": "1641563735183jyaakhqlkksfcqt",
 *       "amount": 500000,                          ← kobo, an integer
 *       "currency": "NGN", "channel": "dedicated_nuban",
 *       "paid_at": "2026-01-07T13:55:35.000Z",
 *       "metadata": { "receiver_account_number": "1234567890", "receiver_bank": "Wema Bank" },
 *       "authorization": {
 *         "channel": "dedicated_nuban", "card_type": "transfer", "brand": "Managed Account",
 *         "sender_name": "EMEKA OKAFOR", "sender_bank": "Guaranty Trust Bank",
 *         "sender_bank_account_number": "XXXXXX4884", "narration": "NIP: EMEKA OKAFOR -…",
 *         "receiver_bank_account_number": "1234567890", "receiver_bank": "Wema Bank"
 *       },
 *       "customer": { "customer_code": "CUS_…", "email": "…" }
 *     }
 *   }
 *
 * Every other field is ignored. The simulated partner sends this same shape, so a real
 * Paystack adapter reuses the reader as is. The reader also takes the card payments of
 * Paystack's checkout (`charge.success`, channel `card`) and the customer events of its
 * dedicated-account flow (paystack.com/docs/payments/dedicated-virtual-accounts):
 *
 *   { "event": "customeridentification.failed",
 *     "data": { "customer_id": 82796315, "customer_code": "CUS_…", "email": "…",
 *               "identification": { "country": "NG", "type": "bank_account", "bvn": "123*****456", … },
 *               "reason": "Account number or BVN is incorrect" } }
 *   { "event": "dedicatedaccount.assign.success",
 *     "data": { "customer": { "customer_code": "CUS_…", … }, "dedicated_account": { … } } }
 */
export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

const envelope = z.object({
  event: z.string().max(200),
  data: z.looseObject({ channel: z.unknown().optional() }),
});

const optionalText = z.string().max(1_000).nullish();

const chargeSuccess = z.object({
  reference: z
    .string({ error: 'data.reference must be text' })
    .regex(/^[\x21-\x7e]{1,100}$/, 'data.reference must be 1 to 100 printable characters without spaces'),
  amount: z
    .number({ error: 'data.amount must be a whole number of kobo' })
    .int('data.amount must be a whole number of kobo')
    .positive('data.amount must be more than zero'),
  currency: z.string({ error: 'data.currency must be text' }).max(10, 'data.currency is not a currency code'),
  status: z.string({ error: 'data.status must be text' }).max(50, 'data.status is too long'),
  paid_at: optionalText,
  authorization: z.object(
    {
      receiver_bank_account_number: z
        .string({ error: 'data.authorization.receiver_bank_account_number must be text' })
        .regex(/^\d{10}$/, 'data.authorization.receiver_bank_account_number must be 10 digits'),
      sender_name: optionalText,
      sender_bank: optionalText,
    },
    { error: 'data.authorization must be an object' },
  ),
});

const customerCode = z.string().regex(/^CUS_[A-Za-z0-9]{1,60}$/, 'the customer_code is not a Paystack customer code');
const email = z.string().max(254).nullish().catch(null);
const identificationEvent = z.object({ customer_code: customerCode, email, reason: optionalText });
const assignmentEvent = z.object({
  customer: z.object({ customer_code: customerCode, email }, { error: 'data.customer must be an object' }),
});
const cardCharge = z.object({ reference: chargeSuccess.shape.reference });

/**
 * Reads a verified body: a transfer into a dedicated account to credit (`charge.success`,
 * channel `dedicated_nuban`), a card payment to confirm (`charge.success`, channel `card`), news
 * of a customer (`customeridentification.success|failed`, `dedicatedaccount.assign.success|failed`),
 * an event to acknowledge and ignore, or a WebhookPayloadError.
 */
export function readPaystackEvent(payload: unknown): WebhookEvent {
  const outer = envelope.safeParse(payload);
  if (!outer.success) throw new WebhookPayloadError('the webhook body is not an event: expected { event, data }');
  const { event, data } = outer.data;
  switch (event) {
    case 'charge.success':
      if (data.channel === 'dedicated_nuban') return transferOf(data);
      if (data.channel === 'card') return { kind: 'card', reference: parsed(cardCharge, data).reference };
      return { kind: 'ignored', reason: 'not a transfer to a dedicated account or a card payment' };
    case 'customeridentification.success':
    case 'customeridentification.failed': {
      const identification = parsed(identificationEvent, data);
      const outcome = event.endsWith('success') ? 'success' : 'failed';
      const reason = outcome === 'failed' ? cleanText(identification.reason, 'no reason given', 200) : null;
      return {
        kind: 'customer',
        customerCode: identification.customer_code,
        email: identification.email ?? null,
        outcome,
        reason,
      };
    }
    case 'dedicatedaccount.assign.success':
    case 'dedicatedaccount.assign.failed': {
      const { customer } = parsed(assignmentEvent, data);
      return {
        kind: 'customer',
        customerCode: customer.customer_code,
        email: customer.email ?? null,
        outcome: event.endsWith('success') ? 'success' : 'failed',
        reason: null,
      };
    }
    default:
      return { kind: 'ignored', reason: `event ${cleanText(event, '(empty)', 60)} is not handled` };
  }
}

function parsed<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new WebhookPayloadError(result.error.issues[0]?.message ?? 'the webhook body is not valid');
  return result.data;
}

function transferOf(data: unknown): WebhookEvent {
  const charge = parsed(chargeSuccess, data);
  if (charge.status !== 'success')
    return { kind: 'ignored', reason: `status ${cleanText(charge.status, '(empty)', 60)} is not a completed payment` };
  if (charge.currency !== 'NGN')
    return { kind: 'ignored', reason: `currency ${cleanText(charge.currency, '(empty)', 10)} is not accepted` };
  return {
    kind: 'transfer',
    transfer: {
      reference: charge.reference,
      amountKobo: BigInt(charge.amount),
      accountNumber: charge.authorization.receiver_bank_account_number,
      senderName: cleanText(charge.authorization.sender_name, 'Unknown sender'),
      senderBank: cleanText(charge.authorization.sender_bank, 'another bank'),
      paidAt: paystackTime(charge.paid_at),
    },
  };
}

/** Paystack's `paid_at` (ISO 8601, in UTC) as an instant; null when it is missing or unreadable. */
export function paystackTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Paystack's fee on a dedicated-account payment: 1 % capped at ₦300, in kobo. */
const feeKobo = (amountKobo: bigint) => (amountKobo / 100n > 30_000n ? 30_000n : amountKobo / 100n);

/** The `charge.success` body Paystack would send for a transfer into one of our dedicated accounts. */
export function paystackChargeSuccess(
  transfer: SimulatedTransfer & { receiverBank: string; paidAt: Date; id: number },
) {
  const paidAt = transfer.paidAt.toISOString();
  const maskedSender = `XXXXXX${String(transfer.id).slice(-4).padStart(4, '0')}`;
  return {
    event: 'charge.success',
    data: {
      id: transfer.id,
      domain: 'test',
      status: 'success',
      reference: transfer.reference,
      amount: Number(transfer.amountKobo),
      message: null,
      gateway_response: 'Approved',
      paid_at: paidAt,
      created_at: paidAt,
      channel: 'dedicated_nuban',
      currency: 'NGN',
      ip_address: null,
      metadata: { receiver_account_number: transfer.accountNumber, receiver_bank: transfer.receiverBank },
      fees: Number(feeKobo(transfer.amountKobo)),
      authorization: {
        authorization_code: `AUTH_${transfer.reference.slice(-10).toLowerCase()}`,
        bin: '000XXX',
        last4: maskedSender.slice(-4),
        exp_month: String(transfer.paidAt.getUTCMonth() + 1).padStart(2, '0'),
        exp_year: String(transfer.paidAt.getUTCFullYear()),
        channel: 'dedicated_nuban',
        card_type: 'transfer',
        bank: transfer.senderBank,
        country_code: 'NG',
        brand: 'Managed Account',
        reusable: false,
        signature: null,
        account_name: null,
        sender_country: 'NG',
        sender_bank: transfer.senderBank,
        sender_bank_account_number: maskedSender,
        sender_name: transfer.senderName,
        narration: `NIP: ${transfer.senderName} -${transfer.accountNumber}`,
        receiver_bank_account_number: transfer.accountNumber,
        receiver_bank: transfer.receiverBank,
      },
      customer: { customer_code: `CUS_${transfer.accountNumber}` },
      plan: null,
      split: {},
      order_id: null,
      paidAt,
      requested_amount: Number(transfer.amountKobo),
      pos_transaction_data: null,
      source: null,
    },
  };
}

/**
 * The `charge.success` Paystack sends for a card payment at its checkout (the fields our reader and
 * verify use, and a few around them).
 */
export function paystackCardSuccess(charge: {
  reference: string;
  amountKobo: bigint;
  email: string;
  paidAt: Date;
  id: number;
}) {
  const paidAt = charge.paidAt.toISOString();
  return {
    event: 'charge.success',
    data: {
      id: charge.id,
      domain: 'test',
      status: 'success',
      reference: charge.reference,
      amount: Number(charge.amountKobo),
      message: null,
      gateway_response: 'Successful',
      paid_at: paidAt,
      created_at: paidAt,
      channel: 'card',
      currency: 'NGN',
      ip_address: null,
      metadata: '',
      fees: Number(cardFeeKobo(charge.amountKobo)),
      authorization: {
        authorization_code: `AUTH_${charge.reference.slice(-10).toLowerCase()}`,
        bin: '408408',
        last4: '4081',
        exp_month: '12',
        exp_year: '2030',
        channel: 'card',
        card_type: 'visa ',
        bank: 'TEST BANK',
        country_code: 'NG',
        brand: 'visa',
        reusable: true,
        signature: null,
        account_name: null,
      },
      customer: {
        id: charge.id % 1_000_000,
        first_name: null,
        last_name: null,
        email: charge.email,
        customer_code: `CUS_${String(charge.id).slice(-10)}`,
        phone: null,
        metadata: null,
        risk_action: 'default',
      },
      plan: null,
      paidAt,
      requested_amount: Number(charge.amountKobo),
    },
  };
}
