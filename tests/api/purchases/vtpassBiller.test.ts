import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MerchantDetails, Transaction } from '../../../core/contract';
import { lagosDay } from '../../../core/days';
import type { Bill, Biller } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { ProviderUnavailableError } from '../../../server/gateways/providerHttp';
import {
  BETTING_UNAVAILABLE,
  NOTHING_TO_VERIFY,
  VtpassBiller,
  type VtpassOptions,
} from '../../../server/gateways/vtpassBiller';
import { runRequery } from '../../../server/jobs/requery';
import { syncCatalog } from '../../../server/services/purchases/catalogSync';
import { PURCHASE_FAILED, PURCHASE_PROCESSING } from '../../../server/services/purchases/wording';
import { startFakeVtpass, type FakeVtpass } from '../../../testkit/fakes/vtpassServer';
import { startTestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { expectLedgerBalanced } from '../../support/api/ledger';
import { balance, buy, netCost, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';

/**
 * The VTpass adapter against the fake VTpass (testkit/fakes/vtpassServer.ts), which
 * answers VTpass's documented requests with its documented answers: first the adapter alone
 * (what it sends, how it reads every answer), then the whole app with BILLER=vtpass — each
 * outcome gives the right bill state, only a definitive failure refunds at once, the requery job
 * settles the rest, and the ledger audit holds after every test.
 */

const silentLog = { info() {}, warn() {}, error() {} };

function adapter(fake: FakeVtpass, overrides: Partial<VtpassOptions> = {}) {
  return new VtpassBiller({ baseUrl: fake.url, ...fake.keys, timeoutMs: 2_000, log: silentLog, ...overrides });
}

/** A request id as placing.ts makes them: the Lagos minute, then random hex. */
let sequence = 0;
function requestId(at = new Date()) {
  const lagos = new Date(at.getTime() + 60 * 60_000).toISOString();
  sequence += 1;
  return `${lagos.slice(0, 16).replace(/\D/g, '')}${String(sequence).padStart(6, '0')}abcdef`;
}

const airtimeBill = (beneficiary: string, amountKobo = 10_000n): Bill => ({
  requestId: requestId(),
  category: 'airtime',
  providerCode: 'mtn-airtime',
  packageCode: null,
  beneficiary,
  amountKobo,
});

describe('VtpassBiller against the fake VTpass', () => {
  let fake: FakeVtpass;
  beforeAll(async () => {
    fake = await startFakeVtpass();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.setMode({ kind: 'normal' });
    fake.releasePayments();
  });

  it('pays with the documented request: POST /pay, api-key + secret-key, request_id, serviceID, amount in naira, phone', async () => {
    const bill = airtimeBill('08031234567', 15_050n);
    await adapter(fake).pay(bill);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/api/pay',
      headers: { 'api-key': fake.keys.apiKey, 'secret-key': fake.keys.secretKey, 'content-type': 'application/json' },
      body: { request_id: bill.requestId, serviceID: 'mtn', amount: 150.5, phone: '08031234567' },
    });
    expect(sent.headers['public-key']).toBeUndefined();
    // request_id: the first 12 characters are the Lagos date and minute (UTC+1).
    expect(bill.requestId.slice(0, 12)).toMatch(/^\d{12}$/);
  });

  it('sends electricity as the meter with variation prepaid, plans with their variation code, a TV plan as a change of bouquet', async () => {
    const biller = adapter(fake);
    await biller.pay({
      requestId: requestId(),
      category: 'electricity-bill',
      providerCode: 'ikeja-electric',
      packageCode: null,
      beneficiary: '45031234567',
      amountKobo: 100_000n,
      customerPhone: '08031234567',
    });
    expect(fake.requests.at(-1)!.body).toEqual({
      request_id: expect.any(String),
      serviceID: 'ikeja-electric',
      billersCode: '45031234567',
      variation_code: 'prepaid',
      amount: 1000,
      phone: '08031234567',
    });
    await biller.pay({
      requestId: requestId(),
      category: 'tv-subscription',
      providerCode: 'gotv',
      packageCode: 'gotv-jinja',
      beneficiary: '7012345678',
      amountKobo: 190_000n,
      customerPhone: '08031234567',
    });
    expect(fake.requests.at(-1)!.body).toEqual({
      request_id: expect.any(String),
      serviceID: 'gotv',
      billersCode: '7012345678',
      variation_code: 'gotv-jinja',
      amount: 1900,
      phone: '08031234567',
      quantity: 1,
      subscription_type: 'change',
    });
    // No bouquet named: a renewal of the smartcard's current one, for the verified Renewal_Amount ("Renew Product").
    expect(
      await biller.pay({
        requestId: requestId(),
        category: 'tv-subscription',
        providerCode: 'dstv',
        packageCode: null,
        beneficiary: '7012345678',
        amountKobo: 440_000n,
        customerPhone: '08031234567',
      }),
    ).toMatchObject({ status: 'delivered' });
    expect(fake.requests.at(-1)!.body).toEqual({
      request_id: expect.any(String),
      serviceID: 'dstv',
      billersCode: '7012345678',
      amount: 4400,
      phone: '08031234567',
      subscription_type: 'renew',
    });
    await biller.pay({
      requestId: requestId(),
      category: 'data',
      providerCode: '9mobile-data',
      packageCode: 'eti-1000',
      beneficiary: '08091234567',
      amountKobo: 100_000n,
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      serviceID: 'etisalat-data',
      billersCode: '08091234567',
      variation_code: 'eti-1000',
      phone: '08091234567',
    });
  });

  it.each([
    ['08031234567', { status: 'delivered', receipt: {} }, { status: 'delivered' }],
    ['08031230001', { status: 'failed', definitive: true }, { status: 'failed', definitive: true }],
    ['08031230002', { status: 'pending' }, { status: 'delivered' }],
    ['08031230003', { status: 'pending' }, { status: 'failed', definitive: true }],
    ['08031230005', { status: 'pending' }, { status: 'pending' }],
    ['08031230006', { status: 'failed', definitive: false }, { status: 'failed', definitive: true }],
    ['08031230007', { status: 'failed', definitive: false }, { status: 'delivered' }],
  ])('reads the answers for %s: pay %o, then requery %o', async (beneficiary, payOutcome, requeryOutcome) => {
    const biller = adapter(fake);
    const bill = airtimeBill(beneficiary);
    expect(await biller.pay(bill)).toMatchObject(payOutcome);
    expect(await biller.requery(bill)).toMatchObject(requeryOutcome);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/requery',
      body: { request_id: bill.requestId },
    });
  });

  it('a dropped connection (…0004) rejects the pay (no answer: pending); the requery finds it delivered', async () => {
    const biller = adapter(fake);
    const bill = airtimeBill('08031230004');
    await expect(biller.pay(bill)).rejects.toMatchObject({ failure: 'network', maybeReceived: true });
    expect(await biller.requery(bill)).toMatchObject({ status: 'delivered' });
  });

  it('reads the electricity token and units, and the exam serial and pin', async () => {
    const biller = adapter(fake);
    const power = await biller.pay({
      requestId: requestId(),
      category: 'electricity-bill',
      providerCode: 'ikeja-electric',
      packageCode: null,
      beneficiary: '45031234567',
      amountKobo: 1_674_000n,
    });
    expect(power).toEqual({
      status: 'delivered',
      receipt: { token: expect.stringMatching(/^\d{4}(-\d{4}){4}$/), units: '79.9 kWh' },
    });
    const waecBill: Bill = {
      requestId: requestId(),
      category: 'education',
      providerCode: 'waec',
      packageCode: 'waecdirect',
      beneficiary: '08031234567',
      amountKobo: 90_000n,
    };
    const waec = await biller.pay(waecBill);
    expect(waec).toEqual({
      status: 'delivered',
      receipt: { serial: expect.stringMatching(/^WRN\d{9}$/), pin: expect.stringMatching(/^\d{12}$/) },
    });
    // A requery gives the same receipt back.
    expect(await biller.requery(waecBill)).toEqual(waec);
  });

  it('logs each call without the customer: no phone, meter, name, address, token or pin', async () => {
    const lines: string[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
      warn: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
      error() {},
    };
    const biller = adapter(fake, { log });
    const found = await biller.verify({
      category: 'electricity-bill',
      providerCode: 'ikeja-electric',
      beneficiary: '45031234567',
    });
    const power = await biller.pay({
      requestId: requestId(),
      category: 'electricity-bill',
      providerCode: 'ikeja-electric',
      packageCode: null,
      beneficiary: '45031234567',
      amountKobo: 100_000n,
      customerPhone: '08039876543',
    });
    const waec = await biller.pay({
      requestId: requestId(),
      category: 'education',
      providerCode: 'waec',
      packageCode: 'waecdirect',
      beneficiary: '08031234567',
      amountKobo: 90_000n,
    });
    const written = lines.join('\n');
    expect(lines).toHaveLength(3);
    const receipts = [power, waec].map((outcome) => (outcome.status === 'delivered' ? outcome.receipt : {}));
    for (const secret of [
      '45031234567',
      '08039876543',
      '08031234567',
      found!.name,
      found!.address!,
      receipts[0].token!.replace(/-/g, ''),
      receipts[1].serial!,
      receipts[1].pin!,
      fake.keys.apiKey,
      fake.keys.secretKey,
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('"serviceID":"ikeja-electric"');
  });

  it('a reused request id (014) is not a refund: it may hide a bill already bought', async () => {
    const biller = adapter(fake);
    const bill = airtimeBill('08031234567');
    await biller.pay(bill);
    expect(await biller.pay(bill)).toMatchObject({ status: 'failed', definitive: false });
  });

  it('an unknown plan (010) is a definitive failure: nothing was bought', async () => {
    const bill: Bill = {
      requestId: requestId(),
      category: 'data',
      providerCode: 'mtn-data',
      packageCode: 'mtn-1gb-30d',
      beneficiary: '08031234567',
      amountKobo: 100_000n,
    };
    expect(await adapter(fake).pay(bill)).toMatchObject({ status: 'failed', definitive: true });
  });

  it('a requery of a request VTpass never saw (015) is pending at first, definitive once VTpass has surely had time to record it', async () => {
    const sent = new Date('2026-03-01T10:00:00Z');
    const bill = { ...airtimeBill('08031234567'), requestId: requestId(sent) };
    let now = new Date(sent.getTime() + 60_000);
    const biller = adapter(fake, { now: () => now });
    expect(await biller.requery(bill)).toMatchObject({ status: 'failed', definitive: false });
    now = new Date(sent.getTime() + 11 * 60_000);
    expect(await biller.requery(bill)).toMatchObject({ status: 'failed', definitive: true });
  });

  it('wrong keys: the documented refusal (087) fails the pay definitively and is logged as an error for the operator', async () => {
    const errors: string[] = [];
    const biller = adapter(fake, {
      secretKey: 'SK_wrong',
      log: { ...silentLog, error: (_obj: object, msg: string) => errors.push(msg) },
    });
    expect(await biller.pay(airtimeBill('08031234567'))).toMatchObject({
      status: 'failed',
      definitive: true,
      reason: 'VTpass refused our API keys',
    });
    expect(errors).toEqual(['VTpass refused the call: VTpass refused our API keys']);
    // GET calls carry the public key: a wrong one is refused too.
    await expect(adapter(fake, { publicKey: 'PK_wrong' }).plans('dstv')).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });

  it('no answer in time times out (pending for a pay); a 5xx and a body that is not JSON are no answer or an ambiguous one', async () => {
    // VTpass holds the payment; the adapter's clock passes its timeout once the payment is in.
    const clock = new ManualClock();
    fake.holdPayments();
    const paid = adapter(fake, { timeoutMs: 100, timeouts: clock }).pay(airtimeBill('08031234567'));
    await fake.held();
    clock.advance(100);
    await expect(paid).rejects.toMatchObject({ failure: 'timeout', maybeReceived: true });
    fake.releasePayments();
    fake.setMode({ kind: 'server-error' });
    await expect(adapter(fake).pay(airtimeBill('08031234567'))).rejects.toMatchObject({ failure: 'server-error' });
    fake.setMode({ kind: 'malformed' });
    expect(await adapter(fake).pay(airtimeBill('08031234567'))).toMatchObject({ status: 'failed', definitive: false });
  });

  it('provider down: the breaker opens, then fails fast — a pay that never left is a definitive failure, and assertAvailable refuses', async () => {
    const biller = adapter(fake, { failureThreshold: 2, coolDownMs: 60_000 });
    fake.setMode({ kind: 'down' });
    await expect(biller.pay(airtimeBill('08031234567'))).rejects.toMatchObject({ failure: 'server-error' });
    await expect(biller.pay(airtimeBill('08031234567'))).rejects.toMatchObject({ failure: 'server-error' });
    const seen = fake.requests.length;
    expect(await biller.pay(airtimeBill('08031234567'))).toEqual({
      status: 'failed',
      definitive: true,
      reason: 'VTpass is not answering right now. Please try again in a few minutes.',
    });
    expect(() => biller.assertAvailable()).toThrow(
      'VTpass is not answering right now. Please try again in a few minutes.',
    );
    expect(fake.requests.length).toBe(seen);
  });

  it('merchant-verify: a meter with its address, a smartcard with its renewal amount, a JAMB profile; an unknown number is nobody', async () => {
    const biller = adapter(fake);
    const meter = await biller.verify({
      category: 'electricity-bill',
      providerCode: 'ikeja-electric',
      beneficiary: '45031234567',
    });
    expect(meter).toEqual({
      name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
      address: expect.stringContaining('Lagos'),
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/api/merchant-verify',
      body: { billersCode: '45031234567', serviceID: 'ikeja-electric', type: 'prepaid' },
    });
    // DStv and GOtv tell the bouquet, the renewal amount and the due date (the fake: the simulated biller's; 34 names no day of a month, so today).
    const card = await biller.verify({ category: 'tv-subscription', providerCode: 'dstv', beneficiary: '7012345678' });
    const simulated = await new SimulatedBiller().verify({
      category: 'tv-subscription',
      providerCode: 'dstv',
      beneficiary: '7012345678',
    });
    expect(card).toEqual<MerchantDetails>({
      name: simulated!.name,
      renewal_amount: simulated!.renewal_amount,
      current_plan: simulated!.current_plan,
      due_date: simulated!.due_date,
    });
    expect(simulated!.due_date).toBe(lagosDay(new Date()));
    expect(fake.requests.at(-1)!.body).toEqual({ billersCode: '7012345678', serviceID: 'dstv' });
    // Startimes tells neither (its page answers Customer_Name, Balance and Smartcard_Number).
    expect(
      await biller.verify({ category: 'tv-subscription', providerCode: 'startimes', beneficiary: '02123456789' }),
    ).toEqual({ name: expect.any(String) });
    expect(await biller.verify({ category: 'education', providerCode: 'jamb', beneficiary: 'AB12CD34EF' })).toEqual({
      name: expect.any(String),
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({ serviceID: 'jamb', type: 'utme' });
    await expect(
      biller.verify({ category: 'education', providerCode: 'waec', beneficiary: '08031234567' }),
    ).rejects.toMatchObject({ status: 422, message: NOTHING_TO_VERIFY.message });
    expect(
      await biller.verify({ category: 'electricity-bill', providerCode: 'ikeja-electric', beneficiary: '45031239999' }),
    ).toBeNull();
    expect(
      await biller.verify({ category: 'tv-subscription', providerCode: 'gotv', beneficiary: '7012349999' }),
    ).toBeNull();
  });

  it('betting: VTpass documents none, so it is refused with a clear message and never sent', async () => {
    const biller = adapter(fake);
    const seen = fake.requests.length;
    await expect(
      biller.verify({ category: 'betting', providerCode: 'bet9ja', beneficiary: '20481234' }),
    ).rejects.toMatchObject({ status: 422, message: BETTING_UNAVAILABLE.message });
    expect(
      await biller.pay({
        requestId: requestId(),
        category: 'betting',
        providerCode: 'bet9ja',
        packageCode: null,
        beneficiary: '20481234',
        amountKobo: 100_000n,
      }),
    ).toMatchObject({
      status: 'failed',
      definitive: true,
    });
    expect(fake.requests.length).toBe(seen);
    expect(biller.sells('bet9ja')).toBe(false);
  });

  it('service-variations: GET with api-key + public-key, both spellings of the list, naira prices in kobo; amount-priced providers have none', async () => {
    const biller = adapter(fake);
    expect(await biller.plans('dstv')).toContainEqual({
      code: 'dstv-padi',
      name: 'DStv Padi N1,850',
      amountKobo: 185_000n,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/service-variations?serviceID=dstv',
      headers: { 'api-key': fake.keys.apiKey, 'public-key': fake.keys.publicKey },
    });
    expect(await biller.plans('jamb')).toEqual([
      { code: 'utme', name: 'UTME', amountKobo: 470_000n },
      { code: 'de', name: 'Direct Entry (DE)', amountKobo: 470_000n },
    ]);
    expect(await biller.plans('mtn-airtime')).toBeNull();
    expect(await biller.plans('ikeja-electric')).toBeNull();
  });
});

/**
 * The app's biller in the app's suites: each test hands in an adapter of its own (its breaker
 * closed, its keys), and the one app of the block sends every call to the test's.
 */
function eachTestsAdapter(current: () => VtpassBiller): Biller {
  return {
    name: 'vtpass',
    pay: (bill) => current().pay(bill),
    requery: (bill) => current().requery(bill),
    verify: (customer) => current().verify(customer),
    assertAvailable: () => current().assertAvailable(),
  };
}

/** The breaker's cool-down in the app's suites: the tests move the app's clock past it. */
const COOL_DOWN_MS = 200;

/** The adapter's timeout in the purchases' suite: a call times out when the test moves the app's clock past it. */
const TIMEOUT_MS = 300;

describe.each(backends)('purchases through VTpass (the fake) on $name', (backend) => {
  let fake: FakeVtpass;
  let biller: VtpassBiller;
  let buyer: Buyer;
  let mtn: number;
  let ikeja: number;
  const deps = () => ({ biller, billerTimeoutMs: t.config.billerTimeoutMs });
  const airtime = (beneficiary: string, amount = 100) => ({ provider_id: mtn, beneficiary, amount, pin: PIN });
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('transactions').select('status').where('id', '=', BigInt(id)).executeTakeFirstOrThrow())
      .status;
  const movementsOf = async (id: number) =>
    (
      await t.db
        .selectFrom('ledger_movements')
        .select('kind')
        .where('transaction_id', '=', BigInt(id))
        .orderBy('id')
        .execute()
    ).map((m) => m.kind);

  /** An adapter on the app's clock: its calls time out when the test moves the clock past TIMEOUT_MS, never on their own. */
  const appAdapter = (overrides: Partial<VtpassOptions> = {}) =>
    adapter(fake, {
      timeoutMs: TIMEOUT_MS,
      failureThreshold: 3,
      coolDownMs: COOL_DOWN_MS,
      now: () => t.clock.now(),
      timeouts: t.clock,
      ...overrides,
    });

  beforeAll(async () => {
    fake = await startFakeVtpass();
  });
  afterAll(() => fake.close());
  // One app for the block; each test's adapter fresh, its breaker closed. The tests read only
  // their own customers' bills: every bill an earlier test left was settled by its end.
  const t = useTestApp(backend, { biller: eachTestsAdapter(() => biller) });
  beforeAll(async () => {
    await syncCatalog(t.ctx, adapter(fake), { marginPercent: 0 });
    [mtn, ikeja] = [
      await providerId(t, 'airtime', 'MTN'),
      await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)'),
    ];
  });
  beforeEach(async () => {
    biller = appAdapter();
    buyer = await newBuyer(t, 50_000);
    // Each test's biller is a new one, and so is its product health: the failures the tests before
    // caused on the clock that barely moves would pause MTN airtime (productPauses.test.ts tests that).
    await t.db.deleteFrom('product_pauses').execute();
    await t.db.deleteFrom('product_pay_calls').execute();
  });
  afterEach(() => {
    fake.setMode({ kind: 'normal' });
    fake.releasePayments();
  });

  it('delivered: completed, charged once, settled to the biller', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08031234567', 150));
    expect(reply).toMatchObject({ status: 200, body: { type: 'success', data: { status: 'completed', amount: 150 } } });
    expect(await balance(t, buyer.token)).toBe(50_000 - netCost('airtime', 150));
    expect(await movementsOf(reply.body.data!.id)).toEqual(['purchase-reserve', 'purchase-settle']);
    const { request_id } = await t.db
      .selectFrom('purchases')
      .select('request_id')
      .where('transaction_id', '=', BigInt(reply.body.data!.id))
      .executeTakeFirstOrThrow();
    expect(fake.transactions.get(request_id)).toMatchObject({ serviceID: 'mtn', phone: '08031234567' });
  });

  it('electricity delivered: the token and units reach the receipt', async () => {
    const reply = await buy(t, buyer.token, 'electricity-bill', {
      provider_id: ikeja,
      beneficiary: '45031234567',
      amount: 1000,
      pin: PIN,
    });
    expect(reply.body.data).toMatchObject({
      status: 'completed',
      display_name: 'Token',
      display_value: expect.stringMatching(/^\d{4}(-\d{4}){4}$/),
    });
  });

  it('failed definitively (016): canceled and refunded at once', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08031230001', 500));
    expect(reply).toMatchObject({
      status: 502,
      body: { type: 'error', message: PURCHASE_FAILED, data: { status: 'canceled' } },
    });
    expect(await balance(t, buyer.token)).toBe(50_000);
    expect(await movementsOf(reply.body.data!.id)).toEqual(['purchase-reserve', 'purchase-refund']);
  });

  it.each([
    ['pending (099), then delivered', '08031230002', 'completed', 50_000 - netCost('airtime', 200)],
    ['pending (status pending), then failed', '08031230003', 'canceled', 50_000],
    ['no answer (connection dropped), then delivered', '08031230004', 'completed', 50_000 - netCost('airtime', 200)],
    ['failed ambiguously (044), then failed', '08031230006', 'canceled', 50_000],
    ['an answer that is not JSON, then delivered', '08031230007', 'completed', 50_000 - netCost('airtime', 200)],
  ])(
    '%s: processing with the money reserved and no refund; the requery job settles it',
    async (_case, beneficiary, final, balanceAfter) => {
      const reply = await buy(t, buyer.token, 'airtime', airtime(beneficiary, 200));
      expect(reply).toMatchObject({
        status: 200,
        body: { message: PURCHASE_PROCESSING, data: { status: 'processing' } },
      });
      const id = reply.body.data!.id;
      expect(await balance(t, buyer.token)).toBe(49_800);
      expect(await movementsOf(id)).toEqual(['purchase-reserve']);
      t.clock.advance(t.config.billerTimeoutMs + 5_000);
      await runRequery(t.ctx, deps());
      expect(await statusOf(id)).toBe(final);
      expect(await balance(t, buyer.token)).toBe(balanceAfter);
    },
  );

  it('a silent VTpass: the pay times out (pending, no refund); the requery finds what VTpass did', async () => {
    fake.holdPayments();
    const replied = buy(t, buyer.token, 'airtime', airtime('08031234567', 300));
    // The payment is in and VTpass holds it: the adapter's timeout passes.
    await fake.held();
    t.clock.advance(TIMEOUT_MS);
    const reply = await replied;
    expect(reply.body.data).toMatchObject({ status: 'processing' });
    expect(await balance(t, buyer.token)).toBe(49_700);
    // VTpass makes the bill after we stopped waiting.
    fake.releasePayments();
    await fake.answered();
    t.clock.advance(t.config.billerTimeoutMs + 5_000);
    await runRequery(t.ctx, deps());
    expect(await statusOf(reply.body.data!.id)).toBe('completed');
  });

  it('wrong keys: the purchase fails definitively and is refunded; verification says VTpass is not answering', async () => {
    // This test's adapter holds the wrong secret key.
    biller = appAdapter({ secretKey: 'SK_wrong' });
    buyer = await newBuyer(t, 1_000);
    const reply = await buy(t, buyer.token, 'airtime', airtime('08031234567', 100));
    expect(reply).toMatchObject({ status: 502, body: { message: PURCHASE_FAILED, data: { status: 'canceled' } } });
    expect(await balance(t, buyer.token)).toBe(1_000);
    const verify = await t.call('/api/verify-merchant', {
      token: buyer.token,
      body: { provider_id: ikeja, beneficiary: '45031234567' },
    });
    expect(verify).toMatchObject({
      status: 503,
      headers: { 'retry-after': '30' },
      body: { message: 'VTpass is not answering right now. Please try again in a few minutes.' },
    });
    await expectLedgerBalanced(t);
  });

  it('provider down: pays in flight stay pending; once the breaker opens purchases are refused before any money moves; it recovers after the cool-down', async () => {
    // Down for everyone: three customers' bills fail (one customer's failures count once).
    const customers = [buyer, await newBuyer(t, 1_000), await newBuyer(t, 1_000)];
    fake.setMode({ kind: 'down' });
    const pending: number[] = [];
    for (const customer of customers) {
      const reply = await buy(t, customer.token, 'airtime', airtime('08031234567', 100));
      expect(reply.body.data).toMatchObject({ status: 'processing' });
      pending.push(reply.body.data!.id);
    }
    const before = await balance(t, buyer.token);
    const refused = await buy(t, buyer.token, 'airtime', airtime('08031234567', 100));
    // The breaker's cool-down is what is left to wait.
    expect(refused).toMatchObject({
      status: 503,
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
      body: { type: 'error', message: 'VTpass is not answering right now. Please try again in a few minutes.' },
    });
    expect(await balance(t, buyer.token)).toBe(before);
    const placed = t.db
      .selectFrom('transactions')
      .select('id')
      .where('category', '=', 'airtime')
      .where(
        'user_id',
        'in',
        customers.map((customer) => customer.userId),
      );
    expect(await placed.execute()).toHaveLength(3);

    fake.setMode({ kind: 'normal' });
    t.clock.advance(COOL_DOWN_MS);
    expect(await buy(t, buyer.token, 'airtime', airtime('08031234567', 100))).toMatchObject({
      status: 200,
      body: { data: { status: 'completed' } },
    });
    // VTpass never recorded the bills it answered 503 to: once it has surely had time (015 after 10 minutes), they are refunded.
    t.clock.advance(t.config.billerTimeoutMs + 5_000);
    await runRequery(t.ctx, deps());
    for (const id of pending) expect(await statusOf(id)).toBe('processing');
    t.clock.advance(11 * 60_000);
    await runRequery(t.ctx, deps());
    for (const id of pending) expect(await statusOf(id)).toBe('canceled');
    expect(await balance(t, buyer.token)).toBe(50_000 - netCost('airtime', 100));
  });

  it('betting is not sold through VTpass: the sync hides it, a purchase naming it is refused before any money moves', async () => {
    const catalogue = (await t.call<Record<string, unknown[]>>('/api/fetch-providers', { token: buyer.token })).body
      .data!;
    expect(catalogue.betting).toEqual([]);
    const bet9ja = await t.db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', 'bet9ja')
      .executeTakeFirstOrThrow();
    const reply = await buy(t, buyer.token, 'betting', {
      provider_id: bet9ja.id,
      beneficiary: '20481234',
      amount: 1000,
      pin: PIN,
    });
    expect(reply.status).toBe(422);
    expect(await balance(t, buyer.token)).toBe(50_000);
  });

  it('a bill sent to another biller (before BILLER changed) is never requeried through VTpass, so never refunded on its "no such request"', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08031230002', 200));
    const bill = BigInt(reply.body.data!.id);
    await t.db.updateTable('purchases').set({ biller: 'simulated' }).where('transaction_id', '=', bill).execute();
    const requeries = fake.requests.filter((request) => request.path === '/api/requery').length;
    t.clock.advance(t.config.billerTimeoutMs + 11 * 60_000);
    expect(await runRequery(t.ctx, deps())).toMatchObject({ pending: 1 });
    expect(fake.requests.filter((request) => request.path === '/api/requery')).toHaveLength(requeries);
    expect(await statusOf(reply.body.data!.id)).toBe('processing');
    await t.db.updateTable('purchases').set({ biller: 'vtpass' }).where('transaction_id', '=', bill).execute();
    t.clock.advance(60 * 60_000);
    await runRequery(t.ctx, deps());
    expect(await statusOf(reply.body.data!.id)).toBe('completed');
  });

  it('verify-merchant answers a smartcard with the renewal amount of its bouquet', async () => {
    const gotv = await providerId(t, 'tv-subscription', 'GOtv');
    const reply = await t.call<MerchantDetails>('/api/verify-merchant', {
      token: buyer.token,
      body: { provider_id: gotv, beneficiary: '7012345678' },
    });
    const simulated = await new SimulatedBiller().verify({
      category: 'tv-subscription',
      providerCode: 'gotv',
      beneficiary: '7012345678',
    });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        data: {
          name: expect.any(String),
          renewal_amount: simulated!.renewal_amount,
          current_plan: simulated!.current_plan,
          due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      },
    });
  });

  it('configured by BILLER=vtpass (no biller handed in), the app sends its bills to VTPASS_BASE_URL with the VTPASS keys', async () => {
    // An app of its own, configured rather than handed an adapter.
    const configured = await startTestApp(backend, {
      config: { biller: { kind: 'vtpass', baseUrl: fake.url, ...fake.keys } },
    });
    try {
      buyer = await newBuyer(configured, 1_000);
      const reply = await buy(configured, buyer.token, 'airtime', {
        provider_id: await providerId(configured, 'airtime', 'MTN'),
        beneficiary: '08035551234',
        amount: 100,
        pin: PIN,
      });
      expect(reply.body.data).toMatchObject({ status: 'completed' });
      const purchase = await configured.db
        .selectFrom('purchases')
        .select(['biller', 'request_id'])
        .executeTakeFirstOrThrow();
      expect(purchase.biller).toBe('vtpass');
      expect(fake.transactions.get(purchase.request_id)).toMatchObject({ serviceID: 'mtn', phone: '08035551234' });
      await expectLedgerBalanced(configured);
    } finally {
      await configured.close();
    }
  });

  it('a plan bought from the synced catalogue is sent with its VTpass variation code', async () => {
    const dstv = await providerId(t, 'tv-subscription', 'DStv');
    const padi = await t.db
      .selectFrom('packages')
      .select(['id', 'amount_kobo'])
      .where('provider_id', '=', dstv)
      .where('code', '=', 'dstv-padi')
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    expect(padi.amount_kobo).toBe(185_000n);
    const reply = await buy(t, buyer.token, 'tv-subscription', {
      provider_id: dstv,
      package_id: padi.id,
      beneficiary: '7012345678',
      pin: PIN,
    });
    expect(reply.body.data).toMatchObject<Partial<Transaction>>({ status: 'completed', amount: 1850 });
    expect(fake.requests.findLast((request) => request.path === '/api/pay')!.body).toMatchObject({
      serviceID: 'dstv',
      variation_code: 'dstv-padi',
      billersCode: '7012345678',
    });
  });
});

describe.each(backends)('merchant lookups through VTpass (the fake) on $name', (backend) => {
  let fake: FakeVtpass;
  let biller: VtpassBiller;
  let buyer: Buyer;
  let mtn: number;
  let ikeja: number;
  const airtime = (beneficiary: string, amount = 100) => ({ provider_id: mtn, beneficiary, amount, pin: PIN });

  beforeAll(async () => {
    fake = await startFakeVtpass();
  });
  afterAll(() => fake.close());
  // One app for the block, each test's adapter fresh (its breakers closed).
  const t = useTestApp(backend, { biller: eachTestsAdapter(() => biller) });
  beforeAll(async () => {
    await syncCatalog(t.ctx, adapter(fake), { marginPercent: 0 });
    [mtn, ikeja] = [
      await providerId(t, 'airtime', 'MTN'),
      await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)'),
    ];
  });
  beforeEach(async () => {
    // A cool-down no test outlasts: a breaker that opens stays open for the rest of the test.
    // Its calls time out when the test moves the app's clock past TIMEOUT_MS, never on their own.
    biller = adapter(fake, {
      timeoutMs: TIMEOUT_MS,
      failureThreshold: 3,
      coolDownMs: 600_000,
      now: () => t.clock.now(),
      timeouts: t.clock,
    });
    buyer = await newBuyer(t, 50_000);
  });

  const verify = (token: string, beneficiary: string) =>
    t.call('/api/verify-merchant', { token, body: { provider_id: ikeja, beneficiary } });
  /** A lookup of the meter that never answers: its one attempt times out once VTpass holds it and the clock passes the timeout. */
  const verifySilentMeter = async (token: string) => {
    const replied = verify(token, '45031230004');
    await fake.heldLookup();
    t.clock.advance(TIMEOUT_MS);
    return replied;
  };
  const merchantVerifyCalls = () => fake.requests.filter((request) => request.path === '/api/merchant-verify').length;

  // The attack: merchant verification was retried on a timeout and shared the breaker that
  // refuses purchases, so one user verifying a meter whose distribution company never answers
  // (two calls were enough, at three attempts each) refused every customer's purchases.
  it("one user's lookups of a meter that never answers open no breaker: others buy and look up as before", async () => {
    const others = await newBuyer(t, 50_000);
    const before = merchantVerifyCalls();
    for (let i = 0; i < 6; i++) expect((await verifySilentMeter(buyer.token)).status).toBe(503);
    // One call to VTpass per lookup: a timeout is not retried.
    expect(merchantVerifyCalls() - before).toBe(6);
    expect((await buy(t, others.token, 'airtime', airtime('08031234567'))).status).toBe(200);
    expect((await verify(others.token, '45031234567')).status).toBe(200);
    expect(
      (
        await buy(t, buyer.token, 'electricity-bill', {
          provider_id: ikeja,
          beneficiary: '45031234567',
          amount: 1000,
          pin: PIN,
        })
      ).status,
    ).toBe(200);
  });

  it('a distribution company that answers nobody opens its own lookup breaker only, after failures for several customers', async () => {
    const [late, ...customers] = [await newBuyer(t, 1_000), buyer, await newBuyer(t, 1_000), await newBuyer(t, 1_000)];
    for (const customer of customers) expect((await verifySilentMeter(customer.token)).status).toBe(503);
    const before = merchantVerifyCalls();
    // Fails fast, with VTpass's message, without a call.
    expect(await verify(late.token, '45031234567')).toMatchObject({
      status: 503,
      body: { message: 'VTpass is not answering right now. Please try again in a few minutes.' },
    });
    expect(merchantVerifyCalls()).toBe(before);
    // Another product's lookups and every purchase without a lookup go on.
    const eko = await providerId(t, 'electricity-bill', 'Eko Electricity (EKEDC)');
    expect(
      (
        await t.call('/api/verify-merchant', {
          token: late.token,
          body: { provider_id: eko, beneficiary: '45031234567' },
        })
      ).status,
    ).toBe(200);
    expect((await buy(t, late.token, 'airtime', airtime('08031234567'))).status).toBe(200);
  });
});
