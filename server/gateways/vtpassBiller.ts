import type { MerchantDetails } from '../../core/contract';
import { atLagosTime } from '../../core/days';
import { serviceOfCategory } from '../../core/services';
import type { Timeouts } from '../clock';
import { AppError } from '../errors';
import type { Bill, Biller, BillOutcome, CustomerLookup, Receipt } from './biller';
import type { PlanSource, SourcePlan } from './planSource';
import { ProviderHttp, ProviderUnavailableError, type ProviderLog } from './providerHttp';
import { t } from '../i18n';

/**
 * VTpass (https://www.vtpass.com/documentation/), the bill-payment aggregator behind
 * BILLER=vtpass. Four calls, all under VTPASS_BASE_URL (ending in /api):
 *
 * - POST /pay {request_id, serviceID, billersCode, variation_code, amount, phone, ...}; a DStv or
 *   GOtv renewal names no variation: {subscription_type: 'renew', amount: the verified Renewal_Amount}
 * - POST /requery {request_id}
 * - POST /merchant-verify {billersCode, serviceID, type}
 * - GET  /service-variations?serviceID=…   (the catalogue sync, jobs/catalogSync.ts)
 *
 * Authentication: `api-key` + `secret-key` headers on POST, `api-key` + `public-key` on GET.
 *
 * Reading an answer (VTpass "Response Codes"): 000 means "processed, look at
 * content.transactions.status" (delivered / pending / initiated / failed / reversed); 099 is
 * processing; 016 TRANSACTION FAILED and the codes that refuse a request before anything is
 * bought (a wrong variation, an amount out of range, our own account's state or keys) are
 * definitive failures; everything else — another code, a 5xx, a body that is not JSON, no answer
 * — is treated as pending and requeried, as VTpass itself asks ("Take any response that differs
 * from the guidelines provided here as pending").
 *
 * Betting: VTpass documents no betting-account funding, so this biller sells none: the catalogue
 * sync hides the betting providers, and a betting bill or lookup is refused with BETTING_UNAVAILABLE.
 */

export const BETTING_UNAVAILABLE = /*i18n*/ {
  id: 'purchase.refused.noBetting',
  message: 'betting top-ups are not available at the moment',
};
/**
 * VTpass verifies meters, smartcards and JAMB profiles; a WAEC result checker pin is bought for
 * nobody in particular.
 */
export const NOTHING_TO_VERIFY = /*i18n*/ {
  id: 'purchase.refused.nothingToVerify',
  message: 'this provider has no customer to verify',
};

/**
 * Our catalogue's provider codes → VTpass serviceIDs, and how each bill is sent. The plan of a
 * plan-priced provider is sent as its package code: the catalogue sync stores VTpass's
 * variation_code as the package code.
 */
type Product =
  /** Airtime: the phone is the billersCode, the amount is free. */
  | { kind: 'airtime'; serviceID: string }
  /** A plan (variation) for the billersCode: data bundles, TV bouquets, exam pins. */
  | { kind: 'plan'; serviceID: string }
  /** Prepaid electricity: the meter is the billersCode, the amount is free. */
  | { kind: 'electricity'; serviceID: string };

export const VTPASS_PRODUCTS: Readonly<Record<string, Product>> = {
  'mtn-airtime': { kind: 'airtime', serviceID: 'mtn' },
  'airtel-airtime': { kind: 'airtime', serviceID: 'airtel' },
  'glo-airtime': { kind: 'airtime', serviceID: 'glo' },
  '9mobile-airtime': { kind: 'airtime', serviceID: 'etisalat' },
  'mtn-data': { kind: 'plan', serviceID: 'mtn-data' },
  'airtel-data': { kind: 'plan', serviceID: 'airtel-data' },
  'glo-data': { kind: 'plan', serviceID: 'glo-data' },
  '9mobile-data': { kind: 'plan', serviceID: 'etisalat-data' },
  'ikeja-electric': { kind: 'electricity', serviceID: 'ikeja-electric' },
  'eko-electric': { kind: 'electricity', serviceID: 'eko-electric' },
  'abuja-electric': { kind: 'electricity', serviceID: 'abuja-electric' },
  'kano-electric': { kind: 'electricity', serviceID: 'kano-electric' },
  'portharcourt-electric': { kind: 'electricity', serviceID: 'portharcourt-electric' },
  'ibadan-electric': { kind: 'electricity', serviceID: 'ibadan-electric' },
  'enugu-electric': { kind: 'electricity', serviceID: 'enugu-electric' },
  'jos-electric': { kind: 'electricity', serviceID: 'jos-electric' },
  'kaduna-electric': { kind: 'electricity', serviceID: 'kaduna-electric' },
  'benin-electric': { kind: 'electricity', serviceID: 'benin-electric' },
  'aba-electric': { kind: 'electricity', serviceID: 'aba-electric' },
  'yola-electric': { kind: 'electricity', serviceID: 'yola-electric' },
  dstv: { kind: 'plan', serviceID: 'dstv' },
  gotv: { kind: 'plan', serviceID: 'gotv' },
  startimes: { kind: 'plan', serviceID: 'startimes' },
  showmax: { kind: 'plan', serviceID: 'showmax' },
  waec: { kind: 'plan', serviceID: 'waec' },
  jamb: { kind: 'plan', serviceID: 'jamb' },
};

const TV_SERVICES = new Set(['dstv', 'gotv', 'startimes', 'showmax']);

/**
 * Codes that refuse a pay before anything is bought: the bill surely was not delivered nor
 * charged. The verification codes are among them: VTpass says to treat them as failed when a
 * purchase answers them.
 */
const REFUSALS: Readonly<Record<string, string>> = {
  '010': 'VTpass does not know this plan (variation code)',
  '011': 'VTpass refused the request as incomplete',
  '012': 'VTpass does not offer this product',
  '013': 'the amount is below the minimum VTpass allows',
  '017': 'the amount is above the maximum VTpass allows',
  '018': 'our VTpass wallet balance is too low',
  '019': 'VTpass refused a likely duplicate of a bill sent within 30 seconds',
  '020': 'VTpass answered a verification code to a payment',
  '021': 'our VTpass account is locked',
  '022': 'our VTpass account is suspended',
  '023': 'our VTpass account has no API access',
  '024': 'our VTpass account is inactive',
  '030': 'the biller is not reachable through VTpass at the moment',
  '087': 'VTpass refused our API keys',
  '091': 'VTpass did not process the transaction (not charged)',
};
/** Refusals that are our own account's problem, not the customer's: logged as errors for the operator. */
const ACCOUNT_PROBLEMS = new Set(['018', '021', '022', '023', '024', '087']);

/**
 * A requery of a request id VTpass has never seen (015) proves the pay never reached it — once
 * VTpass has surely had time to record it. Request ids begin with their Lagos minute.
 */
const UNKNOWN_REQUEST_FINAL_AFTER_MS = 10 * 60_000;

export interface VtpassOptions {
  /** e.g. https://sandbox.vtpass.com/api */
  baseUrl: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  /** Per HTTP attempt; keep it under BILLER_TIMEOUT_MS so a timed-out pay is seen as such. */
  timeoutMs: number;
  log: ProviderLog & { error(obj: object, msg: string): void };
  /** Breaker tuning (providerHttp.ts defaults otherwise). */
  failureThreshold?: number;
  coolDownMs?: number;
  /** First backoff between the attempts of an idempotent call (providerHttp.ts default). */
  retryDelayMs?: number;
  now?: () => Date;
  /** What times a call out (providerHttp.ts; default the system's timers). */
  timeouts?: Timeouts;
}

export class VtpassBiller implements Biller, PlanSource {
  readonly name = 'vtpass';
  readonly #http: ProviderHttp;

  /** The circuit breaker's state, for the operator console and tests. */
  get breakerState() {
    return this.#http.breakerState;
  }
  readonly #keys: { apiKey: string; publicKey: string; secretKey: string };
  readonly #log: VtpassOptions['log'];
  readonly #now: () => Date;

  constructor(options: VtpassOptions) {
    const now = options.now ?? (() => new Date());
    this.#http = new ProviderHttp({
      provider: 'VTpass',
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      log: options.log,
      failureThreshold: options.failureThreshold,
      coolDownMs: options.coolDownMs,
      retryDelayMs: options.retryDelayMs,
      // The breaker's cool-down runs on the same clock as the rest of the adapter.
      now: () => now().getTime(),
      timeouts: options.timeouts,
      // What says what happened; never a name (transactions.name and Customer_Name are the
      // customer's), number, token or pin.
      logFields: [
        'unit_price',
        'quantity',
        'channel',
        'method',
        'platform',
        'transaction_date',
        'ServiceName',
        'variation_amount',
        'fixedPrice',
      ],
    });
    this.#keys = { apiKey: options.apiKey, publicKey: options.publicKey, secretKey: options.secretKey };
    this.#log = options.log;
    this.#now = now;
  }

  /**
   * While the breaker of VTpass's bills (pay and requery) is open, a purchase is refused before any
   * money is reserved.
   */
  assertAvailable(): void {
    if (this.#http.breakerState === 'open') throw new ProviderUnavailableError('VTpass', 'circuit-open');
  }

  async pay(bill: Bill): Promise<BillOutcome> {
    const product = productOf(bill.providerCode);
    if (!product) return { status: 'failed', reason: t(BETTING_UNAVAILABLE), definitive: true };
    // A service billed to a phone number (the service table) is paid for that number; the others name the customer's.
    const billsAPhone = serviceOfCategory(bill.category)?.beneficiary.input === 'phone';
    const phone = billsAPhone ? bill.beneficiary : (bill.customerPhone ?? bill.beneficiary);
    const body: Record<string, unknown> = {
      request_id: bill.requestId,
      serviceID: product.serviceID,
      amount: nairaOf(bill.amountKobo),
      phone,
    };
    if (product.kind !== 'airtime') body.billersCode = bill.beneficiary;
    if (product.kind === 'electricity') body.variation_code = 'prepaid';
    if (product.kind === 'plan' && TV_SERVICES.has(product.serviceID) && !bill.packageCode) {
      // No bouquet named: a renewal of the smartcard's current one, for the Renewal_Amount its
      // verification gave ("Renew Product").
      body.subscription_type = 'renew';
    } else if (product.kind === 'plan') {
      if (!bill.packageCode) return { status: 'failed', reason: 'no plan was chosen', definitive: true };
      body.variation_code = bill.packageCode;
      body.quantity = 1;
      // A bouquet bought by its variation code is a change of bouquet; a renewal pays the verified
      // Renewal_Amount instead.
      if (TV_SERVICES.has(product.serviceID)) body.subscription_type = 'change';
    }
    let answer;
    try {
      // Never retried: a second pay could buy the bill twice (VTpass would refuse the reused
      // request_id, but that answer says nothing of the first).
      answer = await this.#http.request({
        method: 'POST',
        path: '/pay',
        headers: this.#postHeaders(),
        json: body,
        idempotent: false,
      });
    } catch (error) {
      // Never sent (the breaker was open, the connection refused): nothing can have been bought.
      if (error instanceof ProviderUnavailableError && !error.maybeReceived)
        return { status: 'failed', reason: error.message, definitive: true };
      throw error;
    }
    return this.#outcomeOf(answer.body, bill, 'pay');
  }

  async requery(bill: Bill): Promise<BillOutcome> {
    if (!productOf(bill.providerCode)) return { status: 'failed', reason: t(BETTING_UNAVAILABLE), definitive: true };
    const answer = await this.#http.request({
      method: 'POST',
      path: '/requery',
      headers: this.#postHeaders(),
      json: { request_id: bill.requestId },
      idempotent: true,
    });
    return this.#outcomeOf(answer.body, bill, 'requery');
  }

  async verify({ category, providerCode, beneficiary }: CustomerLookup): Promise<MerchantDetails | null> {
    const product = productOf(providerCode);
    if (!product) throw new AppError(422, t(BETTING_UNAVAILABLE));
    if (product.serviceID === 'waec') throw new AppError(422, t(NOTHING_TO_VERIFY));
    const json: Record<string, unknown> = { billersCode: beneficiary, serviceID: product.serviceID };
    if (product.kind === 'electricity') json.type = 'prepaid';
    if (product.serviceID === 'jamb') json.type = 'utme';
    // A lookup's failure may be its number's doing (a distributor that stalls on one meter): it
    // is not retried once VTpass may have received it, and it counts toward the breaker of its
    // own product only, never toward the one that refuses purchases.
    const answer = await this.#http.request({
      method: 'POST',
      path: '/merchant-verify',
      headers: this.#postHeaders(),
      json,
      idempotent: true,
      retryWhenReceived: false,
      breaker: `verify:${product.serviceID}`,
    });
    const body = asRecord(answer.body);
    const code = body?.code;
    if (code !== '000') {
      this.#refusedLog(typeof code === 'string' ? code : undefined, 'merchant-verify');
      throw new ProviderUnavailableError('VTpass', 'server-error');
    }
    const content = asRecord(body?.content);
    const name = text(content?.Customer_Name);
    // An unknown number answers 000 with content.error (and WrongBillersCode on electricity).
    if (!content || content.error !== undefined || content.WrongBillersCode === true || !name) return null;
    const details: MerchantDetails = { name };
    // The details the service's verification shows (the service table) are the ones kept.
    const address = text(content.Address);
    if (serviceOfCategory(category)?.verification?.fields.includes('address') && address) details.address = address;
    const renewal = Number(content.Renewal_Amount);
    if (TV_SERVICES.has(product.serviceID) && content.Renewal_Amount !== undefined && Number.isFinite(renewal))
      details.renewal_amount = renewal;
    const bouquet = text(content.Current_Bouquet);
    if (bouquet) details.current_plan = bouquet;
    // DStv and GOtv answer "2025-02-06T00:00:00": the day the subscription is due.
    const due = /^(\d{4}-\d{2}-\d{2})(?:T|$)/.exec(text(content.Due_Date) ?? '')?.[1];
    if (TV_SERVICES.has(product.serviceID) && due) details.due_date = due;
    return details;
  }

  sells(providerCode: string): boolean {
    return productOf(providerCode) !== undefined;
  }

  /** A plan-priced provider's service-variations; null for one sold by amount. */
  async plans(providerCode: string): Promise<SourcePlan[] | null> {
    const product = productOf(providerCode);
    if (!product || product.kind !== 'plan') return null;
    const answer = await this.#http.request({
      method: 'GET',
      path: `/service-variations?serviceID=${encodeURIComponent(product.serviceID)}`,
      headers: { 'api-key': this.#keys.apiKey, 'public-key': this.#keys.publicKey },
      idempotent: true,
      // The catalogue sync's failures say nothing about paying bills.
      breaker: 'catalogue',
    });
    const content = asRecord(asRecord(answer.body)?.content);
    // VTpass spells the list "varations" on some services and "variations" on others.
    const list = content?.variations ?? content?.varations;
    if (!Array.isArray(list)) throw new ProviderUnavailableError('VTpass', 'server-error');
    return list.flatMap((entry): SourcePlan[] => {
      const item = asRecord(entry);
      const code = text(item?.variation_code);
      const name = text(item?.name);
      const amountKobo = koboOf(item?.variation_amount);
      return code && name && amountKobo !== null && amountKobo > 0n ? [{ code, name, amountKobo }] : [];
    });
  }

  #postHeaders() {
    return { 'api-key': this.#keys.apiKey, 'secret-key': this.#keys.secretKey };
  }

  #refusedLog(code: string | undefined, call: string) {
    if (code && ACCOUNT_PROBLEMS.has(code))
      this.#log.error({ provider: 'VTpass', code, call }, `VTpass refused the call: ${REFUSALS[code]}`);
  }

  #outcomeOf(answer: unknown, bill: Bill, call: 'pay' | 'requery'): BillOutcome {
    const body = asRecord(answer);
    const code = body?.code;
    if (!body || typeof code !== 'string') {
      return { status: 'failed', reason: 'VTpass answered something unreadable', definitive: false };
    }
    if (code === '000') {
      const status = asRecord(asRecord(body?.content)?.transactions)?.status;
      switch (status) {
        case 'delivered':
          return { status: 'delivered', receipt: receiptOf(body, bill) };
        case 'pending':
        case 'initiated':
          return { status: 'pending' };
        case 'failed':
          return { status: 'failed', reason: 'VTpass reports the transaction failed', definitive: true };
        case 'reversed':
          return { status: 'failed', reason: 'VTpass reversed the transaction', definitive: true };
        default:
          return { status: 'failed', reason: `VTpass answered the status ${String(status)}`, definitive: false };
      }
    }
    if (code === '099') return { status: 'pending' };
    if (code === '016') return { status: 'failed', reason: 'VTpass reports the transaction failed', definitive: true };
    if (call === 'requery' && code === '015') {
      const sentAt = lagosMinuteOf(bill.requestId);
      const final = sentAt !== null && this.#now().getTime() - sentAt.getTime() >= UNKNOWN_REQUEST_FINAL_AFTER_MS;
      return { status: 'failed', reason: 'VTpass has no record of this bill', definitive: final };
    }
    if (call === 'pay' && REFUSALS[code]) {
      this.#refusedLog(code, call);
      return { status: 'failed', reason: REFUSALS[code], definitive: true };
    }
    this.#refusedLog(code, call);
    return { status: 'failed', reason: `VTpass answered the code ${code}`, definitive: false };
  }
}

const productOf = (providerCode: string): Product | undefined => VTPASS_PRODUCTS[providerCode];

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** VTpass amounts are naira: numbers or strings such as "1850.00". */
function koboOf(value: unknown): bigint | null {
  const written = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(written);
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
}

/** Kobo as naira for VTpass; never fractional beyond kobo. */
const nairaOf = (kobo: bigint) => Number(kobo) / 100;

/** The Lagos minute (UTC+1, no daylight saving) a request id begins with: YYYYMMDDHHII. */
function lagosMinuteOf(requestId: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(requestId);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  return atLagosTime(year, month, day, hour, minute);
}

/**
 * What the customer keeps: electricity's token and units (VTpass gives them as `token` /
 * `mainToken` / `purchased_code` "Token : …", and `units` / `mainTokenUnits`, depending on the
 * distribution company), an exam pin's serial and pin (`cards` [{Serial, Pin}], or `Pin` /
 * `purchased_code` "Pin : …" for JAMB).
 */
function receiptOf(body: Record<string, unknown>, bill: Bill): Receipt {
  const product = productOf(bill.providerCode);
  const purchased = text(body.purchased_code) ?? text(body.Purchased_code) ?? '';
  if (product?.kind === 'electricity') {
    const token = digitsOf(text(body.token) ?? text(body.mainToken) ?? text(body.Token) ?? purchased);
    const units = text(body.units) ?? text(body.mainTokenUnits) ?? /(\d+(?:\.\d+)?)\s*kwh/i.exec(purchased)?.[1];
    const receipt: Receipt = {};
    if (token) receipt.token = token.replace(/(\d{4})(?=\d)/g, '$1-');
    if (units) receipt.units = /kwh/i.test(units) ? units : `${units} kWh`;
    return receipt;
  }
  if (product?.kind === 'plan' && (product.serviceID === 'waec' || product.serviceID === 'jamb')) {
    const card = Array.isArray(body.cards) ? asRecord(body.cards[0]) : undefined;
    const serial = text(card?.Serial) ?? /serial\s*no\s*:?\s*([A-Z0-9]+)/i.exec(purchased)?.[1];
    const pin = text(card?.Pin) ?? text(body.Pin) ?? /pin\s*:?\s*(\d+)/i.exec(purchased)?.[1];
    const receipt: Receipt = {};
    if (serial) receipt.serial = serial;
    if (pin) receipt.pin = pin;
    return receipt;
  }
  return {};
}

/** The token's digits, from "Token : 1234 5678 …" or a bare number; undefined when there are not 20 of them. */
function digitsOf(value: string): string | undefined {
  const digits = /(\d[\d\s-]{18,}\d)/.exec(value)?.[1]?.replace(/\D/g, '');
  return digits && digits.length >= 20 ? digits.slice(0, 20) : undefined;
}
