import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { BankPartner } from '../gateways/bankPartner';
import type { AppContext } from '../services/context';
import { creditConfirmedTransfer } from '../services/transferConfirmation';
import { success } from './envelope';
import { routeDoc } from './openapi';

/** The simulated partner's webhook (kept from before the real partners); each real partner has its own. */
export const BANK_WEBHOOK_PATH = '/api/webhooks/bank';

/** Where a partner's webhooks arrive: /api/webhooks/monnify, /api/webhooks/paystack, and the simulated one's. */
export const webhookPathOf = (provider: string) => (provider === 'simulated' ? BANK_WEBHOOK_PATH : `/api/webhooks/${provider}`);

/** A Paystack charge.success is a few KB; this leaves room without letting anyone make us buffer much. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const INVALID_SIGNATURE = 'invalid webhook signature';
export const HELD_IN_SUSPENSE = 'transfer held in suspense: no wallet has this account number';
export const ALREADY_IN_SUSPENSE = 'transfer already held in suspense';
export const NOT_CREDITED = "transfer not credited: the partner's records disagree";

/** What the webhook answers in `data`, also echoed (with the reference) by POST /dev/bank/transfer. */
export type WebhookResult =
  | { status: 'credited' | 'duplicate' | 'unmatched'; reference: string }
  | { status: 'disputed'; reference: string; reason: string }
  | { status: 'ignored'; reason: string };

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
 *
 * Each route lives in its own plugin scope so that only it receives the raw body.
 */
export function registerBankWebhooks(app: FastifyInstance, { ctx, banks }: { ctx: AppContext; banks: readonly BankPartner[] }) {
  for (const bank of banks) registerBankWebhook(app, ctx, bank);
}

function registerBankWebhook(app: FastifyInstance, ctx: AppContext, bank: BankPartner) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(webhookPathOf(bank.provider), { bodyLimit: WEBHOOK_BODY_LIMIT, schema: routeDoc({ summary: `${bank.provider}'s transfer webhook (signed; confirmed and credited once per reference)`, tags: ['webhooks'], errors: [400, 401, 422, 503] }) }, async (request) => {
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

      const { transfer } = event;
      const outcome = await creditConfirmedTransfer(ctx, bank, transfer, payload);
      const log = { provider: bank.provider, reference: transfer.reference, amount_kobo: transfer.amountKobo.toString(), outcome: outcome.status };
      const { reference } = transfer;
      switch (outcome.status) {
        case 'credited':
          request.log.info(log, 'bank webhook');
          return success<WebhookResult>('transfer credited', { status: 'credited', reference });
        case 'unmatched':
          // The last four digits find the transfer in `npm run report -- unmatched`; the whole number is a customer's, not the log's.
          request.log.warn({ ...log, account_last4: transfer.accountNumber.slice(-4) }, 'bank webhook: unknown account, transfer held in suspense');
          return success<WebhookResult>(HELD_IN_SUSPENSE, { status: 'unmatched', reference });
        case 'duplicate':
          request.log.info(log, 'bank webhook');
          return success<WebhookResult>(outcome.unmatched ? ALREADY_IN_SUSPENSE : 'transfer already credited', { status: 'duplicate', reference });
        case 'disputed':
          request.log.warn({ ...log, reason: outcome.reason }, "bank webhook: the partner's records disagree, not credited");
          return success<WebhookResult>(NOT_CREDITED, { status: 'disputed', reference, reason: outcome.reason });
      }
    });
  });
}
