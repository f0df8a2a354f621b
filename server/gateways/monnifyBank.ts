import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { atLagosTime } from '../../core/days';
import { nairaToKobo } from '../../core/money';
import { GatewayError } from '../errors';
import {
  cleanText,
  WEMA_AND_STERLING,
  partnerHttp,
  WebhookPayloadError,
  type BankCustomer,
  type BankPartner,
  type EnrolmentStep,
  type IdentityNeed,
  type IdentityProof,
  type PartnerOptions,
  type PartnerTransfer,
  type PaymentChannel,
  type SandboxPayer,
  type SimulatedTransfer,
  type TransferRecords,
  type WebhookEvent,
} from './bankPartner';
import type { ProviderHttp, ProviderLog, ProviderRequest, ProviderResponse } from './providerHttp';
import { SandboxPayments } from './sandboxPayments';
import { verifyHmacSha512 } from './webhookSignature';
import { t } from '../i18n';

/**
 * Monnify reserved accounts (developers.monnify.com): one NUBAN at Wema Bank and one at Sterling
 * Bank per customer, money paid into them reported by webhook and confirmed by Monnify's
 * transaction-status call.
 *
 * - Authentication: POST /api/v1/auth/login with Basic base64(apiKey:secretKey) answers a bearer
 *   token and its lifetime in seconds; the token is kept until shortly before it expires, asked
 *   for by one caller at a time, and asked for again once if Monnify answers 401 (expired early).
 * - Accounts: POST /api/v2/bank-transfer/reserved-accounts with our stable customer reference as
 *   accountReference, the verified `bvn` and/or `nin` (the V2 reserve refuses a customer without
 *   one: the CBN's rule), getAllAvailableBanks false and preferredBanks 035 and 232 (not Monnify's
 *   default Moniepoint MFB, 50515: a NIBSS code, not a NUBAN bank code). Monnify refuses a second
 *   reservation under one reference ("existing reserved account with the same reference", or
 *   R42): the reservation was made earlier (before identity came first, or by a call whose answer
 *   was lost), so the identity is added to it with PUT /api/v1/bank-transfer/reserved-accounts/
 *   {accountReference}/kyc-info and its accounts fetched (GET …/reserved-accounts/{accountReference}).
 *   Retried like any idempotent call, since the reference makes it so. The accounts carry the
 *   name Monnify gives them: the identity holder's, not the one we sent.
 * - Webhook: eventType SUCCESSFUL_TRANSACTION, product.type RESERVED_ACCOUNT, header
 *   `monnify-signature`: hex HMAC-SHA512 of the raw body keyed with the secret key. Amounts are
 *   naira (a number or text with two decimals).
 * - Records: GET /api/v2/transactions/{url-encoded transactionReference} (status: the amount, the
 *   currency, the product — RESERVED_ACCOUNT and its accountReference, our customer — and the
 *   payment method), and
 *   GET /api/v1/transactions/search?page&size&from&to (epoch milliseconds) for a day's list.
 */

export const MONNIFY_SIGNATURE_HEADER = 'monnify-signature';

export interface MonnifySettings {
  /** https://sandbox.monnify.com, https://api.monnify.com, or a fake speaking the same API. */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  contractCode: string;
}

/** A token is renewed this long before Monnify says it expires, so no call goes out with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;
const SEARCH_PAGE_SIZE = 100;
/** 100 pages of 100: far beyond a day of reserved-account payments; more is refused rather than cut short. */
const SEARCH_MAX_PAGES = 100;

const envelope = <T extends z.ZodType>(body: T) =>
  z.object({
    requestSuccessful: z.literal(true),
    responseMessage: z.string().optional(),
    responseCode: z.string().optional(),
    responseBody: body,
  });
const refusal = z
  .object({
    requestSuccessful: z.literal(false).optional(),
    responseMessage: z.string().max(500).optional(),
    responseCode: z.string().max(20).optional(),
  })
  .passthrough();

const loginAnswer = envelope(z.object({ accessToken: z.string().min(1), expiresIn: z.number().positive() }));
const reservationAnswer = envelope(
  z.object({
    accountReference: z.string(),
    accountName: z.string().max(200).nullish(),
    accounts: z.array(
      z.object({
        bankCode: z.string(),
        bankName: z.string().max(100),
        accountNumber: z.string(),
        accountName: z.string().max(200).nullish(),
      }),
    ),
  }),
);
const kycAnswer = envelope(z.object({ accountReference: z.string() }).passthrough());
const naira = z.union([z.number(), z.string()]).transform((value, context) => {
  const kobo = nairaToKobo(value);
  if (kobo === null) {
    context.addIssue({ code: 'custom', message: 'not a naira amount' });
    return z.NEVER;
  }
  return kobo;
});
const transactionRecord = z.object({
  transactionReference: z.string().min(1).max(100),
  amountPaid: naira,
  paymentStatus: z.string().max(50),
  paidOn: z.string().nullish(),
  completedOn: z.string().nullish(),
  currency: z.string().max(10).nullish(),
  paymentMethod: z.string().max(50).nullish(),
  product: z.object({ type: z.string(), reference: z.string().nullish() }).nullish(),
  customer: z.object({ email: z.string().max(254).nullish() }).nullish(),
});
const statusAnswer = envelope(transactionRecord);
const searchAnswer = envelope(
  z.object({
    content: z.array(transactionRecord),
    last: z.boolean().optional(),
    totalPages: z.number().int().nonnegative().optional(),
  }),
);

const webhookEnvelope = z.object({ eventType: z.string().max(100), eventData: z.looseObject({}) });
const successfulTransaction = z.object({
  product: z.object(
    { type: z.string().max(50), reference: z.string().max(100).nullish() },
    { error: 'eventData.product must be an object' },
  ),
  transactionReference: z
    .string({ error: 'eventData.transactionReference must be text' })
    .regex(
      /^[\x21-\x7e]{1,100}$/,
      'eventData.transactionReference must be 1 to 100 printable characters without spaces',
    ),
  amountPaid: naira.refine((kobo) => kobo > 0n, 'eventData.amountPaid must be more than zero'),
  paymentStatus: z.string({ error: 'eventData.paymentStatus must be text' }).max(50),
  currency: z.string({ error: 'eventData.currency must be text' }).max(10),
  paidOn: z.string().max(50).nullish(),
  destinationAccountInformation: z.object(
    {
      accountNumber: z
        .string()
        .regex(/^\d{10}$/, 'eventData.destinationAccountInformation.accountNumber must be 10 digits'),
    },
    { error: 'eventData.destinationAccountInformation must be an object' },
  ),
  paymentSourceInformation: z
    .array(z.object({ accountName: z.string().max(1_000).nullish(), bankCode: z.string().max(20).nullish() }))
    .nullish(),
});

/** Monnify's statuses: only PAID (and OVERPAID, the amount paid being what arrived) is money. */
function statusOf(paymentStatus: string): PartnerTransfer['status'] {
  if (paymentStatus === 'PAID' || paymentStatus === 'OVERPAID') return 'paid';
  if (paymentStatus === 'PENDING' || paymentStatus === 'PARTIALLY_PAID') return 'pending';
  return 'failed';
}

/** Monnify's times ("2021-11-17 11:28:42.615", or "17/11/2021 11:28:42 AM" in older answers) are Lagos time. */
export function monnifyTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (iso)
    return atLagosTime(
      Number(iso[1]),
      Number(iso[2]),
      Number(iso[3]),
      Number(iso[4]),
      Number(iso[5]),
      Number(iso[6]),
      Number((iso[7] ?? '0').padEnd(3, '0')),
    );
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2}) ?(AM|PM)$/i.exec(text.trim());
  if (!dmy) return null;
  const hour = (Number(dmy[4]) % 12) + (dmy[7].toUpperCase() === 'PM' ? 12 : 0);
  return atLagosTime(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]), hour, Number(dmy[5]), Number(dmy[6]));
}

const IDENTITY_REQUIRED = 'Monnify opens accounts only with a verified BVN or NIN';

/** Monnify's own words on why (its messages name the field: "Invalid BVN"), for the user to act on. */
const monnifyRefused = (message: string) =>
  'Monnify could not open your accounts: ' +
  `${cleanText(message, 'it gave no reason', 200)}. Check the number, then try again.`;

const reservationPath = (reference: string) =>
  `/api/v2/bank-transfer/reserved-accounts/${encodeURIComponent(reference)}`;
/** What a customer reads when Monnify cannot be used (a wrong key, an answer we cannot read). */
const MONNIFY_NOT_ANSWERING = /*i18n*/ {
  id: 'partner.monnify.down',
  message: 'Monnify is not answering right now. Please try again in a few minutes.',
};
/** `{what}`: the call whose answer was not understood, as the log names it. */
const MONNIFY_UNREADABLE = /*i18n*/ {
  id: 'partner.monnify.unreadable',
  message: 'Monnify gave an answer we could not read ({what}). Please try again in a few minutes.',
};

/** The BVN/NIN update is a v1 endpoint (Monnify's "BVN/NIN update" guide). */
const kycInfoPath = (reference: string) =>
  `/api/v1/bank-transfer/reserved-accounts/${encodeURIComponent(reference)}/kyc-info`;

export class MonnifyBank implements BankPartner, TransferRecords, SandboxPayer {
  readonly provider = 'monnify';
  readonly displayName = 'Monnify';
  readonly identityNeeds: readonly IdentityNeed[] = [];
  readonly cards = null;
  readonly signatureHeader = MONNIFY_SIGNATURE_HEADER;
  readonly records: TransferRecords = this;
  readonly #settings: MonnifySettings;
  readonly #http: ProviderHttp;
  readonly #sandbox: SandboxPayments;
  readonly #log: ProviderLog;
  readonly #now: () => number;
  #token: { value: string; renewAt: number } | undefined;
  #login: Promise<string> | undefined;

  constructor(settings: MonnifySettings, options: PartnerOptions) {
    this.#settings = settings;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#sandbox = new SandboxPayments(this.provider, settings.baseUrl);
    this.#http = partnerHttp('Monnify', settings.baseUrl, options, [
      'accountReference',
      'expiresIn',
      'totalPages',
      'last',
      'bankCode',
      'amountPaid',
      'eventType',
    ]);
  }

  /** The circuit breaker's state, for tests and health pages. */
  get breakerState() {
    return this.#http.breakerState;
  }

  async enrol(customer: BankCustomer, proof: IdentityProof): Promise<EnrolmentStep> {
    if (!proof.bvn && !proof.nin) return { status: 'refused', reason: IDENTITY_REQUIRED };
    const identity = { ...(proof.bvn ? { bvn: proof.bvn } : {}), ...(proof.nin ? { nin: proof.nin } : {}) };
    const created = await this.#call({
      method: 'POST',
      path: '/api/v2/bank-transfer/reserved-accounts',
      json: {
        accountReference: customer.reference,
        accountName: customer.name.slice(0, 50),
        currencyCode: 'NGN',
        contractCode: this.#settings.contractCode,
        customerEmail: customer.email,
        customerName: customer.name,
        ...identity,
        getAllAvailableBanks: false,
        preferredBanks: WEMA_AND_STERLING.map((bank) => bank.bankCode),
      },
      // The accountReference makes a repeat harmless: Monnify refuses it, and the identity is added to the reservation.
      idempotent: true,
    });
    if (created.status === 200) return this.#accountsOf(created, 'reserved accounts');
    const refused = this.#refusal(created);
    if (!refused.existing) return { status: 'refused', reason: monnifyRefused(refused.message) };
    const updated = await this.#call({
      method: 'PUT',
      path: kycInfoPath(customer.reference),
      json: identity,
      idempotent: true,
    });
    if (updated.status !== 200 || !kycAnswer.safeParse(updated.body).success) {
      const reason = this.#refusal(updated);
      if (updated.status >= 400 && updated.status < 500 && updated.status !== 401)
        return { status: 'refused', reason: monnifyRefused(reason.message) };
      throw this.#unreadable('identity update');
    }
    return this.resume(customer);
  }

  /**
   * The reservation under the customer's reference, if Monnify holds one: it is made with the
   * identity, or not at all.
   */
  async resume(customer: BankCustomer): Promise<EnrolmentStep> {
    const existing = await this.#call({ method: 'GET', path: reservationPath(customer.reference), idempotent: true });
    if (existing.status === 404)
      return { status: 'needs-identity', reason: 'Monnify holds no reservation for this customer yet' };
    return this.#accountsOf(existing, 'reserved accounts');
  }

  #accountsOf(answer: ProviderResponse, what: string): EnrolmentStep {
    const parsed = answer.status === 200 ? reservationAnswer.safeParse(answer.body) : undefined;
    if (!parsed?.success) throw this.#unreadable(what);
    const { accounts, accountName } = parsed.data.responseBody;
    // The banks asked for; Monnify's own Moniepoint (bank code 50515, a NIBSS code and no NUBAN
    // bank code) is not asked for, and an account there would not be listed.
    return {
      status: 'ready',
      accounts: WEMA_AND_STERLING.flatMap(({ bankName, bankCode }) => {
        const account = accounts.find((candidate) => candidate.bankCode === bankCode);
        return account
          ? [
              {
                bankName,
                bankCode,
                accountNumber: account.accountNumber,
                accountName: cleanText(account.accountName ?? accountName, '') || null,
              },
            ]
          : [];
      }),
    };
  }

  /** What a refusal says: Monnify's message, and whether it refused because the reference is reserved already. */
  #refusal(refused: ProviderResponse): { message: string; existing: boolean } {
    const reason = refusal.safeParse(refused.body);
    const message = reason.success ? (reason.data.responseMessage ?? '') : '';
    const code = reason.success ? reason.data.responseCode : undefined;
    if (refused.status === 401) throw this.#unreadable('authorisation');
    if (refused.status >= 500 || !reason.success) throw this.#unreadable('reserved accounts');
    const existing = code === 'R42' || /same reference|already exist/i.test(message);
    if (!existing)
      this.#log.warn(
        { provider: this.provider, status: refused.status, responseCode: code, responseMessage: message.slice(0, 200) },
        'monnify refused the reserved accounts',
      );
    return { message, existing };
  }

  /** Development only: see SandboxPayer. */
  payInSandbox(transfer: SimulatedTransfer): Promise<{ status: number; body: unknown }> {
    return this.#sandbox.pay(transfer);
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
    return verifyHmacSha512(this.#settings.secretKey, rawBody, headers[this.signatureHeader]);
  }

  readWebhook(payload: unknown): WebhookEvent {
    const outer = webhookEnvelope.safeParse(payload);
    if (!outer.success)
      throw new WebhookPayloadError('the webhook body is not an event: expected { eventType, eventData }');
    const { eventType, eventData } = outer.data;
    if (eventType !== 'SUCCESSFUL_TRANSACTION')
      return { kind: 'ignored', reason: `event ${cleanText(eventType, '(empty)', 60)} is not handled` };
    const productType = (eventData.product as { type?: unknown } | undefined)?.type;
    if (productType !== 'RESERVED_ACCOUNT') return { kind: 'ignored', reason: 'not a payment into a reserved account' };

    const parsed = successfulTransaction.safeParse(eventData);
    if (!parsed.success)
      throw new WebhookPayloadError(parsed.error.issues[0]?.message ?? 'the webhook body is not valid');
    const payment = parsed.data;
    if (statusOf(payment.paymentStatus) !== 'paid')
      return {
        kind: 'ignored',
        reason: `status ${cleanText(payment.paymentStatus, '(empty)', 50)} is not a completed payment`,
      };
    if (payment.currency !== 'NGN')
      return { kind: 'ignored', reason: `currency ${cleanText(payment.currency, '(empty)', 10)} is not accepted` };
    const source = payment.paymentSourceInformation?.[0];
    return {
      kind: 'transfer',
      transfer: {
        reference: payment.transactionReference,
        amountKobo: payment.amountPaid,
        accountNumber: payment.destinationAccountInformation.accountNumber,
        senderName: cleanText(source?.accountName, 'Unknown sender'),
        // Monnify names the sending bank by code only, and often not at all.
        senderBank: 'another bank',
        paidAt: monnifyTime(payment.paidOn),
      },
    };
  }

  async lookupTransfer(reference: string): Promise<PartnerTransfer | null> {
    const answer = await this.#call({
      method: 'GET',
      path: `/api/v2/transactions/${encodeURIComponent(reference)}`,
      idempotent: true,
    });
    if (
      answer.status === 404 ||
      (answer.status === 400 &&
        /not find|not found|does not exist/i.test(refusal.safeParse(answer.body).data?.responseMessage ?? ''))
    ) {
      return null;
    }
    const parsed = answer.status === 200 ? statusAnswer.safeParse(answer.body) : undefined;
    if (!parsed?.success) throw this.#unreadable('transaction status');
    return recordOf(parsed.data.responseBody);
  }

  async listTransfers(from: Date, to: Date): Promise<PartnerTransfer[]> {
    const transfers: PartnerTransfer[] = [];
    for (let page = 0; ; page++) {
      if (page >= SEARCH_MAX_PAGES)
        throw new GatewayError(
          `Monnify listed more than ${SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE} transactions for the period: ` +
            'reconcile it in smaller parts',
        );
      const query = new URLSearchParams({
        page: String(page),
        size: String(SEARCH_PAGE_SIZE),
        from: String(from.getTime()),
        to: String(to.getTime() - 1),
      });
      const answer = await this.#call({
        method: 'GET',
        path: `/api/v1/transactions/search?${query}`,
        idempotent: true,
      });
      const parsed = answer.status === 200 ? searchAnswer.safeParse(answer.body) : undefined;
      if (!parsed?.success) throw this.#unreadable('transaction list');
      const { content, last, totalPages } = parsed.data.responseBody;
      for (const record of content) if (record.product?.type === 'RESERVED_ACCOUNT') transfers.push(recordOf(record));
      if (content.length === 0 || last === true || (totalPages !== undefined && page + 1 >= totalPages))
        return transfers;
    }
  }

  /** A call with the bearer token; a 401 (the token lapsed early) logs in again and repeats the call once. */
  async #call(request: ProviderRequest): Promise<ProviderResponse> {
    const send = async () =>
      this.#http.request({ ...request, headers: { authorization: `Bearer ${await this.#accessToken()}` } });
    const answer = await send();
    if (answer.status !== 401) return answer;
    this.#token = undefined;
    const again = await send();
    if (again.status === 401) throw this.#unreadable('authorisation');
    return again;
  }

  /** The cached token, or a new one: one login at a time, however many calls need it. */
  async #accessToken(): Promise<string> {
    if (this.#token && this.#now() < this.#token.renewAt) return this.#token.value;
    this.#login ??= this.#logIn().finally(() => {
      this.#login = undefined;
    });
    return this.#login;
  }

  async #logIn(): Promise<string> {
    const basic = Buffer.from(`${this.#settings.apiKey}:${this.#settings.secretKey}`).toString('base64');
    const answer = await this.#http.request({
      method: 'POST',
      path: '/api/v1/auth/login',
      headers: { authorization: `Basic ${basic}` },
      idempotent: true,
    });
    const parsed = answer.status === 200 ? loginAnswer.safeParse(answer.body) : undefined;
    if (!parsed?.success) {
      // Wrong keys are the operator's to fix: the log says so; the user reads that funding is unavailable.
      this.#log.warn(
        { provider: this.provider, status: answer.status },
        'monnify login refused: check MONNIFY_API_KEY and MONNIFY_SECRET_KEY',
      );
      throw new GatewayError(t(MONNIFY_NOT_ANSWERING));
    }
    const { accessToken, expiresIn } = parsed.data.responseBody;
    this.#token = { value: accessToken, renewAt: this.#now() + Math.max(0, expiresIn * 1000 - TOKEN_MARGIN_MS) };
    return accessToken;
  }

  #unreadable(what: string): GatewayError {
    this.#log.warn({ provider: this.provider, what }, 'monnify answer not understood');
    return new GatewayError(t(MONNIFY_UNREADABLE, { what }));
  }
}

/**
 * Monnify's product types: RESERVED_ACCOUNT is a transfer into one of our customers' accounts; a
 * card is its checkout's.
 */
function channelOf(record: z.output<typeof transactionRecord>): PaymentChannel {
  if (
    record.product?.type === 'RESERVED_ACCOUNT' &&
    (record.paymentMethod ?? 'ACCOUNT_TRANSFER') === 'ACCOUNT_TRANSFER'
  )
    return 'transfer';
  return record.paymentMethod === 'CARD' ? 'card' : 'other';
}

function recordOf(record: z.output<typeof transactionRecord>): PartnerTransfer {
  return {
    reference: record.transactionReference,
    channel: channelOf(record),
    currency: record.currency ?? null,
    customerEmail: record.customer?.email ?? null,
    status: statusOf(record.paymentStatus),
    partnerStatus: record.paymentStatus,
    amountKobo: record.amountPaid,
    // The status call names the reserved account by its accountReference, not its number.
    accountNumber: null,
    customerReference: record.product?.type === 'RESERVED_ACCOUNT' ? (record.product.reference ?? null) : null,
    paidAt: monnifyTime(record.paidOn ?? record.completedOn),
  };
}
