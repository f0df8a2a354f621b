/**
 * An expected failure with the HTTP status and the message the user sees, and `data` when the
 * client must read more than the message (a refused pin's reason and counter). Anything else
 * that escapes a handler is a bug and answers 500 (http/errorHandler.ts).
 */
export class AppError extends Error {
  /** Seconds after which the same request may succeed: sent as Retry-After (a 503's). */
  readonly retryAfterS?: number;

  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
    retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
    if (retryAfterS !== undefined) this.retryAfterS = Math.max(1, Math.ceil(retryAfterS));
  }
}

/**
 * Refused for now, for a while the server knows (a paused product): answered 503 with Retry-After.
 * Nothing was done: the same request may be sent again after it.
 */
export class RetryLaterError extends AppError {
  constructor(message: string, retryAfterS: number, data?: unknown) {
    super(503, message, data, retryAfterS);
    this.name = 'RetryLaterError';
  }
}

/**
 * A partner (biller, bank, identity or mail provider, captcha service) failed; the request may
 * succeed if retried. With `retryAfterS` the partner is not answering at all (no connection, a
 * timeout, its 5xx, an open breaker): that is 503 with Retry-After, so clients and proxies wait
 * and retry rather than treating the answer as final. Without it the partner answered something
 * we cannot use: 502.
 */
export class GatewayError extends AppError {
  constructor(message: string, options?: { cause?: unknown; retryAfterS?: number }) {
    super(options?.retryAfterS === undefined ? 502 : 503, message, undefined, options?.retryAfterS);
    this.name = 'GatewayError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** How long a client waits before trying a partner that is not answering, when nothing says better. */
export const PARTNER_RETRY_AFTER_S = 30;

/**
 * A value the types allow to be absent but a rule guarantees is there, `rule` naming that rule
 * (a constraint, a check made earlier): the rule is written where it is relied on, and a value
 * absent anyway fails here, saying which rule broke, rather than further on as an undefined.
 */
export function must<T>(value: T, rule: string): NonNullable<T> {
  if (value === null || value === undefined) throw new Error(`a rule did not hold: ${rule}`);
  return value;
}
