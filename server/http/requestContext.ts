import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Locale } from '../../core/i18n/locales';

/**
 * The request (or job run) a piece of work belongs to, without threading it through every
 * service: log lines of gateway calls carry its id, and a partner that accepts one (an
 * `X-Request-Id` header) is sent it, so one id follows a purchase from the client to the biller.
 */
export interface CallContext {
  requestId: string;
  /**
   * Whom the work is done for, once a session says so (`user:<id>`): a provider's circuit
   * breaker counts one caller's failures once (gateways/circuitBreaker.ts).
   */
  caller?: string;
  /**
   * The language the work speaks to its customer (server/i18n.ts): the account's once a session
   * says whose it is, before that the request's Accept-Language; English when neither says.
   */
  locale?: Locale;
}

const storage = new AsyncLocalStorage<CallContext>();

/** Runs `work`, and everything it starts, as part of `context`. */
export const runInContext = <T>(context: CallContext, work: () => T): T => storage.run(context, work);

/** The context of the running work, if it runs in one. */
export const currentContext = (): CallContext | undefined => storage.getStore();

/**
 * An id a client or a proxy sent is kept when it is a sane token (so a load balancer's id joins
 * our lines to its own); anything else (long, spaced, control characters: log injection) is
 * replaced by one of ours.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** A job run's own id: its gateway calls are told apart from requests' by the prefix. */
export const jobRunId = (job: string) => `${job}-${randomUUID()}`;
