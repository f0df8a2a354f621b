// By its file: the browser app's TypeScript project aliases the bare name 'undici' to a stand-in
// (tsconfig.app.json), and Playwright applies every referenced project's aliases when it loads
// the server's code for the journeys.
import { request as send } from 'undici/index.js';
import { systemTimeouts, type Timeouts } from '../clock';
import { GatewayError, PARTNER_RETRY_AFTER_S } from '../errors';
import { currentContext } from '../http/requestContext';
import { CircuitBreaker, type BreakerState } from './circuitBreaker';

/**
 * The one HTTP client every provider adapter (VTpass, Monnify, Paystack, ...) talks through, so
 * each gets the same protections:
 *
 * - a timeout on every attempt (the body included: a provider that sends headers then stalls
 *   times out too);
 * - bounded retries with exponential backoff, ONLY for a call its caller marks idempotent
 *   (a requery, a status check, a lookup): a payment sent twice may be paid twice; a call may
 *   also refuse retries of what the provider may have received (a timeout, a 5xx), where the
 *   user's own input may be the cause (a lookup);
 * - circuit breakers (circuitBreaker.ts), one per kind of call a request names (default: one
 *   for the provider): after `failureThreshold` failed calls in a row (no answer, a dropped
 *   connection, a 5xx), each counted once per signed-in user, every call of that kind fails
 *   fast for `coolDownMs` with a message the user can act on, then one trial call is let through;
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
  /** What times an attempt out; default the system's timers (a test's clock fires them when moved). */
  timeouts?: Timeouts;
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
  /**
   * Whether a failure the provider may have received (a timeout, a 5xx) is retried too; default
   * true. False for calls whose failure the input may cause: only a connection never made is
   * then tried again.
   */
  retryWhenReceived?: boolean;
  /** The breaker guarding this kind of call (e.g. one per product looked up); default the provider's one. */
  breaker?: string;
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
    options?: { cause?: unknown; retryAfterS?: number },
  ) {
    super(`${provider} is not answering right now. Please try again in a few minutes.`, {
      cause: options?.cause,
      retryAfterS: options?.retryAfterS ?? PARTNER_RETRY_AFTER_S,
    });
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

const DEFAULT_BREAKER = 'calls';

export class ProviderHttp {
  readonly provider: string;
  readonly #options: Required<Omit<ProviderHttpOptions, 'logFields'>>;
  readonly #safeFields: ReadonlySet<string>;
  readonly #breakers = new Map<string, CircuitBreaker>();

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
      timeouts: options.timeouts ?? systemTimeouts,
    };
    this.#safeFields = new Set([...SAFE_LOG_FIELDS, ...(options.logFields ?? [])]);
  }

  /** The default breaker's state ('closed', 'open' or 'half-open'): for health pages and tests. */
  get breakerState(): BreakerState {
    return this.breakerStateOf(DEFAULT_BREAKER);
  }

  /** A named breaker's state; one no call has named yet is closed. */
  breakerStateOf(name: string): BreakerState {
    return this.#breakers.get(name)?.state ?? 'closed';
  }

  /**
   * Sends the request; answers the provider's response when its status is under 500. Rejects
   * with ProviderUnavailableError when its breaker is open or no usable answer came (after the
   * retries of an idempotent call). The breaker hears the call's outcome once, retries included.
   */
  async request(request: ProviderRequest): Promise<ProviderResponse> {
    const breaker = this.#breakerOf(request.breaker ?? DEFAULT_BREAKER);
    if (!breaker.admit())
      throw new ProviderUnavailableError(this.provider, 'circuit-open', { retryAfterS: breaker.msUntilTrial / 1000 });
    const attempts = request.idempotent ? 1 + this.#options.retries : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.#attempt(request, attempt);
        breaker.succeeded();
        return response;
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        const retried = attempt < attempts && (request.retryWhenReceived !== false || !error.maybeReceived);
        if (!retried) {
          breaker.failed(currentContext()?.caller);
          throw error;
        }
        await sleep(this.#backoff(attempt));
      }
    }
  }

  #breakerOf(name: string): CircuitBreaker {
    let breaker = this.#breakers.get(name);
    if (!breaker) {
      const { provider, failureThreshold, coolDownMs, now, log } = this.#options;
      breaker = new CircuitBreaker({ provider, name, failureThreshold, coolDownMs, now, log });
      this.#breakers.set(name, breaker);
    }
    return breaker;
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
      // undici's request rather than fetch: the same client without the web streams, about a
      // fifth of fetch's CPU per call, and every purchase makes one. Redirects are not followed:
      // a provider's API answers where it is asked, and a payment is never sent on elsewhere.
      const response = await send(`${this.#options.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.json === undefined ? undefined : JSON.stringify(request.json),
        // Covers the body too: a provider that sends its headers and then stalls times out.
        signal: this.#options.timeouts.timeout(this.#options.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (cause) {
      const failure = failureOf(cause);
      this.#options.log.warn(
        { ...line, failure, ms: this.#options.now() - started, request: this.#safe(request.json) },
        'provider call failed',
      );
      throw new ProviderUnavailableError(this.provider, failure, { cause });
    }
    const body = parseJson(text);
    const logged = {
      ...line,
      status,
      ms: this.#options.now() - started,
      request: this.#safe(request.json),
      response: body === undefined ? `[not JSON, ${text.length} characters]` : this.#safe(body),
    };
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
  const error = cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = error?.code ?? error?.cause?.code;
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
