import { randomBytes, randomInt } from 'node:crypto';
import { signHmacSha512 } from '../../server/gateways/webhookSignature';
import { nuban } from '../../server/services/funding/nuban';
import {
  deliverWebhook,
  jsonBody,
  nairaText,
  paymentOf,
  startFakeServer,
  type Answer,
  type FakePayment,
  type FakeRequest,
  type FakeServer,
  type PaymentResult,
} from './fakeServer';

/**
 * A fake of Monnify's API, answering the documented requests and responses our adapter
 * (server/gateways/monnifyBank.ts) uses, errors included. Written from developers.monnify.com:
 * /api (authentication, reserved accounts, transactions), /docs/collections/customer-reserved-account,
 * /docs/webhooks (event types, monnify-signature) — the URLs are listed in docs/going-live.md, "What the fakes were written from".
 *
 * - POST /api/v1/auth/login with Basic apiKey:secretKey → { accessToken, expiresIn } (seconds);
 *   wrong credentials → 401. Bearer tokens expire (`tokenTtlSeconds`, or `expireTokens()` now):
 *   an expired or unknown token → 401 { error: "invalid_token" }.
 * - POST /api/v2/bank-transfer/reserved-accounts (contract code, NGN, preferredBanks, and `bvn`
 *   and/or `nin`: the V2 reserve refuses a customer with neither, the CBN's rule — the guide
 *   "Integration Guide for Monnify BVN Verification" — with a refusal whose exact words Monnify
 *   does not document) → the accounts, named after the identity holder (`holders`, or the
 *   customer's name when the fake knows no holder); the same accountReference again → 422 "There
 *   is an existing reserved account with the same reference" (the adapter then adds the identity).
 * - PUT /api/v1/bank-transfer/reserved-accounts/{accountReference}/kyc-info { bvn?, nin? } →
 *   the reservation's KYC ("Update Reserved Account KYC Info"): its accountName and customerName
 *   become the identity holder's; an invalid number → { requestSuccessful: false, "Invalid BVN" }.
 * - GET /api/v2/bank-transfer/reserved-accounts/{accountReference} → the accounts, or 404.
 * - GET /api/v2/transactions/{url-encoded transactionReference} → the transaction, or 404.
 * - GET /api/v1/transactions/search?page&size&from&to (epoch ms) → a page of transactions.
 *
 * Test controls: `pay()` (or POST /__fake/pay from another process) records a transfer into a
 * reserved account and sends SUCCESSFUL_TRANSACTION, signed with monnify-signature
 * (HMAC-SHA512 of the body keyed with the secret key), to `webhookUrl`; `misbehave()` makes the
 * API down or malformed, `holdAnswers()` keeps its answers back until `releaseAnswers()` (a
 * silent Monnify: `held()` says a call is in); `holders` names the holder of an identity number; a number in
 * `invalidNumbers` is refused as Monnify refuses an invalid one; GET /__fake/reservations?email=
 * answers the identity a customer's reservation carries.
 */

export const MONNIFY_SIGNATURE_HEADER = 'monnify-signature';

/** The fake's keys unless told others: what a server pointed at it is configured with. */
export const FAKE_MONNIFY_KEYS = {
  apiKey: 'MK_TEST_FAKE0001',
  secretKey: 'fake-monnify-client-secret-0001',
  contractCode: '7059707855',
} as const;

export interface FakeMonnifyOptions {
  port?: number;
  apiKey?: string;
  secretKey?: string;
  contractCode?: string;
  /** Where SUCCESSFUL_TRANSACTION is posted (our /api/webhooks/monnify); settable later. */
  webhookUrl?: string;
  tokenTtlSeconds?: number;
}

export interface FakeMonnify extends FakeServer {
  readonly apiKey: string;
  readonly secretKey: string;
  readonly contractCode: string;
  webhookUrl: string | undefined;
  pay(payment: FakePayment): Promise<PaymentResult>;
  /** Every token issued so far is expired from now on. */
  expireTokens(): void;
  /** Requests to an endpoint, e.g. count('POST', '/api/v2/bank-transfer/reserved-accounts'). */
  count(method: string, path: string): number;
  /** The identity holder's name by BVN or NIN (the name NIBSS or NIMC holds); unknown numbers belong to the customer named in the request. */
  holders: Map<string, string>;
  /** Numbers Monnify refuses ("Invalid BVN", "Invalid NIN"). */
  invalidNumbers: Set<string>;
  /** The identity a reservation carries, as Monnify keeps it (tests check what was sent). */
  identityOf(accountReference: string): { bvn?: string; nin?: string } | undefined;
  /** The signed SUCCESSFUL_TRANSACTION of a payment made, for a test that delivers it itself (to several replicas at once). */
  webhookFor(reference: string): { body: string; headers: Record<string, string> };
}

const BANKS: Record<string, string> = {
  '035': 'Wema bank',
  '232': 'Sterling bank',
  '50515': 'Moniepoint Microfinance Bank',
  '058': 'GTBank',
};

interface ReservedAccount {
  contractCode: string;
  accountReference: string;
  accountName: string;
  currencyCode: 'NGN';
  customerEmail: string;
  customerName: string;
  accounts: { bankCode: string; bankName: string; accountNumber: string; accountName: string }[];
  collectionChannel: 'RESERVED_ACCOUNT';
  reservationReference: string;
  reservedAccountType: 'GENERAL';
  status: 'ACTIVE';
  createdOn: string;
  incomeSplitConfig: [];
  restrictPaymentSource: false;
  bvn?: string;
  nin?: string;
}

interface Transaction {
  transactionReference: string;
  accountReference: string;
  destination: { bankCode: string; bankName: string; accountNumber: string };
  senderName: string;
  senderBank: string;
  amountKobo: bigint;
  paidOn: Date;
  recordAs: FakePayment['recordAs'];
  customerName: string;
  customerEmail: string;
}

const failure = (status: number, responseMessage: string, responseCode = '99'): Answer => ({
  status,
  body: { requestSuccessful: false, responseMessage, responseCode },
});
const success = (responseBody: unknown): Answer => ({
  status: 200,
  body: { requestSuccessful: true, responseMessage: 'success', responseCode: '0', responseBody },
});

/** Monnify's "2021-11-17 11:28:42.615" (Lagos time on the real service; UTC here). */
const monnifyTime = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

export async function startFakeMonnify(options: FakeMonnifyOptions = {}): Promise<FakeMonnify> {
  const apiKey = options.apiKey ?? FAKE_MONNIFY_KEYS.apiKey;
  const secretKey = options.secretKey ?? FAKE_MONNIFY_KEYS.secretKey;
  const contractCode = options.contractCode ?? FAKE_MONNIFY_KEYS.contractCode;
  const ttl = options.tokenTtlSeconds ?? 3599;
  const tokens = new Map<string, number>();
  const reserved = new Map<string, ReservedAccount>();
  const holders = new Map<string, string>();
  const invalidNumbers = new Set<string>();
  const byNumber = new Map<string, { reservation: ReservedAccount; bankCode: string }>();
  const transactions = new Map<string, Transaction>();
  let serial = randomInt(100_000_000, 900_000_000);
  let transactionSerial = 0;

  const authorised = (request: FakeRequest) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : tokens.get(token);
    return expiresAt !== undefined && expiresAt > Date.now();
  };
  const invalidToken: Answer = {
    status: 401,
    body: { error: 'invalid_token', error_description: 'Access token expired' },
  };

  function login(request: FakeRequest): Answer {
    const expected = `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return failure(401, 'Invalid client credentials');
    const accessToken = `fake.${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + ttl * 1000);
    return success({ accessToken, expiresIn: ttl });
  }

  function reserve(request: FakeRequest): Answer {
    const body = jsonBody(request);
    if (!body) return failure(400, 'Invalid request body');
    for (const field of [
      'accountReference',
      'accountName',
      'currencyCode',
      'contractCode',
      'customerEmail',
      'customerName',
    ] as const) {
      if (typeof body[field] !== 'string' || body[field] === '') return failure(400, `${field} is required`);
    }
    if (body.contractCode !== contractCode) return failure(422, 'Invalid contract code');
    if (body.currencyCode !== 'NGN') return failure(422, 'Invalid currency code');
    const identity = identityIn(body);
    if (typeof identity === 'object' && 'status' in identity) return identity;
    const reference = body.accountReference as string;
    if (reserved.has(reference)) return failure(422, 'There is an existing reserved account with the same reference');
    if (!identity.bvn && !identity.nin)
      return failure(400, 'A BVN or NIN is required to reserve an account for a customer');
    const banks = body.getAllAvailableBanks === false ? body.preferredBanks : Object.keys(BANKS);
    if (
      !Array.isArray(banks) ||
      banks.length === 0 ||
      !banks.every((code) => typeof code === 'string' && code in BANKS)
    ) {
      return failure(422, 'preferredBanks must name banks available to your contract');
    }
    const holder = holders.get(identity.bvn ?? '') ?? holders.get(identity.nin ?? '') ?? (body.customerName as string);
    const accountName = holder.toUpperCase().slice(0, 50);
    const reservation: ReservedAccount = {
      contractCode,
      accountReference: reference,
      accountName,
      currencyCode: 'NGN',
      customerEmail: body.customerEmail as string,
      customerName: holder,
      accounts: (banks as string[]).map((bankCode) => ({
        bankCode,
        bankName: BANKS[bankCode],
        accountNumber: nuban(bankCode, String(serial++)),
        accountName,
      })),
      collectionChannel: 'RESERVED_ACCOUNT',
      reservationReference: randomBytes(10).toString('hex').toUpperCase(),
      reservedAccountType: 'GENERAL',
      status: 'ACTIVE',
      createdOn: monnifyTime(new Date()),
      incomeSplitConfig: [],
      restrictPaymentSource: false,
      ...identity,
    };
    reserved.set(reference, reservation);
    for (const account of reservation.accounts)
      byNumber.set(account.accountNumber, { reservation, bankCode: account.bankCode });
    return success(reservation);
  }

  /** The bvn and nin of a request: well-formed and not refused, or the refusal to answer. */
  function identityIn(body: Record<string, unknown>): { bvn?: string; nin?: string } | Answer {
    const identity: { bvn?: string; nin?: string } = {};
    for (const field of ['bvn', 'nin'] as const) {
      const value = body[field];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !/^\d{11}$/.test(value) || invalidNumbers.has(value))
        return failure(400, `Invalid ${field.toUpperCase()}`);
      identity[field] = value;
    }
    return identity;
  }

  function updateKyc(request: FakeRequest, reference: string): Answer {
    const reservation = reserved.get(reference);
    if (!reservation) return failure(404, 'Cannot find reserved account');
    const body = jsonBody(request);
    if (!body) return failure(400, 'Invalid request body');
    const identity = identityIn(body);
    if ('status' in identity) return identity;
    if (!identity.bvn && !identity.nin) return failure(400, 'A BVN or NIN is required');
    Object.assign(reservation, identity);
    const holder = holders.get(identity.bvn ?? '') ?? holders.get(identity.nin ?? '');
    if (holder) {
      reservation.customerName = holder;
      reservation.accountName = holder.toUpperCase().slice(0, 50);
      for (const account of reservation.accounts) account.accountName = reservation.accountName;
    }
    const { accountReference, accountName, customerEmail, customerName, bvn, nin } = reservation;
    return success({
      accountReference,
      accountName,
      customerEmail,
      customerName,
      ...(bvn ? { bvn } : {}),
      ...(nin ? { nin } : {}),
    });
  }

  /** The transaction as the status call and the list show it, after any planted disagreement. */
  function recordOf(transaction: Transaction) {
    const recordAs = transaction.recordAs === 'missing' ? undefined : transaction.recordAs;
    const amount = nairaText(recordAs?.amountKobo ?? transaction.amountKobo);
    const card = recordAs?.channel === 'card';
    // paidTo: another accountReference, or null for a record that names none.
    const accountReference = recordAs && 'paidTo' in recordAs ? recordAs.paidTo : transaction.accountReference;
    return {
      transactionReference: transaction.transactionReference,
      paymentReference: transaction.transactionReference,
      amountPaid: amount,
      totalPayable: amount,
      settlementAmount: nairaText(((recordAs?.amountKobo ?? transaction.amountKobo) * 99n) / 100n),
      paidOn: monnifyTime(transaction.paidOn),
      paymentStatus: recordAs?.status ?? 'PAID',
      paymentDescription: transaction.customerName,
      currency: recordAs?.currency ?? 'NGN',
      paymentMethod: card ? 'CARD' : 'ACCOUNT_TRANSFER',
      product: card
        ? { type: 'WEB_SDK', reference: transaction.transactionReference }
        : { type: 'RESERVED_ACCOUNT', ...(accountReference === null ? {} : { reference: accountReference }) },
      cardDetails: null,
      accountDetails: {
        accountName: transaction.senderName,
        accountNumber: '******4872',
        bankCode: '000015',
        amountPaid: amount,
      },
      accountPayments: [
        { accountName: transaction.senderName, accountNumber: '******4872', bankCode: '000015', amountPaid: amount },
      ],
      customer: { email: transaction.customerEmail, name: transaction.customerName },
      metaData: {},
    };
  }

  function status(url: URL): Answer {
    const reference = decodeURIComponent(url.pathname.slice('/api/v2/transactions/'.length));
    const transaction = transactions.get(reference);
    if (!transaction || transaction.recordAs === 'missing')
      return failure(404, 'Could not find transaction with the specified transaction reference');
    return success(recordOf(transaction));
  }

  function search(url: URL): Answer {
    const page = Number(url.searchParams.get('page') ?? '0');
    const size = Math.min(Number(url.searchParams.get('size') ?? '10'), 100);
    const from = Number(url.searchParams.get('from') ?? '0');
    const to = Number(url.searchParams.get('to') ?? String(Number.MAX_SAFE_INTEGER));
    if (![page, size, from, to].every(Number.isFinite) || size < 1) return failure(400, 'Invalid search parameters');
    const all = [...transactions.values()]
      .filter(
        (transaction) =>
          transaction.recordAs !== 'missing' &&
          transaction.paidOn.getTime() >= from &&
          transaction.paidOn.getTime() <= to,
      )
      .map((transaction) => ({
        ...recordOf(transaction),
        completedOn: monnifyTime(transaction.paidOn),
        createdOn: monnifyTime(transaction.paidOn),
      }));
    const content = all.slice(page * size, page * size + size);
    const totalPages = Math.ceil(all.length / size);
    return success({
      content,
      pageable: { pageNumber: page, pageSize: size },
      totalElements: all.length,
      totalPages,
      last: page >= totalPages - 1,
      first: page === 0,
      number: page,
      size,
      numberOfElements: content.length,
      empty: content.length === 0,
    });
  }

  async function pay(payment: FakePayment): Promise<PaymentResult> {
    const account = byNumber.get(payment.accountNumber);
    if (!account) throw new Error(`fake Monnify: no reserved account ${payment.accountNumber}`);
    const paidOn = payment.paidAt ?? new Date();
    const reference =
      payment.reference ??
      `MNFY|${paidOn.toISOString().replace(/\D/g, '').slice(0, 14)}|${String(++transactionSerial).padStart(6, '0')}`;
    const destination = {
      bankCode: account.bankCode,
      bankName: BANKS[account.bankCode],
      accountNumber: payment.accountNumber,
    };
    const transaction: Transaction = {
      transactionReference: reference,
      accountReference: account.reservation.accountReference,
      destination,
      senderName: payment.senderName ?? 'EMEKA OKAFOR',
      senderBank: payment.senderBank ?? 'Guaranty Trust Bank',
      amountKobo: payment.amountKobo,
      paidOn,
      recordAs: payment.recordAs,
      customerName: account.reservation.customerName,
      customerEmail: account.reservation.customerEmail,
    };
    transactions.set(reference, transaction);
    if (payment.notify === false) return { reference };
    const webhookUrl = payment.webhookUrl ?? fake.webhookUrl;
    if (!webhookUrl) throw new Error('fake Monnify: no webhookUrl to notify');
    const { body, headers } = webhookOf(transaction);
    const webhook = await deliverWebhook(webhookUrl, body, headers);
    return { reference, webhook };
  }

  /** SUCCESSFUL_TRANSACTION for a payment, signed: what Monnify posts (the same bytes to whoever the test delivers them). */
  function webhookOf(transaction: Transaction): { body: string; headers: Record<string, string> } {
    const amountPaid = Number(nairaText(transaction.amountKobo));
    const body = JSON.stringify({
      eventType: 'SUCCESSFUL_TRANSACTION',
      eventData: {
        product: { reference: transaction.accountReference, type: 'RESERVED_ACCOUNT' },
        transactionReference: transaction.transactionReference,
        paymentReference: transaction.transactionReference,
        paidOn: monnifyTime(transaction.paidOn),
        paymentDescription: transaction.customerName,
        metaData: {},
        paymentSourceInformation: [
          {
            bankCode: '',
            amountPaid,
            accountName: transaction.senderName,
            sessionId: randomBytes(16).toString('base64url'),
            accountNumber: '0065432190',
          },
        ],
        destinationAccountInformation: transaction.destination,
        amountPaid,
        totalPayable: amountPaid,
        cardDetails: {},
        paymentMethod: 'ACCOUNT_TRANSFER',
        currency: 'NGN',
        settlementAmount: nairaText((transaction.amountKobo * 99n) / 100n),
        paymentStatus: 'PAID',
        customer: { name: transaction.customerName, email: transaction.customerEmail },
      },
    });
    return { body, headers: { [MONNIFY_SIGNATURE_HEADER]: signHmacSha512(secretKey, body) } };
  }

  const server = await startFakeServer({
    port: options.port,
    api: (request, url) => {
      const path = url.pathname;
      if (request.method === 'POST' && path === '/api/v1/auth/login') return login(request);
      if (!authorised(request)) return invalidToken;
      if (request.method === 'POST' && path === '/api/v2/bank-transfer/reserved-accounts') return reserve(request);
      const kyc = /^\/api\/v1\/bank-transfer\/reserved-accounts\/([^/]+)\/kyc-info$/.exec(path);
      if (request.method === 'PUT' && kyc) return updateKyc(request, decodeURIComponent(kyc[1]));
      if (request.method === 'GET' && path.startsWith('/api/v2/bank-transfer/reserved-accounts/')) {
        const reservation = reserved.get(
          decodeURIComponent(path.slice('/api/v2/bank-transfer/reserved-accounts/'.length)),
        );
        return reservation ? success(reservation) : failure(404, 'Cannot find reserved account');
      }
      if (request.method === 'GET' && path.startsWith('/api/v2/transactions/')) return status(url);
      if (request.method === 'GET' && path === '/api/v1/transactions/search') return search(url);
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
        if (!byNumber.has(payment.accountNumber))
          return { status: 404, body: { message: `no reserved account ${payment.accountNumber}` } };
        return { status: 200, body: await pay(payment) };
      }
      if (request.method === 'GET' && url.pathname === '/__fake/reservations') {
        // What Monnify holds of a customer's identity, for a journey run in another process to check.
        const reservation = [...reserved.values()].find(
          (candidate) => candidate.customerEmail === url.searchParams.get('email'),
        );
        return reservation
          ? {
              status: 200,
              body: {
                accountReference: reservation.accountReference,
                bvn: reservation.bvn ?? null,
                nin: reservation.nin ?? null,
              },
            }
          : { status: 404, body: { message: 'no reservation' } };
      }
      return { status: 404, body: { message: 'unknown control' } };
    },
  });

  const fake: FakeMonnify = {
    ...server,
    apiKey,
    secretKey,
    contractCode,
    webhookUrl: options.webhookUrl,
    pay,
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    count(method, path) {
      return server.requests.filter((request) => request.method === method && request.url.split('?')[0] === path)
        .length;
    },
    holders,
    invalidNumbers,
    webhookFor(reference) {
      const transaction = transactions.get(reference);
      if (!transaction) throw new Error(`fake Monnify: no payment ${reference}`);
      return webhookOf(transaction);
    },
    identityOf(accountReference) {
      const reservation = reserved.get(accountReference);
      return reservation
        ? { ...(reservation.bvn ? { bvn: reservation.bvn } : {}), ...(reservation.nin ? { nin: reservation.nin } : {}) }
        : undefined;
    },
  };
  return fake;
}
