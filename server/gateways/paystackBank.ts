import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { GatewayError } from '../errors';
import {
  cleanText,
  partnerHttp,
  type AssignedAccount,
  type BankCustomer,
  type BankPartner,
  type CardGateway,
  type CardPaymentStart,
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
import { PAYSTACK_SIGNATURE_HEADER, paystackTime, readPaystackEvent } from './paystackWebhook';
import { ProviderUnavailableError, type ProviderHttp, type ProviderLog, type ProviderResponse } from './providerHttp';
import { SandboxPayments } from './sandboxPayments';
import { verifyHmacSha512 } from './webhookSignature';
import { t } from '../i18n';

/**
 * Paystack dedicated virtual accounts and card checkout (paystack.com/docs): one NUBAN per
 * customer at Paystack's partner bank, money paid into it reported by `charge.success` and
 * confirmed by Paystack's verify call; card top-ups through its hosted checkout. Every call
 * carries `Authorization: Bearer <secret key>`.
 *
 * - Accounts, the multi-step flow of /docs/payments/dedicated-virtual-accounts: POST /customer
 *   (Paystack keys customers by e-mail, so asking again answers the same customer); a business
 *   in financial services must then validate the customer, POST /customer/{code}/identification
 *   { country NG, type bank_account, bvn, bank_code, account_number, first_name, last_name }
 *   (202 "Customer Identification in progress"), whose outcome arrives by webhook
 *   (`customeridentification.success|failed`). Only a BVN with one of the customer's own bank
 *   accounts validates: a NIN alone gets no Paystack account. Once GET /customer/{code} says
 *   `identified`, GET /dedicated_account?active=true&customer=<id> for an account it already has
 *   at the partner bank, else POST /dedicated_account { customer, preferred_bank }. The create
 *   is not retried (a repeat might assign a second number); the next attempt finds the first one
 *   through the list.
 * - Cards: POST /transaction/initialize { email, amount, reference, currency, channels,
 *   callback_url, metadata.cancel_action } → a one-time authorization_url the app sends the
 *   customer to; value only after GET /transaction/verify/:reference says success.
 * - Webhook: the `charge.success` reader of paystackWebhook.ts, header `x-paystack-signature`
 *   (hex HMAC-SHA512 of the raw body keyed with the secret key).
 * - Records: GET /transaction/verify/:reference (a reference Paystack does not know is 400
 *   "Transaction reference not found"), and GET /transaction?from&to&status&perPage&page for a
 *   day's list. Amounts are kobo. Each transaction names its mode, `domain` `test` or `live`,
 *   which follows the key (`sk_test_…`, `sk_live_…`): a record in another mode than our key's is
 *   refused whatever its status (a test card's payment moves no real money).
 */

export interface PaystackSettings {
  /** https://api.paystack.co (test and live keys share it), or a fake speaking the same API. */
  baseUrl: string;
  secretKey: string;
}

/** The partner banks Paystack offers for dedicated accounts, by slug, with their CBN codes. */
export const PAYSTACK_BANKS = {
  'wema-bank': { bankName: 'Wema Bank', bankCode: '035' },
  'titan-paystack': { bankName: 'Paystack-Titan', bankCode: '100039' },
} as const;
export type PaystackBankSlug = keyof typeof PAYSTACK_BANKS;

const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 100;

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string().optional(), data });
const refusal = z
  .object({ status: z.literal(false).optional(), message: z.string().max(500).optional() })
  .passthrough();

const customerAnswer = envelope(
  z.object({ id: z.number().int(), customer_code: z.string().min(1), identified: z.boolean().nullish() }),
);
const acknowledged = z.object({ status: z.literal(true), message: z.string().max(500).optional() });
const initializeAnswer = envelope(
  z.object({ authorization_url: z.string().url().max(2_000), reference: z.string().max(100) }),
);
const dedicatedAccount = z.object({
  account_number: z.string(),
  account_name: z.string().max(200).nullish(),
  active: z.boolean().optional(),
  bank: z.object({ slug: z.string() }),
});
const accountAnswer = envelope(dedicatedAccount);
const accountListAnswer = envelope(z.array(dedicatedAccount));
const transaction = z.object({
  reference: z.string().min(1).max(100),
  domain: z.string().max(20).nullish(),
  amount: z.number().int().nonnegative(),
  status: z.string().max(50),
  channel: z.string().nullish(),
  paid_at: z.string().nullish(),
  currency: z.string().max(10).nullish(),
  metadata: z.object({ receiver_account_number: z.string().nullish() }).nullish().catch(null),
  authorization: z.object({ receiver_bank_account_number: z.string().nullish() }).nullish(),
  customer: z.object({ email: z.string().max(254).nullish() }).nullish(),
});
const verifyAnswer = envelope(transaction);
const listAnswer = z.object({
  status: z.literal(true),
  data: z.array(transaction),
  meta: z
    .object({ pageCount: z.number().int().nonnegative().optional(), page: z.number().int().optional() })
    .optional(),
});

/** Paystack's transaction statuses: only `success` is money. */
function statusOf(status: string): PartnerTransfer['status'] {
  if (status === 'success') return 'paid';
  if (['ongoing', 'pending', 'processing', 'queued'].includes(status)) return 'pending';
  return 'failed';
}

export const PAYSTACK_NEEDS_BVN =
  'Paystack gives an account number only to customers who verify a BVN with one of their own bank ' +
  'accounts; you have verified a NIN only.';
export const PAYSTACK_NEEDS_BANK_ACCOUNT =
  'Paystack confirms a BVN with one of your own bank accounts: add its bank and number to get this account number.';
const paystackRefused = (message: string | undefined) =>
  'Paystack could not confirm your BVN with that bank account ' +
  `(${cleanText(message, 'no reason given', 200)}). Check the account is yours and in your name, then try ` +
  'again.';

/** Paystack's channels: a transfer into a dedicated account, or its checkout's card. */
const channelOf = (channel: string | null | undefined): PaymentChannel =>
  channel === 'dedicated_nuban' ? 'transfer' : channel === 'card' ? 'card' : 'other';

/** What a customer reads when Paystack refused or failed a call; `{what}`: the call, as the log names it. */
const PAYSTACK_REFUSED = /*i18n*/ {
  id: 'partner.paystack.refused',
  message: 'Paystack could not complete the request ({what}) right now. Please try again in a few minutes.',
};

/** "Chioma Ngozi Okafor" → first "Chioma", last "Ngozi Okafor"; a single name is both. */
function namesOf(name: string): { first_name: string; last_name: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') || first };
}

export class PaystackBank implements BankPartner, TransferRecords, CardGateway, SandboxPayer {
  readonly provider = 'paystack';
  readonly displayName = 'Paystack';
  readonly identityNeeds: readonly IdentityNeed[] = ['bvn', 'bank_account'];
  readonly signatureHeader = PAYSTACK_SIGNATURE_HEADER;
  readonly records: TransferRecords = this;
  readonly cards: CardGateway = this;
  readonly #settings: PaystackSettings;
  readonly #http: ProviderHttp;
  readonly #sandbox: SandboxPayments;
  readonly #log: ProviderLog;
  readonly #bank: PaystackBankSlug;
  /** The mode of our key, which every transaction we credit must share (Paystack's `domain`). */
  readonly #mode: 'live' | 'test';

  constructor(settings: PaystackSettings, options: PartnerOptions & { preferredBank?: PaystackBankSlug }) {
    this.#settings = settings;
    this.#mode = settings.secretKey.startsWith('sk_live_') ? 'live' : 'test';
    this.#log = options.log;
    this.#bank = options.preferredBank ?? 'wema-bank';
    this.#sandbox = new SandboxPayments(this.provider, settings.baseUrl);
    this.#http = partnerHttp('Paystack', settings.baseUrl, options, [
      'customer_code',
      'slug',
      'channel',
      'pageCount',
      'page',
    ]);
  }

  get breakerState() {
    return this.#http.breakerState;
  }

  async enrol(customer: BankCustomer, proof: IdentityProof): Promise<EnrolmentStep> {
    if (!proof.bvn) return { status: 'skipped', reason: PAYSTACK_NEEDS_BVN };
    if (!proof.bankAccount) return { status: 'skipped', reason: PAYSTACK_NEEDS_BANK_ACCOUNT };
    const { code, identified } = await this.#customer(customer);
    if (identified) return this.#dedicatedAccount(code);
    let answer: ProviderResponse;
    try {
      answer = await this.#call(
        'POST',
        `/customer/${encodeURIComponent(code)}/identification`,
        {
          country: 'NG',
          type: 'bank_account',
          bvn: proof.bvn,
          bank_code: proof.bankAccount.bankCode,
          account_number: proof.bankAccount.accountNumber,
          ...namesOf(customer.name),
        },
        false,
      );
    } catch (error) {
      // Paystack may have received it: its webhook, or the next resume, tells.
      if (error instanceof ProviderUnavailableError && error.maybeReceived)
        return { status: 'waiting', customerCode: code };
      throw error;
    }
    if ((answer.status === 200 || answer.status === 202) && acknowledged.safeParse(answer.body).success)
      return { status: 'waiting', customerCode: code };
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401) {
      return {
        status: 'refused',
        reason: paystackRefused(refusal.safeParse(answer.body).data?.message),
        customerCode: code,
      };
    }
    throw this.#refused(answer, 'customer validation');
  }

  /** Once Paystack has validated the customer: their dedicated account, found or made; until then, still waiting. */
  async resume(customer: BankCustomer, customerCode: string | null): Promise<EnrolmentStep> {
    const fetched = await this.#call(
      'GET',
      `/customer/${encodeURIComponent(customerCode ?? customer.email)}`,
      undefined,
      true,
    );
    if (fetched.status === 404) return { status: 'needs-identity', reason: 'Paystack has no such customer yet' };
    const parsed = customerAnswer.safeParse(fetched.body);
    if (fetched.status !== 200 || !parsed.success) throw this.#refused(fetched, 'customer');
    const { customer_code: code, identified } = parsed.data.data;
    return identified ? this.#dedicatedAccount(code) : { status: 'waiting', customerCode: code };
  }

  /** Creates the customer, or finds them (Paystack keys customers by e-mail). */
  async #customer(customer: BankCustomer): Promise<{ code: string; identified: boolean }> {
    const created = await this.#call(
      'POST',
      '/customer',
      { email: customer.email, ...namesOf(customer.name), phone: customer.phone },
      true,
    );
    const parsed = customerAnswer.safeParse(created.body);
    if (created.status !== 200 || !parsed.success) throw this.#refused(created, 'customer');
    return { code: parsed.data.data.customer_code, identified: parsed.data.data.identified === true };
  }

  /** The validated customer's account at the partner bank: the one Paystack has, or a new one. */
  async #dedicatedAccount(customerCode: string): Promise<EnrolmentStep> {
    const fetched = await this.#call('GET', `/customer/${encodeURIComponent(customerCode)}`, undefined, true);
    const customer = customerAnswer.safeParse(fetched.body);
    if (fetched.status !== 200 || !customer.success) throw this.#refused(fetched, 'customer');
    const listed = await this.#call(
      'GET',
      `/dedicated_account?${new URLSearchParams({ active: 'true', customer: String(customer.data.data.id) })}`,
      undefined,
      true,
    );
    const list = accountListAnswer.safeParse(listed.body);
    if (listed.status !== 200 || !list.success) throw this.#refused(listed, 'dedicated account list');
    const existing = list.data.data.find((account) => account.bank.slug === this.#bank && account.active !== false);
    if (existing) return { status: 'ready', accounts: [this.#assigned(existing)], customerCode };

    const made = await this.#call(
      'POST',
      '/dedicated_account',
      { customer: customerCode, preferred_bank: this.#bank },
      false,
    );
    const account = accountAnswer.safeParse(made.body);
    if (made.status !== 200 || !account.success) throw this.#refused(made, 'dedicated account');
    return { status: 'ready', accounts: [this.#assigned(account.data.data)], customerCode };
  }

  #assigned(account: z.output<typeof dedicatedAccount>): AssignedAccount {
    return {
      ...PAYSTACK_BANKS[this.#bank],
      accountNumber: account.account_number,
      accountName: cleanText(account.account_name, '') || null,
    };
  }

  async initialize(payment: CardPaymentStart): Promise<{ authorisationUrl: string }> {
    const answer = await this.#call(
      'POST',
      '/transaction/initialize',
      {
        email: payment.email,
        amount: String(payment.chargedKobo),
        reference: payment.reference,
        currency: 'NGN',
        channels: ['card'],
        callback_url: payment.callbackUrl,
        metadata: { cancel_action: payment.cancelUrl },
      },
      false,
    );
    const parsed = answer.status === 200 ? initializeAnswer.safeParse(answer.body) : undefined;
    if (!parsed?.success) throw this.#refused(answer, 'card payment');
    return { authorisationUrl: parsed.data.data.authorization_url };
  }

  verify(reference: string): Promise<PartnerTransfer | null> {
    return this.lookupTransfer(reference);
  }

  /** Development only: see SandboxPayer. */
  payInSandbox(transfer: SimulatedTransfer): Promise<{ status: number; body: unknown }> {
    return this.#sandbox.pay(transfer);
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
    return verifyHmacSha512(this.#settings.secretKey, rawBody, headers[this.signatureHeader]);
  }

  readWebhook(payload: unknown): WebhookEvent {
    return readPaystackEvent(payload);
  }

  async lookupTransfer(reference: string): Promise<PartnerTransfer | null> {
    const answer = await this.#call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, undefined, true);
    if (
      (answer.status === 400 || answer.status === 404) &&
      /not found/i.test(refusal.safeParse(answer.body).data?.message ?? '')
    )
      return null;
    const parsed = answer.status === 200 ? verifyAnswer.safeParse(answer.body) : undefined;
    if (!parsed?.success) throw this.#refused(answer, 'transaction verification');
    const record = recordOf(parsed.data.data, this.#mode);
    if (record.refusal) {
      const domain = cleanText(parsed.data.data.domain, 'none', 20);
      const fields = { provider: this.provider, reference: record.reference, domain, key: this.#mode };
      this.#log.warn(fields, 'paystack reported a payment in another mode than the key: not credited');
    }
    return record;
  }

  async listTransfers(from: Date, to: Date): Promise<PartnerTransfer[]> {
    const transfers: PartnerTransfer[] = [];
    for (let page = 1; ; page++) {
      if (page > LIST_MAX_PAGES)
        throw new GatewayError(
          `Paystack listed more than ${LIST_MAX_PAGES * LIST_PAGE_SIZE} transactions for the period: ` +
            'reconcile it in smaller parts',
        );
      const query = new URLSearchParams({
        from: from.toISOString(),
        to: new Date(to.getTime() - 1).toISOString(),
        status: 'success',
        perPage: String(LIST_PAGE_SIZE),
        page: String(page),
      });
      const answer = await this.#call('GET', `/transaction?${query}`, undefined, true);
      const parsed = answer.status === 200 ? listAnswer.safeParse(answer.body) : undefined;
      if (!parsed?.success) throw this.#refused(answer, 'transaction list');
      for (const record of parsed.data.data) {
        if (channelOf(record.channel) !== 'other') transfers.push(recordOf(record, this.#mode));
      }
      const pageCount = parsed.data.meta?.pageCount ?? page;
      if (parsed.data.data.length === 0 || page >= pageCount) return transfers;
    }
  }

  #call(method: 'GET' | 'POST', path: string, json: unknown, idempotent: boolean): Promise<ProviderResponse> {
    return this.#http.request({
      method,
      path,
      json,
      idempotent,
      headers: { authorization: `Bearer ${this.#settings.secretKey}` },
    });
  }

  /**
   * An answer that is not the documented success: logged for the operator (a 401 is a wrong key), a
   * GatewayError for the caller.
   */
  #refused(answer: ProviderResponse, what: string): GatewayError {
    const message = refusal.safeParse(answer.body).data?.message;
    this.#log.warn(
      { provider: this.provider, what, status: answer.status, message: message?.slice(0, 200) },
      answer.status === 401 ? 'paystack refused the key: check PAYSTACK_SECRET_KEY' : 'paystack answer not usable',
    );
    return new GatewayError(t(PAYSTACK_REFUSED, { what }));
  }
}

/** Why a transaction in another mode than our key's is no money; undefined in the key's own. */
function refusalOf(domain: string | null | undefined, mode: 'live' | 'test'): string | undefined {
  if (domain === mode) return undefined;
  if (domain === 'test') return 'Paystack reports a test-mode payment (domain test) to a live key: no real money moved';
  return `Paystack reports the payment in domain ${cleanText(domain, 'none', 20)}, not ${mode} like our key`;
}

function recordOf(record: z.output<typeof transaction>, mode: 'live' | 'test'): PartnerTransfer {
  const refusal = refusalOf(record.domain, mode);
  return {
    ...(refusal ? { refusal } : {}),
    reference: record.reference,
    channel: channelOf(record.channel),
    currency: record.currency ?? null,
    customerEmail: record.customer?.email ?? null,
    status: statusOf(record.status),
    partnerStatus: record.status,
    amountKobo: BigInt(record.amount),
    accountNumber:
      record.authorization?.receiver_bank_account_number ?? record.metadata?.receiver_account_number ?? null,
    customerReference: null,
    paidAt: paystackTime(record.paid_at),
  };
}
