import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DevBankTransferResult } from '../../core/contract';
import { isMovable, type Clock } from '../clock';
import { AppError } from '../errors';
import type { BankPartner, SandboxPayer, SimulatedTransfer, TransferSimulator } from '../gateways/bankPartner';
import type { DevOutbox, OutboxMail } from '../gateways/devOutbox';
import type { DevSms, SentSms } from '../gateways/devSms';
import { simulatedTransferReference } from '../gateways/simulatedBank';
import type { AppContext } from '../services/context';
import { MAX_INCOMING_TRANSFER_KOBO } from '../services/funding/funding';
import { providerOfAccount } from '../services/funding/virtualAccounts';
import { success } from '../http/envelope';
import { routeDoc } from '../http/openapi';
import { catalogId, nairaAmount, requestBody, requiredText } from '../http/fields';
import { repricePlan } from '../services/purchases/catalogSync';
import { webhookPathOf } from './webhooks';

const mailboxQuery = z.object({
  to: z.string({ error: 'to must be one e-mail address' }).max(254, 'to is too long').optional(),
});

const transferBody = requestBody({
  account_number: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'account_number is required'
          : 'account_number must be text',
    })
    .trim()
    .regex(/^\d{10}$/, 'account_number must be the 10-digit account number'),
  amount: nairaAmount('amount', MAX_INCOMING_TRANSFER_KOBO),
  sender_name: requiredText('sender_name', 'sender_name must not be empty', 100).default('Chinedu Eze'),
  sender_bank: requiredText('sender_bank', 'sender_bank must not be empty', 100).default('Guaranty Trust Bank'),
  reference: z
    .string({ error: 'reference must be text' })
    .regex(/^[\x21-\x7e]{1,100}$/, 'reference must be 1 to 100 printable characters without spaces')
    .optional(),
});

const clockBody = requestBody({
  to: z.iso
    .datetime({ offset: true, error: 'to must be an ISO 8601 date and time, e.g. 2026-12-05T09:00:00+01:00' })
    .optional(),
  advance_ms: z
    .number({ error: 'advance_ms must be a number of milliseconds' })
    .int()
    .min(0)
    .max(366 * 24 * 3_600_000)
    .optional(),
});

/** Above any plan sold (₦1,000,000): the bound of a development reprice. */
const MAX_PLAN_PRICE_KOBO = 100_000_000n;
const repriceBody = requestBody({
  package_id: catalogId('package_id'),
  amount: nairaAmount('amount', MAX_PLAN_PRICE_KOBO),
});
const repriceAnswer = z.strictObject({
  package_id: z.number().int().describe('the plan now sold: a new id when the price changed, as a sync replaces it'),
});
const PLAN_NOT_SOLD = 'no plan of that id is sold';

/** A mail of the development outbox, as GET /dev/mailbox lists it. */
const outboxMail: z.ZodType<OutboxMail> = z.strictObject({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  created_at: z.iso.datetime({ offset: true }),
  message_id: z.uuid().optional(),
});

const smsQuery = z.object({
  to: z.string({ error: 'to must be one phone number' }).max(20, 'to is too long').optional(),
});

/** A text of the development SMS sender, as GET /dev/sms lists it. */
const sentSms: z.ZodType<SentSms> = z.strictObject({
  to: z.string(),
  text: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  message_id: z.uuid().optional(),
});

/** A refused delivery still names the reference it was sent under (send it again to replay). */
const refusedTransfer = z.strictObject({ reference: z.string() });

const clockAnswer = z.strictObject({
  now: z.iso.datetime({ offset: true }),
  ran: z
    .record(z.string(), z.number().int())
    .nullable()
    .describe('the scheduled runs the move made, counted by what became of them; null when the clock did not move'),
});

export interface DevRouteDeps {
  /** The development mailbox, when mail stays in the process. */
  outbox?: DevOutbox;
  /** The development texts, when SMS stay in the process. */
  texts?: DevSms;
  ctx: AppContext;
  /** The live bank partners; a transfer goes to the partner of its account number. */
  banks: readonly BankPartner[];
  clock: Clock;
  /** Makes what moving the clock made due (the scheduled runs), and answers what it did. */
  clockMoved?: () => Promise<unknown>;
}

const isTransferSimulator = (bank: BankPartner): bank is BankPartner & TransferSimulator =>
  typeof (bank as Partial<TransferSimulator>).transferWebhook === 'function';
const isSandboxPayer = (bank: BankPartner): bank is BankPartner & SandboxPayer =>
  typeof (bank as Partial<SandboxPayer>).payInSandbox === 'function';

/**
 * Development conveniences, so the product runs with no provider account; never registered in
 * production, where /dev/* is 404.
 */
export function registerDevRoutes(app: FastifyInstance, deps: DevRouteDeps) {
  const { outbox, texts, ctx, banks, clock, clockMoved } = deps;
  if (outbox) {
    app.get(
      '/dev/mailbox',
      {
        schema: routeDoc({
          summary: 'Development only: mail sent to an address',
          tags: ['development'],
          querystring: mailboxQuery,
          data: z.array(outboxMail),
          errors: [422],
        }),
      },
      async (request) => {
        const { to } = mailboxQuery.parse(request.query);
        return success('mailbox', outbox.list(to));
      },
    );
  }
  if (texts) {
    app.get(
      '/dev/sms',
      {
        schema: routeDoc({
          summary: 'Development only: text messages sent to a phone, newest first',
          tags: ['development'],
          querystring: smsQuery,
          data: z.array(sentSms),
          errors: [422],
        }),
      },
      async (request) => {
        const { to } = smsQuery.parse(request.query);
        return success('sms', texts.list(to));
      },
    );
  }

  /**
   * A customer's transfer into a dedicated account, made through the partner of that account:
   * the simulated partner builds and signs its webhook and it is delivered to the same handler a
   * real delivery hits; a real partner's stand-in (SandboxPayer, gateways/sandboxPayments.ts) records the
   * payment and sends its own signed webhook over HTTP to the webhook URL it was started with
   * (this server's /api/webhooks/<partner>). A number no account has
   * goes to the first simulating partner (and so to suspense). Answers the webhook handler's
   * status and envelope, with the reference used (send it again to replay).
   */
  app.post(
    '/dev/bank/transfer',
    {
      schema: routeDoc({
        summary: "Development only: a customer's bank transfer into a dedicated account",
        tags: ['development'],
        body: transferBody,
        data: DevBankTransferResult,
        errors: [404, 422, 503],
        errorData: { 422: refusedTransfer, 503: refusedTransfer },
      }),
    },
    async (request, reply) => {
      const body = transferBody.parse(request.body);
      const transfer: SimulatedTransfer = {
        accountNumber: body.account_number,
        amountKobo: body.amount,
        reference: body.reference ?? simulatedTransferReference(clock.now()),
        senderName: body.sender_name,
        senderBank: body.sender_bank,
      };
      const provider = await providerOfAccount(ctx, transfer.accountNumber);
      const bank =
        banks.find((candidate) => candidate.provider === provider) ??
        (provider === undefined ? banks.find(isTransferSimulator) : undefined);
      if (!bank) throw new AppError(404, `no live bank partner has account ${transfer.accountNumber}`);
      const delivered = await deliverTransfer(bank, transfer);
      const answer = (typeof delivered.body === 'object' && delivered.body !== null ? delivered.body : {}) as {
        data?: Record<string, unknown>;
      };
      return reply.code(delivered.status).send({ ...answer, data: { ...answer.data, reference: transfer.reference } });
    },
  );

  /**
   * The server's clock, moved forward to `to` or by `advance_ms` (never back), then what became
   * due is made at once (scheduled runs), as the next job run would, before the answer: a
   * schedule can be shown running without waiting for its day. `{}` reads the clock.
   */
  app.post(
    '/dev/clock',
    {
      schema: routeDoc({
        summary: "Development only: move the server's clock forward and make what became due",
        tags: ['development'],
        body: clockBody,
        data: clockAnswer,
        errors: [409, 422],
      }),
    },
    async (request) => {
      const body = clockBody.parse(request.body ?? {});
      if (!isMovable(clock)) throw new AppError(409, 'this server runs on the system clock');
      const ms = body.to !== undefined ? new Date(body.to).getTime() - clock.now().getTime() : (body.advance_ms ?? 0);
      if (ms < 0) throw new AppError(409, 'the clock only moves forward');
      clock.advance(ms);
      const ran = ms > 0 && clockMoved ? await clockMoved() : null;
      return success('clock', { now: clock.now().toISOString(), ran });
    },
  );

  /**
   * A plan sold at another price from now, replaced as the catalogue sync replaces one the biller
   * repriced: the simulated biller publishes no list, and a schedule of the plan can then be seen
   * pausing for its price at its next run.
   */
  app.post(
    '/dev/catalog/reprice',
    {
      schema: routeDoc({
        summary: 'Development only: sell a plan at another price, as a catalogue sync would',
        tags: ['development'],
        body: repriceBody,
        data: repriceAnswer,
        errors: [404, 422],
      }),
    },
    async (request) => {
      const body = repriceBody.parse(request.body ?? {});
      const sold = await repricePlan(ctx, body.package_id, body.amount);
      if (sold === null) throw new AppError(404, PLAN_NOT_SOLD);
      return success('plan repriced', { package_id: sold });
    },
  );

  async function deliverTransfer(
    bank: BankPartner,
    transfer: SimulatedTransfer,
  ): Promise<{ status: number; body: unknown }> {
    if (isTransferSimulator(bank)) {
      const webhook = bank.transferWebhook(transfer);
      const delivered = await app.inject({
        method: 'POST',
        url: webhookPathOf(bank.provider),
        headers: webhook.headers,
        payload: webhook.body,
      });
      return { status: delivered.statusCode, body: delivered.json() };
    }
    if (!isSandboxPayer(bank)) throw new AppError(404, `${bank.provider} takes no test payments`);
    return bank.payInSandbox(transfer);
  }
}
