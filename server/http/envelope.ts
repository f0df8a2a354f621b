import type { Envelope } from '../../core/contract';

/** The response shape of every call, `{ type, message, data? }`; the HTTP status tells the same story as `type`. */
export function success<T>(message: string, data?: T): Envelope<T> {
  return data === undefined ? { type: 'success', message } : { type: 'success', message, data };
}

export function failure<T = never>(message: string, data?: T): Envelope<T> {
  return data === undefined ? { type: 'error', message } : { type: 'error', message, data };
}
