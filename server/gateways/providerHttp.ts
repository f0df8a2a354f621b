import { GatewayError } from '../errors';

/**
 * The one HTTP client every provider adapter (VTpass, Monnify, Paystack, ...) talks through, so
 * each gets the same protections (issue 11):
 *
 * - a timeout on every attempt (the body included: a provider that sends headers then stalls
 *   times out too);
 * - bounded retries with exponential backoff, ONLY for a call its caller marks idempotent
 *   (a requery, a status check, a lookup): a payment sent twice may be paid twice;
 * - a circuit breaker per client (one client per provider): after `failureThreshold` failures
 *   in a row (no answer, a dropped connection, a 5xx) every call fails fast for `coolDownMs`
 *   with a message the user can act on, then one trial call is let through (half-open): its
 *   success closes the breaker, its failure opens it again;
 * - one log line per attempt with the method, the path, the status and the time taken, and the
 *   bodies reduced to the fields named safe: everything else (keys, phone and meter numbers,
 *   tokens, pins, names) is logged as '[redacted]', and headers are never logged.
 *
 * An answer under 500 is returned whatever its status: what a 4xx means is the adapter's call.
 */

export interface ProviderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ProviderHttpOptions {
  /** The provider's name as users read it: 'VTpass', 'Monnify'. */
  provider: string;
  /** Prefix of every request path, e.g. 'https://sandbox.vtpass.com/api'. */
  baseUrl: string;
  /** Per attempt. */
  timeoutMs: number;
  log: ProviderLog;
  /** Extra attempts of an idempotent call after the first; default 2. */
  retries?: number;
  /** First backoff; doubles each retry (with jitter), default 250 ms. */
  retryDelayMs?: number;
  /** Consecutive failures that open the breaker; default 5. */
  failureThreshold?: number;
  /** How long an open breaker fails fast before letting a trial call through; default 30 s. */
  coolDownMs?: number;
  /** Body fields (at any depth) whose values may be logged, besides SAFE_LOG_FIELDS. */
  logFields?: readonly string[];
  now?: () => number;
}

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Appended to the base URL, with its query string if any. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Whether sending it twice does no harm: only then is it retried. */
  idempotent: boolean;
}

export interface ProviderResponse {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON (a proxy's HTML page, a cut body). */
  body: unknown;
}

/**
 * Why a call gave no usable answer. `maybeReceived` is false only when the provider surely never
 * saw the request (the breaker was open, the connection was refused): an adapter may then treat
 * a payment as not made; otherwise it may have been.
 */
export type ProviderFailure = 'circuit-open' | 'refused' | 'timeout' | 'network' | 'server-error';

/** A provider call that gave no usable answer; its message is the one the user sees. */
export class ProviderUnavailableError extends GatewayError {
  readonly maybeReceived: boolean;

  constructor(
    readonly provider: string,
    readonly failure: ProviderFailure,
    options?: { cause?: unknown },
  ) {
    super(`${provider} is not answering right now. Please try again in a few minutes.`, options);
    this.name = 'ProviderUnavailableError';
    this.maybeReceived = failure !== 'circuit-open' && failure !== 'refused';
  }
}

/** Response and request fields that say what happened without saying who or what secret. */
export const SAFE_LOG_FIELDS: readonly string[] = [
  'code',
  'status',
  'message',
  'response_description',
  'requestId',
  'request_id',
  'transactionId',
  'serviceID',
  'variation_code',
  'amount',
  'type',
  'product_name',
  'commission',
  'total_amount',
  'unique_element_is_phone',
  'responseCode',
  'responseMessage',
  'requestSuccessful',
  'paymentStatus',
  'transactionReference',
  'paymentReference',
  'reference',
  'currency',
  'event',
];

const REDACTED = '[redacted]';

type BreakerState = { kind: 'closed'; failures: number } | { kind: 'open'; until: number } | { kind: 'half-open' };

export class ProviderHttp {
  readonly provider: string;
  readonly #options: Required<Omit<ProviderHttpOptions, 'logFields'>>;
  readonly #safeFields: ReadonlySet<string>;
  #breaker: BreakerState = { kind: 'closed', failures: 0 };

  constructor(options: ProviderHttpOptions) {
    this.provider = options.provider;
    // Field by field: an option passed as undefined takes the default.
    this.#options = {
      provider: options.provider,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      timeoutMs: options.timeoutMs,
      log: options.log,
      retries: options.retries ?? 2,
      retryDelayMs: options.retryDelayMs ?? 250,
      failureThreshold: options.failureThreshold ?? 5,
      coolDownMs: options.coolDownMs ?? 30_000,
      now: options.now ?? Date.now,
    };
    this.#safeFields = new Set([...SAFE_LOG_FIELDS, ...(options.logFields ?? [])]);
  }

  /** 'closed', 'open' or 'half-open': for health pages and tests. */
  get breakerState(): BreakerState['kind'] {
    if (this.#breaker.kind === 'open' && this.#options.now() >= this.#breaker.until) return 'half-open';
    return this.#breaker.kind;
  }

  /**
   * Sends the request; answers the provider's response when its status is under 500. Rejects
   * with ProviderUnavailableError when the breaker is open or no usable answer came (after the
   * retries of an idempotent call).
   */
  async request(request: ProviderRequest): Promise<ProviderResponse> {
    const attempts = request.idempotent ? 1 + this.#options.retries : 1;
    let lastError: ProviderUnavailableError | undefined;
    for (let attempt = 1; ; attempt++) {
      // A retry the breaker stops reports the attempt that failed: that one may have been received.
      if (!this.#admit()) throw lastError ?? new ProviderUnavailableError(this.provider, 'circuit-open');
      try {
        const response = await this.#attempt(request, attempt);
        this.#succeeded();
        return response;
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        this.#failed();
        lastError = error;
        if (attempt >= attempts) throw error;
        await sleep(this.#backoff(attempt));
      }
    }
  }

  /** False while the breaker is open; lets exactly one trial call through once the cool-down is over. */
  #admit(): boolean {
    const breaker = this.#breaker;
    if (breaker.kind === 'closed') return true;
    if (breaker.kind === 'open' && this.#options.now() >= breaker.until) {
      this.#breaker = { kind: 'half-open' };
      this.#options.log.info({ provider: this.provider }, 'provider circuit half-open: sending a trial call');
      return true;
    }
    return false;
  }

  #succeeded() {
    if (this.#breaker.kind !== 'closed') this.#options.log.info({ provider: this.provider }, 'provider circuit closed');
    this.#breaker = { kind: 'closed', failures: 0 };
  }

  #failed() {
    const breaker = this.#breaker;
    const failures = breaker.kind === 'closed' ? breaker.failures + 1 : this.#options.failureThreshold;
    if (failures < this.#options.failureThreshold) {
      this.#breaker = { kind: 'closed', failures };
      return;
    }
    this.#breaker = { kind: 'open', until: this.#options.now() + this.#options.coolDownMs };
    this.#options.log.warn({ provider: this.provider, coolDownMs: this.#options.coolDownMs }, 'provider circuit open: failing fast');
  }

  #backoff(attempt: number) {
    const delay = this.#options.retryDelayMs * 2 ** (attempt - 1);
    return delay / 2 + Math.random() * (delay / 2);
  }

  async #attempt(request: ProviderRequest, attempt: number): Promise<ProviderResponse> {
    const started = this.#options.now();
    const path = request.path.split('?')[0];
    const line = { provider: this.provider, method: request.method, path, attempt };
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.#options.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.json === undefined ? undefined : JSON.stringify(request.json),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (cause) {
      const failure = failureOf(cause);
      this.#options.log.warn({ ...line, failure, ms: this.#options.now() - started, request: this.#safe(request.json) }, 'provider call failed');
      throw new ProviderUnavailableError(this.provider, failure, { cause });
    }
    const body = parseJson(text);
    const logged = { ...line, status, ms: this.#options.now() - started, request: this.#safe(request.json), response: body === undefined ? `[not JSON, ${text.length} characters]` : this.#safe(body) };
    if (status >= 500) {
      this.#options.log.warn(logged, 'provider call failed');
      throw new ProviderUnavailableError(this.provider, 'server-error');
    }
    this.#options.log.info(logged, 'provider call');
    return { status, body };
  }

  /** The value with every field not named safe replaced; keys are kept so the shape stays readable. */
  #safe(value: unknown, key?: string): unknown {
    if (Array.isArray(value)) return value.map((item) => this.#safe(item, key));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, this.#safe(inner, field)]));
    }
    if (value === undefined || value === null) return value;
    return key !== undefined && this.#safeFields.has(key) ? value : REDACTED;
  }
}

function failureOf(cause: unknown): ProviderFailure {
  if (cause instanceof DOMException && (cause.name === 'TimeoutError' || cause.name === 'AbortError')) return 'timeout';
  const code = (cause as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  // The TCP connection was never made: the request surely did not reach the provider.
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'refused';
  return 'network';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
