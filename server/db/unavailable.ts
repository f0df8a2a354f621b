/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a
 * connection the server terminated) rather than that the request or the code is wrong. Such a
 * request answers 503: nothing it started was committed halfway (a transaction that loses its
 * connection is rolled back by the server), and the same request may be sent again.
 */

/** Socket failures while connecting or talking to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE: class 08 (connection exception), 57P01–57P04 (administrator or crash shutdown,
 * cannot connect now, database dropped), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[1-4]|53300)$/;

/** What node-postgres and its pool throw when a connection is gone or cannot be had in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
