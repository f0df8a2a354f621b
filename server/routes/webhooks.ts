import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, GatewayError } from '../errors';
import type { BankPartner } from '../gateways/bankPartner';
import { confirmCardPayment, type CardTopUpDeps } from '../services/funding/cardTopUps';
import type { AppContext } from '../services/context';
import { handleCustomerEvent } from '../services/identity/enrolment';
import { creditConfirmedTransfer } from '../services/funding/transferConfirmation';
import { success } from '../http/envelope';
import { routeDoc } from '../http/openapi';

/** The simulated partner's webhook (kept from before the real partners); each real partner has its own. */
export const BANK_WEBHOOK_PATH = '/api/webhooks/bank';

/** Where a partner's webhooks arrive: /api/webhooks/monnify, /api/webhooks/paystack, and the simulated one's. */
export const webhookPathOf = (provider: string) =>
  provider === 'simulated' ? BANK_WEBHOOK_PATH : `/api/webhooks/${provider}`;

/** A Paystack charge.success is a few KB; this leaves room without letting anyone make us buffer much. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const INVALID_SIGNATURE = 'invalid webhook signature';
export const HELD_IN_SUSPENSE = 'transfer held in suspense: no wallet has this account number';
export const ALREADY_IN_SUSPENSE = 'transfer already held in suspense';
export const NOT_CREDITED = "transfer not credited: the partner's records disagree";

/** What the webhook answers in `data`, also echoed (with the reference) by POST /dev/bank/transfer. */
const WebhookResult = z.union([
  z.strictObject({ status: z.enum(['credited', 'duplicate', 'unmatched']), reference: z.string() }),
  z.strictObject({ status: z.literal('disputed'), reference: z.string(), reason: z.string() }),
  z.strictObject({ status: z.literal('ignored'), reason: z.string() }),
  /** A card payment, as its confirmation left it (success, abandoned, failed, disputed, pending). */
  z.strictObject({ status: z.literal('card'), reference: z.string(), payment: z.string() }),
  /** News of a customer's validation, as its confirmation left their enrolment. */
  z.strictObject({ status: z.literal('customer'), enrolment: z.string() }),
]);
type WebhookResult = z.infer<typeof WebhookResult>;

/** The partner's event, as it sends it: read only once its signature over these exact bytes checks out. */
const webhookEvent = z
  .record(z.string(), z.unknown())
  .describe("the partner's event (JSON), signed over its exact bytes in the partner's signature header");

/**
 * POST /api/webhooks/bank (the simulated partner), /api/webhooks/monnify, /api/webhooks/paystack:
 * a bank partner reports money paid into a dedicated account.
 *
 * 1. The partner's own signature header (`x-paystack-signature` for Paystack and the simulated
 *    partner, `monnify-signature` for Monnify: hex HMAC-SHA512 of the raw body) is checked over
 *    the exact bytes received, in constant time, before anything is parsed: a bad or missing
 *    signature, a changed byte, or the same JSON re-serialised is 401 and nothing is written.
 * 2. The body is read: a malformed (but signed) one is 422, so the partner's retries make it
 *    visible; an event we do not handle (another event, channel, currency) is acknowledged
 *    with 200 and ignored.
 * 3. A real partner's transfer is confirmed through its transaction-status call
 *    (services/transferConfirmation.ts): not confirmable now is 503 (the partner retries);
 *    contradicted is recorded as disputed, not credited, and answered 200.
 * 4. The transfer is credited exactly once per reference (services/funding.ts). A repeat is
 *    200 "already credited". A transfer to an account number nobody has is held in suspense
 *    (services/suspense.ts: recorded once, credited to no one, listed by `npm run report --
 *    unmatched`) and answered 200 too, since a partner retries anything but 200, for days.
 * 5. A card payment (`charge.success`, channel card) is confirmed with the partner's verify call
 *    and credited once (services/cardTopUps.ts), whether it or the customer's return comes first;
 *    a reference that is not one of our card payments is acknowledged and ignored.
 * 6. News of a customer's validation (Paystack's customeridentification.*,
 *    dedicatedaccount.assign.*) is confirmed by asking the partner about the customer, and the
 *    user's enrolment carried on once (services/enrolment.ts).
 *
 * Each route lives in its own plugin scope so that only it receives the raw body.
 */
export function registerBankWebhooks(
  app: FastifyInstance,
  { ctx, banks, cards }: { ctx: AppContext; banks: readonly BankPartner[]; cards: CardTopUpDeps },
) {
  for (const bank of banks) registerBankWebhook(app, ctx, bank, cards);
}

function registerBankWebhook(app: FastifyInstance, ctx: AppContext, bank: BankPartner, cards: CardTopUpDeps) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post(
      webhookPathOf(bank.provider),
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: routeDoc({
          summary: `${bank.provider}'s transfer webhook (signed; confirmed and credited once per reference)`,
          tags: ['webhooks'],
          body: webhookEvent,
          data: WebhookResult,
          errors: [400, 401, 422, 503],
        }),
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!bank.verifyWebhook(raw, request.headers)) {
          request.log.warn({ provider: bank.provider }, 'bank webhook refused: bad signature');
          throw new AppError(401, INVALID_SIGNATURE);
        }
        let payload: unknown;
        try {
          payload = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError(400, 'the request body is not valid JSON');
        }

        const event = bank.readWebhook(payload);
        if (event.kind === 'ignored') {
          request.log.info({ provider: bank.provider, reason: event.reason }, 'bank webhook ignored');
          return success<WebhookResult>(`event ignored: ${event.reason}`, { status: 'ignored', reason: event.reason });
        }
        if (event.kind === 'card') return cardEvent(ctx, bank, cards, event.reference, request.log);
        if (event.kind === 'customer') {
          const enrolment = (await handleCustomerEvent(ctx, bank, event)) ?? 'unchanged';
          request.log.info({ provider: bank.provider, outcome: event.outcome, enrolment }, 'bank webhook: customer');
          return success<WebhookResult>(`customer event handled: ${enrolment}`, { status: 'customer', enrolment });
        }

        const { transfer } = event;
        const outcome = await creditConfirmedTransfer(ctx, bank, transfer, payload);
        const log = {
          provider: bank.provider,
          reference: transfer.reference,
          amount_kobo: transfer.amountKobo.toString(),
          outcome: outcome.status,
        };
        const { reference } = transfer;
        switch (outcome.status) {
          case 'credited':
            request.log.info(log, 'bank webhook');
            return success<WebhookResult>('transfer credited', { status: 'credited', reference });
          case 'unmatched':
            // The last four digits find the transfer in `npm run report -- unmatched`; the whole
            // number is a customer's, not the log's.
            request.log.warn(
              { ...log, account_last4: transfer.accountNumber.slice(-4) },
              'bank webhook: unknown account, transfer held in suspense',
            );
            return success<WebhookResult>(HELD_IN_SUSPENSE, { status: 'unmatched', reference });
          case 'duplicate':
            request.log.info(log, 'bank webhook');
            return success<WebhookResult>(outcome.unmatched ? ALREADY_IN_SUSPENSE : 'transfer already credited', {
              status: 'duplicate',
              reference,
            });
          case 'disputed':
            request.log.warn(
              { ...log, reason: outcome.reason },
              "bank webhook: the partner's records disagree, not credited",
            );
            return success<WebhookResult>(NOT_CREDITED, { status: 'disputed', reference, reason: outcome.reason });
        }
      },
    );
  });
}

/**
 * A card payment the partner says succeeded: confirmed with its verify call, credited once; 503
 * while the partner cannot answer.
 */
async function cardEvent(
  ctx: AppContext,
  bank: BankPartner,
  cards: CardTopUpDeps,
  reference: string,
  log: FastifyBaseLogger,
) {
  if (cards.bank?.provider !== bank.provider)
    return success<WebhookResult>('event ignored: this partner takes no card payments here', {
      status: 'ignored',
      reason: 'no card payments',
    });
  try {
    const payment = await confirmCardPayment(ctx, cards, reference);
    log.info({ provider: bank.provider, reference, payment: payment.status }, 'bank webhook: card payment');
    return success<WebhookResult>(`card payment ${payment.status}`, {
      status: 'card',
      reference,
      payment: payment.status,
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      return success<WebhookResult>('event ignored: not one of our card payments', {
        status: 'ignored',
        reason: 'unknown card payment',
      });
    }
    if (error instanceof GatewayError)
      throw new AppError(
        503,
        `the card payment could not be confirmed with ${bank.provider} right now; deliver it again later`,
      );
    throw error;
  }
}
