import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { TransferSimulator } from '../gateways/bankPartner';
import type { DevOutbox } from '../gateways/devOutbox';
import { simulatedTransferReference } from '../gateways/simulatedBank';
import { MAX_INCOMING_TRANSFER_KOBO } from '../services/funding';
import { success } from './envelope';
import { routeDoc } from './openapi';
import { nairaAmount, requestBody, requiredText } from './fields';
import { BANK_WEBHOOK_PATH } from './webhooks';

const mailboxQuery = z.object({ to: z.string({ error: 'to must be one e-mail address' }).max(254, 'to is too long').optional() });

const transferBody = requestBody({
  account_number: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'account_number is required' : 'account_number must be text') })
    .trim()
    .regex(/^\d{10}$/, 'account_number must be the 10-digit account number'),
  amount: nairaAmount('amount', 'amount is required', MAX_INCOMING_TRANSFER_KOBO),
  sender_name: requiredText('sender_name', 'sender_name must not be empty', 100).default('Chinedu Eze'),
  sender_bank: requiredText('sender_bank', 'sender_bank must not be empty', 100).default('Guaranty Trust Bank'),
  reference: z
    .string({ error: 'reference must be text' })
    .regex(/^[\x21-\x7e]{1,100}$/, 'reference must be 1 to 100 printable characters without spaces')
    .optional(),
});

export interface DevRouteDeps {
  /** The development mailbox, when mail stays in the process. */
  outbox?: DevOutbox;
  /** The bank partner, when it can simulate a customer's transfer. */
  bank?: TransferSimulator;
  clock: Clock;
}

/** Development conveniences (DESIGN.md §3); never registered in production, where /dev/* is 404. */
export function registerDevRoutes(app: FastifyInstance, { outbox, bank, clock }: DevRouteDeps) {
  if (outbox) {
    app.get('/dev/mailbox', { schema: routeDoc({ summary: 'Development only: mail sent to an address', tags: ['development'], querystring: mailboxQuery, errors: [422] }) }, async (request) => {
      const { to } = mailboxQuery.parse(request.query);
      return success('mailbox', outbox.list(to));
    });
  }

  if (bank) {
    /**
     * A customer's transfer into a dedicated account: the partner's webhook, built and signed as
     * the partner would, delivered to the same handler a real delivery hits. Answers that
     * handler's status and envelope, with the reference used (send it again to replay).
     */
    app.post('/dev/bank/transfer', { schema: routeDoc({ summary: "Development only: a customer's bank transfer into a dedicated account", tags: ['development'], body: transferBody, errors: [422] }) }, async (request, reply) => {
      const body = transferBody.parse(request.body);
      const reference = body.reference ?? simulatedTransferReference(clock.now());
      const webhook = bank.transferWebhook({
        accountNumber: body.account_number,
        amountKobo: body.amount,
        reference,
        senderName: body.sender_name,
        senderBank: body.sender_bank,
      });
      const delivered = await app.inject({ method: 'POST', url: BANK_WEBHOOK_PATH, headers: webhook.headers, payload: webhook.body });
      const answer = delivered.json<{ type: string; message: string; data?: Record<string, unknown> }>();
      return reply.code(delivered.statusCode).send({ ...answer, data: { ...answer.data, reference } });
    });
  }
}
