import { randomBytes, randomInt } from 'node:crypto';
import { PAYSTACK_SIGNATURE_HEADER, paystackChargeSuccess } from '../../../server/gateways/paystackWebhook';
import { signHmacSha512 } from '../../../server/gateways/webhookSignature';
import { nuban } from '../../../server/services/nuban';
import { deliverWebhook, jsonBody, paymentOf, startFakeServer, type Answer, type FakePayment, type FakeRequest, type FakeServer, type PaymentResult } from './fakeServer';

/**
 * A fake of Paystack's API for dedicated virtual accounts, answering the documented requests and
 * responses our adapter (server/gateways/paystackBank.ts) uses, errors included. Written from
 * paystack.com/docs: /api/customer (create), /api/dedicated-virtual-account (create, list),
 * /api/transaction (verify, list), /payments/dedicated-virtual-accounts and
 * /payments/webhooks (charge.success, x-paystack-signature) — the URLs are in the README.
 *
 * Every call carries `Authorization: Bearer <secret key>`; another key → 401 "Invalid key".
 * - POST /customer { email, first_name, last_name, phone } → the customer; the same e-mail again
 *   answers the same customer_code (Paystack keys customers by e-mail).
 * - GET /dedicated_account?active=true&customer=<id> → the customer's dedicated accounts.
 * - POST /dedicated_account { customer, preferred_bank } → the account at that bank (an unknown
 *   slug → 400); asked again for the same customer and bank, the same account.
 * - GET /transaction/verify/:reference → the transaction, or 400 "Transaction reference not found".
 * - GET /transaction?from&to&status&perPage&page → a page of transactions with `meta`.
 *
 * Test controls: `pay()` (or POST /__fake/pay) records a transfer into a dedicated account and
 * sends charge.success, signed with x-paystack-signature (HMAC-SHA512 keyed with the secret
 * key), to `webhookUrl`; `misbehave()` makes the API down, slow or malformed.
 */

/** The fake's key unless told another: what a server pointed at it is configured with. */
export const FAKE_PAYSTACK_SECRET_KEY = 'sk_test_fake0000000000000000000000000000001';

export interface FakePaystackOptions {
  port?: number;
  secretKey?: string;
  webhookUrl?: string;
}

export interface FakePaystack extends FakeServer {
  readonly secretKey: string;
  webhookUrl: string | undefined;
  pay(payment: FakePayment): Promise<PaymentResult>;
  count(method: string, path: string): number;
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
}

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
const success = (message: string, data: unknown, meta?: unknown): Answer => ({ status: 200, body: { status: true, message, data, ...(meta ? { meta } : {}) } });

export async function startFakePaystack(options: FakePaystackOptions = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? FAKE_PAYSTACK_SECRET_KEY;
  const customers = new Map<string, Customer>();
  const accounts: DedicatedAccount[] = [];
  const charges = new Map<string, Charge>();
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
      assignment: { integration: 100_032, assignee_id: account.customer.id, assignee_type: 'Customer', expired: false, account_type: 'PAY-WITH-TRANSFER-RECURRING', assigned_at: account.created_at },
      customer: { ...account.customer, metadata: {}, risk_action: 'default', international_format_phone: null },
    };
  };

  function createCustomer(request: FakeRequest): Answer {
    const body = jsonBody(request);
    if (!body || typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(body.email)) return failure(400, 'Invalid Email Address Passed');
    const existing = customers.get(body.email.toLowerCase());
    const customer: Customer = existing ?? {
      id: ++ids,
      customer_code: `CUS_${randomBytes(8).toString('hex').slice(0, 15)}`,
      email: body.email.toLowerCase(),
      first_name: typeof body.first_name === 'string' ? body.first_name : null,
      last_name: typeof body.last_name === 'string' ? body.last_name : null,
      phone: typeof body.phone === 'string' ? body.phone : null,
    };
    customers.set(customer.email, customer);
    const now = new Date().toISOString();
    return success('Customer created', { ...customer, integration: 100_032, domain: 'test', identified: false, identifications: null, createdAt: now, updatedAt: now });
  }

  const customerBy = (idOrCode: unknown) => [...customers.values()].find((c) => String(c.id) === String(idOrCode) || c.customer_code === idOrCode);

  function createAccount(request: FakeRequest): Answer {
    const body = jsonBody(request);
    const customer = customerBy(body?.customer);
    if (!customer) return failure(400, 'Customer not found');
    const slug = typeof body?.preferred_bank === 'string' ? body.preferred_bank : 'wema-bank';
    const provider = PROVIDERS[slug];
    if (!provider) return failure(400, 'Invalid preferred bank. Use the available providers endpoint to get the list of banks');
    if (!customer.first_name || !customer.last_name || !customer.phone) return failure(400, 'Customer first name, last name and phone are required');
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
    return success('Managed accounts successfully retrieved', list.map(accountJson), { total: list.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 });
  }

  /** The charge as verify and the list show it, after any planted disagreement. */
  function chargeJson(charge: Charge) {
    const recordAs = charge.recordAs === 'missing' ? undefined : charge.recordAs;
    const provider = PROVIDERS[charge.account.slug];
    const { data } = paystackChargeSuccess({
      accountNumber: charge.account.account_number,
      amountKobo: recordAs?.amountKobo ?? charge.amountKobo,
      reference: charge.reference,
      senderName: charge.senderName,
      senderBank: charge.senderBank,
      receiverBank: provider.name,
      paidAt: charge.paidAt,
      id: charge.id,
    });
    return { ...data, status: recordAs?.status ?? 'success', customer: { ...charge.account.customer, metadata: null, risk_action: 'default' } };
  }

  function verify(url: URL): Answer {
    const charge = charges.get(decodeURIComponent(url.pathname.slice('/transaction/verify/'.length)));
    if (!charge || charge.recordAs === 'missing') return failure(400, 'Transaction reference not found');
    return success('Verification successful', chargeJson(charge));
  }

  function list(url: URL): Answer {
    const perPage = Number(url.searchParams.get('perPage') ?? '50');
    const page = Number(url.searchParams.get('page') ?? '1');
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    const status = url.searchParams.get('status');
    if (!Number.isInteger(perPage) || !Number.isInteger(page) || perPage < 1 || page < 1) return failure(400, 'Invalid pagination parameters');
    const all = [...charges.values()]
      .filter((charge) => charge.recordAs !== 'missing')
      .filter((charge) => (from === null || charge.paidAt >= new Date(from)) && (to === null || charge.paidAt <= new Date(to)))
      .map(chargeJson)
      .filter((charge) => status === null || charge.status === status);
    const data = all.slice((page - 1) * perPage, page * perPage);
    return success('Transactions retrieved', data, { total: all.length, total_volume: 0, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.max(1, Math.ceil(all.length / perPage)) });
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
    );
    const webhook = await deliverWebhook(webhookUrl, body, { [PAYSTACK_SIGNATURE_HEADER]: signHmacSha512(secretKey, body) });
    return { reference, webhook };
  }

  const server = await startFakeServer({
    port: options.port,
    api: (request, url) => {
      if (request.headers.authorization !== `Bearer ${secretKey}`) return failure(401, 'Invalid key');
      const path = url.pathname;
      if (request.method === 'POST' && path === '/customer') return createCustomer(request);
      if (request.method === 'GET' && path === '/dedicated_account') return listAccounts(url);
      if (request.method === 'POST' && path === '/dedicated_account') return createAccount(request);
      if (request.method === 'GET' && path.startsWith('/transaction/verify/')) return verify(url);
      if (request.method === 'GET' && path === '/transaction') return list(url);
      return failure(404, 'Not found');
    },
    control: async (request, url) => {
      if (request.method === 'POST' && url.pathname === '/__fake/pay') {
        const payment = paymentOf(request);
        if (!payment) return { status: 400, body: { message: 'expected { account_number, amount_kobo, sender_name?, sender_bank?, reference? }' } };
        if (!accounts.some((account) => account.account_number === payment.accountNumber)) return { status: 404, body: { message: `no dedicated account ${payment.accountNumber}` } };
        return { status: 200, body: await pay(payment) };
      }
      return { status: 404, body: { message: 'unknown control' } };
    },
  });

  const fake: FakePaystack = {
    ...server,
    secretKey,
    webhookUrl: options.webhookUrl,
    pay,
    count(method, path) {
      return server.requests.filter((request) => request.method === method && request.url.split('?')[0] === path).length;
    },
  };
  return fake;
}
