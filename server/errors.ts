/**
 * An expected failure with the HTTP status and the message the user sees, and `data` when the
 * client must read more than the message (a refused pin's reason and counter). Anything else
 * that escapes a handler is a bug and answers 500 (routes/errorHandler.ts).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * Refused for now, for a while the server knows (a paused product): answered 503 with Retry-After
 * (http/errorHandler.ts). Nothing was done: the same request may be sent again after it.
 */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS: number,
    data?: unknown,
  ) {
    super(503, message, data);
    this.name = 'RetryLaterError';
  }
}

/** A partner (mail server, captcha service) failed; the request may succeed if retried. */
export class GatewayError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(502, message);
    this.name = 'GatewayError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * A value the types allow to be absent but a rule guarantees is there, `rule` naming that rule
 * (a constraint, a check made earlier): the rule is written where it is relied on, and a value
 * absent anyway fails here, saying which rule broke, rather than further on as an undefined.
 */
export function must<T>(value: T, rule: string): NonNullable<T> {
  if (value === null || value === undefined) throw new Error(`a rule did not hold: ${rule}`);
  return value;
}
