import { randomBytes, randomInt } from 'node:crypto';
import { PAYSTACK_SIGNATURE_HEADER, paystackChargeSuccess } from '../../server/gateways/paystackWebhook';
import { signHmacSha512 } from '../../server/gateways/webhookSignature';
import { nuban } from '../../server/services/funding/nuban';
import {
  deliverWebhook,
  jsonBody,
  paymentOf,
  startFakeServer,
  type Answer,
  type FakePayment,
  type FakeRequest,
  type FakeServer,
  type PaymentResult,
} from './fakeServer';
import { FakeCheckout } from './paystackCheckout';

/**
 * A fake of Paystack's API for dedicated virtual accounts, answering the documented requests and
 * responses our adapter (server/gateways/paystackBank.ts) uses, errors included. Written from
 * paystack.com/docs: /api/customer (create), /api/dedicated-virtual-account (create, list),
 * /api/transaction (verify, list), /payments/dedicated-virtual-accounts and
 * /payments/webhooks (charge.success, x-paystack-signature) — the URLs are in docs/going-live.md, "What the fakes were written from".
 *
 * Every call carries `Authorization: Bearer <secret key>`; another key → 401 "Invalid key".
 * Each transaction, in verify, the list and `charge.success`, carries the `domain` of the key's
 * mode, as Paystack's do: `live` for an `sk_live_` key, `test` for an `sk_test_` one (unless
 * `domain` is given: a payment in the other mode, which the adapter must not credit).
 * - POST /customer { email, first_name, last_name, phone } → the customer; the same e-mail again
 *   answers the same customer_code (Paystack keys customers by e-mail).
 * - GET /customer/{email_or_code} → the customer, with `identified` and `identifications`.
 * - POST /customer/{code}/identification { country: NG, type: bank_account, bvn, bank_code,
 *   account_number, first_name, last_name } → 202 "Customer Identification in progress" (400
 *   "Invalid BVN" for one that is not 11 digits); the outcome is sent by webhook,
 *   `customeridentification.success`, or `.failed` with a reason for a BVN or account in
 *   `failingIdentities` (this fake plays a business in financial services, which Paystack
 *   requires to validate customers). `identificationWebhooks: 'held'` keeps them back until
 *   `releaseIdentifications()`.
 * - GET /dedicated_account?active=true&customer=<id> → the customer's dedicated accounts.
 * - POST /dedicated_account { customer, preferred_bank } → the account at that bank (an unknown
 *   slug → 400; a customer not validated → 400: Paystack documents the requirement, not its
 *   words); asked again for the same customer and bank, the same account.
 * - Cards: /transaction/initialize, the checkout page and charge.success (paystackCheckout.ts).
 * - GET /transaction/verify/:reference → the transaction, or 400 "Transaction reference not found".
 * - GET /transaction?from&to&status&perPage&page → a page of transactions with `meta`.
 *
 * Test controls: `pay()` (or POST /__fake/pay) records a transfer into a dedicated account and
 * sends charge.success, signed with x-paystack-signature (HMAC-SHA512 keyed with the secret
 * key), to `webhookUrl`; `misbehave()` makes the API down or malformed, `holdAnswers()` keeps
 * its answers back until `releaseAnswers()` (a silent Paystack: `held()` says a call is in).
 */

/** The fake's key unless told another: what a server pointed at it is configured with. */
export const FAKE_PAYSTACK_SECRET_KEY = 'sk_test_fake0000000000000000000000000000001';

export interface FakePaystackOptions {
  port?: number;
  secretKey?: string;
  webhookUrl?: string;
  /** The mode its transactions report (`data.domain`); default the key's. */
  domain?: 'test' | 'live';
}

export interface FakePaystack extends FakeServer {
  readonly secretKey: string;
  webhookUrl: string | undefined;
  pay(payment: FakePayment): Promise<PaymentResult>;
  count(method: string, path: string): number;
  /** BVNs and bank account numbers whose validation fails ("Account number or BVN is incorrect"). */
  failingIdentities: Set<string>;
  /** 'immediate' (default): each validation's webhook is sent right after its 202; 'held': sent by releaseIdentifications(). */
  identificationWebhooks: 'immediate' | 'held';
  releaseIdentifications(): Promise<number>;
  /** What each customer was validated with, as Paystack received it (tests check the BVN was sent). */
  identificationsOf(email: string): { bvn: string; bank_code: string; account_number: string }[];
  /** The card checkout: its transactions and how its webhooks are ordered. */
  checkout: FakeCheckout;
}

/** The partner banks Paystack offers for dedicated accounts (GET /dedicated_account/available_providers). */
const PROVIDERS: Record<string, { name: string; id: number; code: string }> = {
  'wema-bank': { name: 'Wema Bank', id: 20, code: '035' },
  'titan-paystack': { name: 'Paystack-Titan', id: 24, code: '100039' },
  'test-bank': { name: 'Test Bank', id: 1, code: '035' },
};

interface Customer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  identified: boolean;
  identifications: { country: string; type: string; value: string }[] | null;
}

interface Identification {
  customer: Customer;
  bvn: string;
  bank_code: string;
  account_number: string;
}

/** Paystack masks what it echoes: "200*****677". */
const masked = (digits: string) =>
  `${digits.slice(0, 3)}${'*'.repeat(Math.max(0, digits.length - 6))}${digits.slice(-3)}`;

interface DedicatedAccount {
  id: number;
  slug: string;
  account_number: string;
  account_name: string;
  customer: Customer;
  created_at: string;
}

interface Charge {
  id: number;
  reference: string;
  account: DedicatedAccount;
  amountKobo: bigint;
  senderName: string;
  senderBank: string;
  paidAt: Date;
  recordAs: FakePayment['recordAs'];
}

const failure = (status: number, message: string): Answer => ({ status, body: { status: false, message } });
const success = (message: string, data: unknown, meta?: unknown): Answer => ({
  status: 200,
  body: { status: true, message, data, ...(meta ? { meta } : {}) },
});

export async function startFakePaystack(options: FakePaystackOptions = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? FAKE_PAYSTACK_SECRET_KEY;
  const domain = options.domain ?? (secretKey.startsWith('sk_live_') ? 'live' : 'test');
  /** A transaction event in the fake's mode; other events carry no domain. */
  const inDomain = <E extends { data: object }>(event: E): E =>
    'domain' in event.data ? { ...event, data: { ...event.data, domain } } : event;
  const customers = new Map<string, Customer>();
  const accounts: DedicatedAccount[] = [];
  const charges = new Map<string, Charge>();
  const failingIdentities = new Set<string>();
  const heldIdentifications: Identification[] = [];
  const identifications: Identification[] = [];
  const sendWebhook = async (event: object) => {
    if (!fake.webhookUrl) throw new Error('fake Paystack: no webhookUrl to notify');
    const body = JSON.stringify(inDomain(event as { data: object }));
    return deliverWebhook(fake.webhookUrl, body, { [PAYSTACK_SIGNATURE_HEADER]: signHmacSha512(secretKey, body) });
  };
  const checkout = new FakeCheckout(() => fake.url, sendWebhook, domain);
  let serial = randomInt(100_000_000, 900_000_000);
  let ids = 1_000;

  const accountJson = (account: DedicatedAccount) => {
    const provider = PROVIDERS[account.slug];
    return {
      bank: { name: provider.name, id: provider.id, slug: account.slug },
      account_name: account.account_name,
      account_number: account.account_number,
      assigned: true,
      currency: 'NGN',
      metadata: null,
      active: true,
      id: account.id,
      created_at: account.created_at,
      updated_at: account.created_at,
      assignment: {
        integration: 100_032,
        assignee_id: account.customer.id,
        assignee_type: 'Customer',
        expired: false,
        account_type: 'PAY-WITH-TRANSFER-RECURRING',
        assigned_at: account.created_at,
      },
      customer: { ...account.customer, metadata: {}, risk_action: 'default', international_format_phone: null },
    };
  };

  function createCustomer(request: FakeRequest): Answer {
    const body = jsonBody(request);
    if (!body || typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(body.email))
      return failure(400, 'Invalid Email Address Passed');
    const existing = customers.get(body.email.toLowerCase());
    const customer: Customer = existing ?? {
      id: ++ids,
      customer_code: `CUS_${randomBytes(8).toString('hex').slice(0, 15)}`,
      email: body.email.toLowerCase(),
      first_name: typeof body.first_name === 'string' ? body.first_name : null,
      last_name: typeof body.last_name === 'string' ? body.last_name : null,
      phone: typeof body.phone === 'string' ? body.phone : null,
      identified: false,
      identifications: null,
    };
    customers.set(customer.email, customer);
    const now = new Date().toISOString();
    return success('Customer created', {
      ...customer,
      integration: 100_032,
      domain: 'test',
      createdAt: now,
      updatedAt: now,
    });
  }

  function fetchCustomer(emailOrCode: string): Answer {
    const customer = customers.get(emailOrCode.toLowerCase()) ?? customerBy(emailOrCode);
    if (!customer) return failure(404, 'Customer not found');
    const now = new Date().toISOString();
    return success('Customer retrieved', {
      transactions: [],
      subscriptions: [],
      authorizations: [],
      ...customer,
      metadata: null,
      domain: 'test',
      risk_action: 'default',
      integration: 100_032,
      createdAt: now,
      updatedAt: now,
      dedicated_account: null,
    });
  }

  function identify(request: FakeRequest, code: string): Answer {
    const customer = customerBy(code);
    if (!customer) return failure(404, 'Customer not found');
    const body = jsonBody(request);
    if (!body || body.country !== 'NG' || body.type !== 'bank_account')
      return failure(400, 'Invalid identification type or country');
    if (typeof body.bvn !== 'string' || !/^\d{11}$/.test(body.bvn)) return failure(400, 'Invalid BVN');
    if (
      typeof body.bank_code !== 'string' ||
      typeof body.account_number !== 'string' ||
      !/^\d{10}$/.test(body.account_number)
    )
      return failure(400, 'Invalid bank account');
    if (typeof body.first_name !== 'string' || typeof body.last_name !== 'string')
      return failure(400, 'first_name and last_name are required');
    const identification = { customer, bvn: body.bvn, bank_code: body.bank_code, account_number: body.account_number };
    identifications.push(identification);
    if (fake.identificationWebhooks === 'held') heldIdentifications.push(identification);
    // After the 202 has gone, as Paystack validates asynchronously.
    else setImmediate(() => void settleIdentification(identification));
    return { status: 202, body: { status: true, message: 'Customer Identification in progress' } };
  }

  async function settleIdentification({ customer, bvn, bank_code, account_number }: Identification) {
    const failed = failingIdentities.has(bvn) || failingIdentities.has(account_number);
    if (!failed) {
      customer.identified = true;
      customer.identifications = [{ country: 'NG', type: 'bank_account', value: masked(bvn) }];
    }
    const data = {
      customer_id: customer.id,
      customer_code: customer.customer_code,
      email: customer.email,
      identification: {
        country: 'NG',
        type: 'bank_account',
        bvn: masked(bvn),
        account_number: masked(account_number),
        bank_code,
      },
      ...(failed ? { reason: 'Account number or BVN is incorrect' } : {}),
    };
    await sendWebhook({
      event: failed ? 'customeridentification.failed' : 'customeridentification.success',
      data,
    }).catch(() => undefined);
  }

  const customerBy = (idOrCode: unknown) =>
    [...customers.values()].find((c) => String(c.id) === String(idOrCode) || c.customer_code === idOrCode);

  function createAccount(request: FakeRequest): Answer {
    const body = jsonBody(request);
    const customer = customerBy(body?.customer);
    if (!customer) return failure(400, 'Customer not found');
    const slug = typeof body?.preferred_bank === 'string' ? body.preferred_bank : 'wema-bank';
    const provider = PROVIDERS[slug];
    if (!provider)
      return failure(400, 'Invalid preferred bank. Use the available providers endpoint to get the list of banks');
    if (!customer.first_name || !customer.last_name || !customer.phone)
      return failure(400, 'Customer first name, last name and phone are required');
    if (!customer.identified)
      return failure(
        400,
        'Customer has not been validated. Validate the customer before assigning a dedicated account',
      );
    const existing = accounts.find((account) => account.customer.id === customer.id && account.slug === slug);
    if (existing) return success('Assigned Managed Account', accountJson(existing));
    const account: DedicatedAccount = {
      id: ++ids,
      slug,
      account_number: nuban(provider.code, String(serial++)),
      account_name: `NAIRAWALLET/${customer.first_name} ${customer.last_name}`.toUpperCase(),
      customer,
      created_at: new Date().toISOString(),
    };
    accounts.push(account);
    return success('NUBAN successfully created', accountJson(account));
  }

  function listAccounts(url: URL): Answer {
    if (url.searchParams.get('active') === null) return failure(400, 'active is required');
    const customer = url.searchParams.get('customer');
    const list = accounts.filter((account) => customer === null || String(account.customer.id) === customer);
    return success('Managed accounts successfully retrieved', list.map(accountJson), {
      total: list.length,
      skipped: 0,
      perPage: 50,
      page: 1,
      pageCount: 1,
    });
  }

  /** The charge as verify and the list show it, after any planted disagreement. */
  function chargeJson(charge: Charge) {
    const recordAs = charge.recordAs === 'missing' ? undefined : charge.recordAs;
    const provider = PROVIDERS[charge.account.slug];
    const json = paystackChargeSuccess({
      accountNumber: charge.account.account_number,
      amountKobo: recordAs?.amountKobo ?? charge.amountKobo,
      reference: charge.reference,
      senderName: charge.senderName,
      senderBank: charge.senderBank,
      receiverBank: provider.name,
      paidAt: charge.paidAt,
      id: charge.id,
    }).data;
    // paidTo: another receiving account, or null for a record that names none.
    const paidTo = recordAs && 'paidTo' in recordAs ? recordAs.paidTo : charge.account.account_number;
    return {
      ...json,
      domain,
      status: recordAs?.status ?? 'success',
      currency: recordAs?.currency ?? 'NGN',
      channel: recordAs?.channel === 'card' ? 'card' : 'dedicated_nuban',
      metadata: paidTo === null ? null : { ...json.metadata, receiver_account_number: paidTo },
      authorization: { ...json.authorization, receiver_bank_account_number: paidTo },
      customer: { ...charge.account.customer, metadata: null, risk_action: 'default' },
    };
  }

  function verify(url: URL): Answer {
    const reference = decodeURIComponent(url.pathname.slice('/transaction/verify/'.length));
    const card = checkout.transactions.get(reference);
    if (card) return success('Verification successful', checkout.json(card));
    const charge = charges.get(reference);
    if (!charge || charge.recordAs === 'missing') return failure(400, 'Transaction reference not found');
    return success('Verification successful', chargeJson(charge));
  }

  function list(url: URL): Answer {
    const perPage = Number(url.searchParams.get('perPage') ?? '50');
    const page = Number(url.searchParams.get('page') ?? '1');
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    const status = url.searchParams.get('status');
    if (!Number.isInteger(perPage) || !Number.isInteger(page) || perPage < 1 || page < 1)
      return failure(400, 'Invalid pagination parameters');
    const within = (at: Date) => (from === null || at >= new Date(from)) && (to === null || at <= new Date(to));
    const all = [
      ...[...charges.values()]
        .filter((charge) => charge.recordAs !== 'missing' && within(charge.paidAt))
        .map(chargeJson),
      ...[...checkout.transactions.values()]
        .filter((card) => within(card.paidAt ?? card.createdAt))
        .map((card) => checkout.json(card)),
    ].filter((charge) => status === null || charge.status === status);
    const data = all.slice((page - 1) * perPage, page * perPage);
    return success('Transactions retrieved', data, {
      total: all.length,
      total_volume: 0,
      skipped: (page - 1) * perPage,
      perPage,
      page,
      pageCount: Math.max(1, Math.ceil(all.length / perPage)),
    });
  }

  async function pay(payment: FakePayment): Promise<PaymentResult> {
    const account = accounts.find((candidate) => candidate.account_number === payment.accountNumber);
    if (!account) throw new Error(`fake Paystack: no dedicated account ${payment.accountNumber}`);
    const reference = payment.reference ?? `${Date.now()}${randomBytes(6).toString('hex')}`;
    const charge: Charge = {
      id: randomInt(1_000_000_000, 2_000_000_000),
      reference,
      account,
      amountKobo: payment.amountKobo,
      senderName: payment.senderName ?? 'EMEKA OKAFOR',
      senderBank: payment.senderBank ?? 'Guaranty Trust Bank',
      paidAt: payment.paidAt ?? new Date(),
      recordAs: payment.recordAs,
    };
    charges.set(reference, charge);
    if (payment.notify === false) return { reference };
    const webhookUrl = payment.webhookUrl ?? fake.webhookUrl;
    if (!webhookUrl) throw new Error('fake Paystack: no webhookUrl to notify');
    const body = JSON.stringify(
      inDomain(
        paystackChargeSuccess({
          accountNumber: account.account_number,
          amountKobo: payment.amountKobo,
          reference,
          senderName: charge.senderName,
          senderBank: charge.senderBank,
          receiverBank: PROVIDERS[account.slug].name,
          paidAt: charge.paidAt,
          id: charge.id,
        }),
      ),
    );
    const webhook = await deliverWebhook(webhookUrl, body, {
      [PAYSTACK_SIGNATURE_HEADER]: signHmacSha512(secretKey, body),
    });
    return { reference, webhook };
  }

  const server = await startFakeServer({
    port: options.port,
    api: async (request, url) => {
      // The hosted checkout is the customer's browser, not our server: no key.
      const page = await checkout.handle(request, url);
      if (page) return page;
      if (request.headers.authorization !== `Bearer ${secretKey}`) return failure(401, 'Invalid key');
      const path = url.pathname;
      if (request.method === 'POST' && path === '/customer') return createCustomer(request);
      const identification = /^\/customer\/([^/]+)\/identification$/.exec(path);
      if (request.method === 'POST' && identification) return identify(request, decodeURIComponent(identification[1]));
      if (request.method === 'GET' && path.startsWith('/customer/'))
        return fetchCustomer(decodeURIComponent(path.slice('/customer/'.length)));
      if (request.method === 'POST' && path === '/transaction/initialize') return checkout.initialize(request);
      if (request.method === 'GET' && path === '/dedicated_account') return listAccounts(url);
      if (request.method === 'POST' && path === '/dedicated_account') return createAccount(request);
      if (request.method === 'GET' && path.startsWith('/transaction/verify/')) return verify(url);
      if (request.method === 'GET' && path === '/transaction') return list(url);
      return failure(404, 'Not found');
    },
    control: async (request, url) => {
      if (request.method === 'POST' && url.pathname === '/__fake/pay') {
        const payment = paymentOf(request);
        if (!payment)
          return {
            status: 400,
            body: { message: 'expected { account_number, amount_kobo, sender_name?, sender_bank?, reference? }' },
          };
        if (!accounts.some((account) => account.account_number === payment.accountNumber))
          return { status: 404, body: { message: `no dedicated account ${payment.accountNumber}` } };
        return { status: 200, body: await pay(payment) };
      }
      if (request.method === 'POST' && url.pathname === '/__fake/card-webhooks') {
        const mode = jsonBody(request)?.mode;
        if (mode !== 'before-redirect' && mode !== 'held')
          return { status: 400, body: { message: "expected { mode: 'before-redirect' | 'held' }" } };
        checkout.webhooks = mode;
        return { status: 200, body: { mode } };
      }
      if (request.method === 'POST' && url.pathname === '/__fake/card-webhooks/release')
        return { status: 200, body: { released: await checkout.releaseWebhooks() } };
      if (request.method === 'POST' && url.pathname === '/__fake/identifications/release')
        return { status: 200, body: { released: await fake.releaseIdentifications() } };
      return { status: 404, body: { message: 'unknown control' } };
    },
  });

  const fake: FakePaystack = {
    ...server,
    secretKey,
    webhookUrl: options.webhookUrl,
    pay,
    count(method, path) {
      return server.requests.filter((request) => request.method === method && request.url.split('?')[0] === path)
        .length;
    },
    failingIdentities,
    identificationWebhooks: 'immediate',
    async releaseIdentifications() {
      const held = heldIdentifications.splice(0);
      for (const identification of held) await settleIdentification(identification);
      return held.length;
    },
    identificationsOf(email) {
      return identifications
        .filter((entry) => entry.customer.email === email.toLowerCase())
        .map(({ bvn, bank_code, account_number }) => ({ bvn, bank_code, account_number }));
    },
    checkout,
  };
  return fake;
}
