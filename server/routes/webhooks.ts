import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { BankPartner } from '../gateways/bankPartner';
import type { AppContext } from '../services/context';
import { creditIncomingTransfer } from '../services/funding';
import { success } from './envelope';
import { routeDoc } from './openapi';

export const BANK_WEBHOOK_PATH = '/api/webhooks/bank';

/** A Paystack charge.success is a few KB; this leaves room without letting anyone make us buffer much. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const INVALID_SIGNATURE = 'invalid webhook signature';
export const HELD_IN_SUSPENSE = 'transfer held in suspense: no wallet has this account number';
export const ALREADY_IN_SUSPENSE = 'transfer already held in suspense';

/** What the webhook answers in `data`, also echoed (with the reference) by POST /dev/bank/transfer. */
export type WebhookResult = { status: 'credited' | 'duplicate' | 'unmatched'; reference: string } | { status: 'ignored'; reason: string };

/**
 * POST /api/webhooks/bank: the bank partner reports money paid into a dedicated account.
 *
 * 1. The signature header (`x-paystack-signature` for the default partner: hex HMAC-SHA512
 *    of the raw body keyed with BANK_WEBHOOK_SECRET) is checked over the exact bytes received,
 *    in constant time, before anything is parsed: a bad or missing signature, a changed byte,
 *    or the same JSON re-serialised is 401 and nothing is written.
 * 2. The body is read: a malformed (but signed) one is 422, so the partner's retries make it
 *    visible; an event we do not handle (another event, channel, currency) is acknowledged
 *    with 200 and ignored.
 * 3. The transfer is credited exactly once per reference (services/funding.ts). A repeat is
 *    200 "already credited". A transfer to an account number nobody has is held in suspense
 *    (services/suspense.ts: recorded once, credited to no one, listed by `npm run report --
 *    unmatched`) and answered 200 too, since a partner retries anything but 200, for days.
 *
 * The route lives in its own plugin scope so that only it receives the raw body.
 */
export function registerBankWebhook(app: FastifyInstance, { ctx, bank }: { ctx: AppContext; bank: BankPartner }) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(BANK_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT, schema: routeDoc({ summary: "The bank partner's transfer webhook (signed; credited once per reference)", tags: ['webhooks'], errors: [400, 401, 422] }) }, async (request) => {
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
      const outcome = await creditIncomingTransfer(ctx, bank.provider, transfer, payload);
      const log = { provider: bank.provider, reference: transfer.reference, amount_kobo: transfer.amountKobo.toString(), outcome: outcome.status };
      const { reference } = transfer;
      switch (outcome.status) {
        case 'credited':
          request.log.info(log, 'bank webhook');
          return success<WebhookResult>('transfer credited', { status: 'credited', reference });
        case 'unmatched':
          request.log.warn({ ...log, account_number: transfer.accountNumber }, 'bank webhook: unknown account, transfer held in suspense');
          return success<WebhookResult>(HELD_IN_SUSPENSE, { status: 'unmatched', reference });
        case 'duplicate':
          request.log.info(log, 'bank webhook');
          return success<WebhookResult>(outcome.unmatched ? ALREADY_IN_SUSPENSE : 'transfer already credited', { status: 'duplicate', reference });
      }
    });
  });
}
