import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { ServiceCategory } from '../../core/services';
import type { Bill, BillOutcome } from '../../server/gateways/biller';
import { SimulatedBiller } from '../../server/gateways/simulatedBiller';
import { keepIdleConnections } from '../idleConnections';
import { AnswerHold } from './answerHold';

/**
 * A fake of VTpass's bill-payment API, written from its public documentation: the requests it
 * accepts and the answers it gives are the documented ones, so the adapter
 * (server/gateways/vtpassBiller.ts) is proven against the contract, not against itself. Pages:
 *   https://www.vtpass.com/documentation/authentication/
 *   https://www.vtpass.com/documentation/response-codes/
 *   https://www.vtpass.com/documentation/re-query-services/
 *   https://www.vtpass.com/documentation/mtn-airtime-vtu-api/
 *   https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/
 *     (and the other distribution companies' pages, which share its shape)
 *   https://www.vtpass.com/documentation/dstv-subscription-api/
 *   https://www.vtpass.com/documentation/waec-result-checker-api/
 *   https://www.vtpass.com/documentation/jamb-pin-vending-api/
 * Where a page's example was cut short in what we could read (the electricity and WAEC purchase
 * answers, the DSTV verification fields), the fake gives the fields as VTpass integrations
 * commonly read them, and the adapter accepts each spelling seen.
 *
 * - Authentication: `api-key` + `secret-key` on POST, `api-key` + `public-key` on GET; anything
 *   else answers 087 INVALID CREDENTIALS (HTTP 401).
 * - POST /api/pay, /api/requery, /api/merchant-verify; GET /api/service-variations?serviceID=.
 * - A reused request_id answers 014; a requery of an unknown one 015; an unknown variation 010;
 *   an unknown serviceID 012.
 *
 * Outcomes follow the simulated biller's switches (last four characters of the beneficiary,
 * server/gateways/simulatedBiller.ts and docs/development.md, "The simulated biller") — the fake asks a SimulatedBiller
 * and writes its answer the way VTpass would:
 *
 *   ends in | pay answers                                   | requery answers
 *   0001    | 016 TRANSACTION FAILED                        | 000, status failed
 *   0002    | 099 TRANSACTION IS PROCESSING                 | 000, status delivered
 *   0003    | 000, status pending                           | 000, status failed
 *   0004    | no answer: the connection is dropped          | 000, status delivered
 *   0005    | 000, status initiated                         | 000, status pending
 *   0006    | 044 TRANSACTION RESOLVED (unclear: requery)   | 000, status failed
 *   0007    | HTTP 200 with an HTML page (unexpected answer) | 000, status delivered
 *   other   | 000, status delivered (+ token / pin)         | 000, status delivered
 *
 * merchant-verify finds everyone but numbers ending in 9999 (000 with content.error, as VTpass
 * answers an unknown meter or smartcard); a number ending in 0004 gets no answer at all (a
 * distribution company that never answers for that meter): the lookup is held for good
 * (answerHold.ts), `heldLookup()` says it is in, and the test moves the adapter's clock past its
 * timeout. A DStv or GOtv smartcard answers the DSTV and GOTV pages' fields, its Due_Date and
 * Renewal_Amount among them, from the simulated biller (due in as many days as the two digits
 * before its last four say); a Startimes one its page's
 * (Customer_Name, Balance, Smartcard_Number: no due date). A DStv or GOtv pay with
 * subscription_type "renew" names no variation ("Renew Product").
 *
 * Test controls: `setMode` makes every answer not JSON, a 500, or a 503 "down";
 * `setVariations` replaces a service's plans (the catalogue sync's tests); `setSmartcard` gives a
 * smartcard another due date or renewal amount (renewed elsewhere, a price that rose);
 * `holdPayments` answers a number of payments (default none) and then holds the next ones
 * unanswered (answerHold.ts), as a provider that went quiet does, until `releasePayments` (a held
 * payment is then made, as a provider makes one whose caller went away, and a requery finds it);
 * `held()` settles once a payment is held. A slow VTpass is one whose payments are held: the test
 * moves the adapter's clock past its timeout once held() says the payment is in.
 *
 * Standalone: `npm run fake:vtpass` (PORT, FAKE_VTPASS_API_KEY / _PUBLIC_KEY / _SECRET_KEY).
 */

export interface FakeVtpassKeys {
  apiKey: string;
  publicKey: string;
  secretKey: string;
}

export const FAKE_VTPASS_KEYS: FakeVtpassKeys = {
  apiKey: 'fake-vtpass-api-key',
  publicKey: 'PK_fake_vtpass',
  secretKey: 'SK_fake_vtpass',
};

export type FakeVtpassMode = { kind: 'normal' } | { kind: 'malformed' } | { kind: 'server-error' } | { kind: 'down' };

export interface FakeVariation {
  variation_code: string;
  name: string;
  variation_amount: string;
  fixedPrice: 'Yes' | 'No';
}

interface StoredTransaction {
  bill: Bill;
  serviceID: string;
  amount: number;
  phone: string;
  createdAt: Date;
}

export interface FakeVtpass {
  /** Ends in /api, like https://sandbox.vtpass.com/api. */
  url: string;
  keys: FakeVtpassKeys;
  /** Every request received, in order: method, path, headers and parsed body. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[];
  /** The transactions paid, by request_id. */
  transactions: Map<string, StoredTransaction>;
  setMode(mode: FakeVtpassMode): void;
  setVariations(serviceID: string, variations: FakeVariation[]): void;
  setSmartcard(billersCode: string, subscription: { dueDate?: string; renewalAmount?: number }): void;
  /** Answers the next `answered` payments (default none), then holds every later one until releasePayments(). */
  holdPayments(answered?: number): void;
  /** Makes the held payments (and lets later ones through): their callers may be gone. */
  releasePayments(): void;
  /** Settles once a payment is held: the nth payment held since holdPayments() settles the nth wait. */
  held(): Promise<void>;
  /** Settles once a lookup of a number ending in 0004 is held: the nth since the fake started settles the nth wait. */
  heldLookup(): Promise<void>;
  /** Settles once every request received so far has been handled (a held payment released and made, even for a caller that gave up). */
  answered(): Promise<void>;
  close(): Promise<void>;
}

/** VTpass's service IDs and what they sell (its documentation's pages, one per service). */
const SERVICES: Record<string, { category: ServiceCategory; name: string }> = {
  mtn: { category: 'airtime', name: 'MTN Airtime VTU' },
  airtel: { category: 'airtime', name: 'Airtel Airtime VTU' },
  glo: { category: 'airtime', name: 'GLO Airtime' },
  etisalat: { category: 'airtime', name: '9mobile Airtime VTU' },
  'mtn-data': { category: 'data', name: 'MTN Data' },
  'airtel-data': { category: 'data', name: 'Airtel Data' },
  'glo-data': { category: 'data', name: 'GLO Data' },
  'etisalat-data': { category: 'data', name: '9mobile Data' },
  ...Object.fromEntries(
    ['ikeja', 'eko', 'abuja', 'kano', 'portharcourt', 'ibadan', 'enugu', 'jos', 'kaduna', 'benin', 'aba', 'yola'].map(
      (disco) => [
        `${disco}-electric`,
        { category: 'electricity-bill' as const, name: `${disco[0].toUpperCase()}${disco.slice(1)} Electric Payment` },
      ],
    ),
  ),
  dstv: { category: 'tv-subscription', name: 'DSTV Subscription' },
  gotv: { category: 'tv-subscription', name: 'Gotv Payment' },
  startimes: { category: 'tv-subscription', name: 'Startimes Subscription' },
  showmax: { category: 'tv-subscription', name: 'ShowMax' },
  waec: { category: 'education', name: 'WAEC Result Checker PIN' },
  jamb: { category: 'education', name: 'Jamb' },
};

/** The services whose smartcard verification tells the due date and renewal amount, and which renew without a variation. */
const RENEWABLE = new Set(['dstv', 'gotv']);

const plan = (variation_code: string, name: string, naira: number): FakeVariation => ({
  variation_code,
  name,
  variation_amount: naira.toFixed(2),
  fixedPrice: 'Yes',
});

/** Plans shaped like the documentation's examples (DSTV, WAEC and JAMB lists are its own). */
export const DEFAULT_VARIATIONS: Readonly<Record<string, FakeVariation[]>> = {
  'mtn-data': [
    plan('mtn-100mb-1000', 'MTN N1000 1.5GB - 30 days', 1000),
    plan('mtn-2gb-1500', 'MTN N1500 2GB - 30 days', 1500),
    plan('mtn-10mb-100', 'MTN N100 100MB - 24 hrs', 100),
  ],
  'airtel-data': [
    plan('airt-1000', 'Airtel Data Bundle - 1,000 Naira - 1.5GB - 30 Days', 1000),
    plan('airt-2000', 'Airtel Data Bundle - 2,000 Naira - 4.5GB - 30 Days', 2000),
  ],
  'glo-data': [
    plan('glo1000', 'Glo Data N1000 - 2.5GB - 30 days', 1000),
    plan('glo2000', 'Glo Data N2000 - 5.8GB - 30 days', 2000),
  ],
  'etisalat-data': [
    plan('eti-1000', '9mobile 1.5GB - 1,000 Naira - 30 days', 1000),
    plan('eti-2000', '9mobile 4.5GB - 2,000 Naira - 30 days', 2000),
  ],
  dstv: [
    plan('dstv-padi', 'DStv Padi N1,850', 1850),
    plan('dstv-yanga', 'DStv Yanga N2,565', 2565),
    plan('dstv-confam', 'Dstv Confam N4,615', 4615),
    plan('dstv79', 'DStv Compact N7900', 7900),
  ],
  gotv: [
    plan('gotv-smallie', 'GOtv Smallie - monthly N900', 900),
    plan('gotv-jinja', 'GOtv Jinja N1,900', 1900),
    plan('gotv-max', 'GOtv Max N4,850', 4850),
  ],
  startimes: [plan('nova', 'Nova - 900 Naira - 1 Month', 900), plan('basic', 'Basic - 1,700 Naira - 1 Month', 1700)],
  showmax: [plan('mobile_only', 'Showmax Mobile - N1,200', 1200), plan('full', 'Showmax Full - N2,900', 2900)],
  waec: [plan('waecdirect', 'WASSCE', 900)],
  jamb: [plan('utme', 'UTME', 4700), plan('de', 'Direct Entry (DE)', 4700)],
};

const DESCRIPTIONS: Record<string, string> = {
  '000': 'TRANSACTION SUCCESSFUL',
  '010': 'VARIATION CODE DOES NOT EXIST',
  '011': 'INVALID ARGUMENTS',
  '012': 'PRODUCT DOES NOT EXIST',
  '014': 'REQUEST ID ALREADY EXIST',
  '015': 'INVALID REQUEST ID',
  '016': 'TRANSACTION FAILED',
  '044': 'TRANSACTION RESOLVED',
  '087': 'INVALID CREDENTIALS',
  '099': 'TRANSACTION IS PROCESSING',
};

export async function startFakeVtpass(
  options: { port?: number; host?: string; keys?: FakeVtpassKeys; now?: () => Date } = {},
): Promise<FakeVtpass> {
  const keys = options.keys ?? FAKE_VTPASS_KEYS;
  const simulated = new SimulatedBiller({ now: options.now });
  const variations = new Map(Object.entries(DEFAULT_VARIATIONS).map(([service, list]) => [service, [...list]]));
  const transactions = new Map<string, StoredTransaction>();
  const smartcards = new Map<string, { dueDate?: string; renewalAmount?: number }>();
  const requests: FakeVtpass['requests'] = [];
  const sockets = new Set<Socket>();
  const handling = new Set<Promise<void>>();
  let mode: FakeVtpassMode = { kind: 'normal' };
  const payments = new AnswerHold();
  // Never released: it only tells the test that a lookup no one will answer is in.
  const silentLookups = new AnswerHold();
  silentLookups.hold();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const answer = (response: ServerResponse, code: string, extra: Record<string, unknown> = {}) =>
    send(response, code === '087' ? 401 : 200, {
      code,
      response_description: DESCRIPTIONS[code] ?? 'UNKNOWN',
      ...extra,
    });

  async function handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', 'http://fake.vtpass');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    requests.push({ method: request.method ?? '', path: url.pathname + url.search, headers: request.headers, body });

    if (mode.kind === 'down')
      return void response
        .writeHead(503, { 'content-type': 'text/html' })
        .end('<html><body>503 Service Temporarily Unavailable</body></html>');
    if (mode.kind === 'server-error')
      return void response
        .writeHead(500, { 'content-type': 'text/html' })
        .end('<html><body>Whoops, looks like something went wrong.</body></html>');
    if (mode.kind === 'malformed')
      return void response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"code":"000","content":{"transactions":');

    const header = (name: string) => request.headers[name];
    const authorised =
      header('api-key') === keys.apiKey &&
      (request.method === 'GET' ? header('public-key') === keys.publicKey : header('secret-key') === keys.secretKey);
    if (!authorised) return answer(response, '087');

    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /api/service-variations')
      return serviceVariations(response, url.searchParams.get('serviceID') ?? '');
    // A held payment is made once released, whether or not its caller still waits; not once the fake closed.
    if (route === 'POST /api/pay') return (await payments.pass()) ? pay(request, response, fields) : undefined;
    if (route === 'POST /api/requery') return requery(response, fields);
    if (route === 'POST /api/merchant-verify') return merchantVerify(response, fields);
    send(response, 404, { message: 'Not Found' });
  }

  function serviceVariations(response: ServerResponse, serviceID: string) {
    const service = SERVICES[serviceID];
    if (!service) return answer(response, '012');
    // VTpass's documentation spells the list "varations" on the older pages and "variations" on the newer: both are seen.
    const listName = serviceID === 'dstv' ? 'variations' : 'varations';
    send(response, 200, {
      response_description: '000',
      content: {
        ServiceName: service.name,
        serviceID,
        convinience_fee: '0 %',
        [listName]: variations.get(serviceID) ?? [],
      },
    });
  }

  async function pay(request: IncomingMessage, response: ServerResponse, fields: Record<string, unknown>) {
    const requestId = String(fields.request_id ?? '');
    const serviceID = String(fields.serviceID ?? '');
    const service = SERVICES[serviceID];
    const amount = Number(fields.amount);
    const phone = String(fields.phone ?? '');
    if (!requestId || !serviceID || !phone || !Number.isFinite(amount)) return answer(response, '011');
    if (!service) return answer(response, '012');
    const category = service.category;
    const beneficiary = category === 'airtime' ? phone : String(fields.billersCode ?? '');
    if (!beneficiary) return answer(response, '011');
    const variationCode = typeof fields.variation_code === 'string' ? fields.variation_code : null;
    const plans = variations.get(serviceID);
    const renewal = fields.subscription_type === 'renew' && RENEWABLE.has(serviceID);
    if (plans && !renewal && !plans.some((variation) => variation.variation_code === variationCode))
      return answer(response, '010');
    if (category === 'electricity-bill' && variationCode !== 'prepaid' && variationCode !== 'postpaid')
      return answer(response, '010');
    if (transactions.has(requestId)) return answer(response, '014');

    const bill: Bill = {
      requestId,
      category,
      providerCode: serviceID,
      packageCode: variationCode,
      beneficiary,
      amountKobo: BigInt(Math.round(amount * 100)),
    };
    transactions.set(requestId, { bill, serviceID, amount, phone, createdAt: new Date() });
    let outcome: BillOutcome;
    try {
      outcome = await simulated.pay(bill);
    } catch {
      // The simulated biller's "no answer": the connection is dropped once the request is in.
      request.socket.destroy();
      return;
    }
    switch (beneficiary.slice(-4)) {
      case '0002':
        return answer(response, '099', { requestId });
      case '0005':
        return answer(response, '000', transactionBody(requestId, 'initiated'));
      case '0006':
        return answer(response, '044', { requestId });
      case '0007':
        return void response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body>Service is under maintenance</body></html>');
    }
    if (outcome.status === 'failed') return answer(response, '016', transactionBody(requestId, 'failed'));
    if (outcome.status === 'pending') return answer(response, '000', transactionBody(requestId, 'pending'));
    answer(response, '000', transactionBody(requestId, 'delivered', outcome));
  }

  async function requery(response: ServerResponse, fields: Record<string, unknown>) {
    const requestId = String(fields.request_id ?? '');
    if (!transactions.has(requestId)) return answer(response, '015');
    const outcome = await simulated.requery(transactions.get(requestId)!.bill);
    answer(response, '000', transactionBody(requestId, outcome.status, outcome));
  }

  /** A transaction as pay and requery describe it (the Re-query page's EXPECTED RESPONSE), with what the customer keeps. */
  function transactionBody(requestId: string, status: string, outcome?: BillOutcome): Record<string, unknown> {
    const stored = transactions.get(requestId)!;
    const { bill } = stored;
    const receipt = outcome?.status === 'delivered' ? outcome.receipt : {};
    const body: Record<string, unknown> = {
      content: {
        transactions: {
          status,
          product_name: SERVICES[stored.serviceID].name,
          unique_element: bill.beneficiary,
          unit_price: stored.amount,
          quantity: 1,
          service_verification: null,
          channel: 'api',
          commission: 0,
          total_amount: stored.amount,
          discount: null,
          type: bill.category,
          email: 'sandbox@sandbox.vtpass.com',
          phone: stored.phone,
          name: null,
          convinience_fee: 0,
          amount: stored.amount,
          platform: 'api',
          method: 'api',
          transactionId: `${stored.createdAt.getTime()}${requestId.slice(-6)}`,
        },
      },
      requestId,
      amount: stored.amount,
      transaction_date: stored.createdAt.toISOString(),
      purchased_code: '',
    };
    if (receipt.token) {
      const digits = receipt.token.replace(/\D/g, '');
      Object.assign(body, {
        purchased_code: `Token : ${digits}`,
        token: `Token : ${digits}`,
        units: receipt.units?.replace(/\s*kWh$/, ''),
        tokenAmount: stored.amount,
      });
    }
    if (receipt.serial || receipt.pin) {
      Object.assign(body, {
        purchased_code: receipt.serial ? `Serial No:${receipt.serial}, pin: ${receipt.pin}` : `Pin : ${receipt.pin}`,
        cards: receipt.serial ? [{ Serial: receipt.serial, Pin: receipt.pin }] : undefined,
        Pin: receipt.serial ? undefined : receipt.pin,
      });
    }
    return body;
  }

  async function merchantVerify(response: ServerResponse, fields: Record<string, unknown>) {
    const serviceID = String(fields.serviceID ?? '');
    const billersCode = String(fields.billersCode ?? '');
    const service = SERVICES[serviceID];
    if (!billersCode || !serviceID) return answer(response, '011');
    if (!service) return answer(response, '012');
    // Left open until the caller gives up (its timeout) or the fake closes; not awaited, so that
    // answered() does not wait for an answer that never comes.
    if (billersCode.endsWith('0004')) return void silentLookups.pass();
    const found = await simulated.verify({
      category: service.category,
      providerCode: serviceID,
      beneficiary: billersCode,
    });
    if (!found) {
      const error =
        service.category === 'electricity-bill'
          ? `This meter is not correct or is not a valid ${service.name} meter. Please check and try again`
          : 'Invalid Smartcard Number';
      return answer(response, '000', { content: { error, WrongBillersCode: true } });
    }
    if (service.category === 'electricity-bill') {
      return answer(response, '000', {
        content: {
          Customer_Name: found.name,
          Address: found.address,
          Meter_Number: billersCode,
          Customer_Arrears: '',
          Minimum_Amount: 500,
          Min_Purchase_Amount: 500,
          Can_Vend: 'yes',
          Business_Unit: '',
          Customer_Account_Type: 'NMD',
          Meter_Type: String(fields.type ?? 'prepaid').toUpperCase(),
          WrongBillersCode: false,
        },
      });
    }
    if (RENEWABLE.has(serviceID)) {
      const card = smartcards.get(billersCode) ?? {};
      return answer(response, '000', {
        content: {
          Customer_Name: found.name,
          Status: 'ACTIVE',
          Due_Date: `${card.dueDate ?? found.due_date}T00:00:00`,
          Customer_Number: billersCode.slice(0, 9),
          Customer_Type: serviceID.toUpperCase(),
          Current_Bouquet: found.current_plan,
          Renewal_Amount: (card.renewalAmount ?? found.renewal_amount!).toFixed(2),
          commission_details: { amount: null, rate: '1.50', rate_type: 'percent', computation_type: 'default' },
        },
      });
    }
    if (serviceID === 'startimes') {
      return answer(response, '000', {
        content: {
          Customer_Name: found.name,
          Balance: 54.82,
          Smartcard_Number: billersCode,
          WrongBillersCode: false,
          commission_details: { amount: null, rate: '2.50', rate_type: 'percent', computation_type: 'default' },
        },
      });
    }
    answer(response, '000', {
      content: {
        Customer_Name: found.name,
        commission_details: { amount: null, rate: '0', rate_type: 'percent', computation_type: 'default' },
      },
    });
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const handled = handle(request, response, raw).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500).end(String(error));
      });
      handling.add(handled);
      void handled.finally(() => handling.delete(handled));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;

  return {
    url: `http://${address}:${port}/api`,
    keys,
    requests,
    transactions,
    setMode(next) {
      mode = next;
    },
    holdPayments: (answered) => payments.hold(answered),
    releasePayments: () => payments.release(),
    held: () => payments.held(),
    heldLookup: () => silentLookups.held(),
    setVariations(serviceID, list) {
      variations.set(serviceID, list);
    },
    setSmartcard(billersCode, subscription) {
      smartcards.set(billersCode, subscription);
    },
    async answered() {
      await Promise.all(handling);
    },
    close() {
      payments.close();
      silentLookups.close();
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// `npm run fake:vtpass`: a fake VTpass for operators to point a development server at.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeVtpass({
    port: Number(process.env.PORT ?? 3471),
    keys: {
      apiKey: process.env.FAKE_VTPASS_API_KEY ?? FAKE_VTPASS_KEYS.apiKey,
      publicKey: process.env.FAKE_VTPASS_PUBLIC_KEY ?? FAKE_VTPASS_KEYS.publicKey,
      secretKey: process.env.FAKE_VTPASS_SECRET_KEY ?? FAKE_VTPASS_KEYS.secretKey,
    },
  });
  console.log(`fake VTpass listening at ${fake.url}`);
  console.log(
    `  BILLER=vtpass VTPASS_BASE_URL=${fake.url} VTPASS_API_KEY=${fake.keys.apiKey} VTPASS_PUBLIC_KEY=${fake.keys.publicKey} VTPASS_SECRET_KEY=${fake.keys.secretKey}`,
  );
}
