import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import type { RateLimits } from '../config';
import { AppError } from '../errors';
import { sayDuration, t, type DurationUnit } from '../i18n';
import type { RequestCounters } from '../gateways/requestCounters';
import type { TokenHasher } from '../services/account/tokens';
import { authOf } from './authenticate';

export type RateLimitKey = (request: FastifyRequest) => string;

/** The eight 16-bit groups of an IPv6 address, whatever its spelling (`::`, an IPv4 tail, a zone). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0];
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number);
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const [first, last] = [parse(head), parse(tail)];
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * A client's address as every per-address limit counts it. An IPv6 subscriber is usually given
 * a whole /64 and can pick any address in it, so the /64 is the client; an IPv4 address (also
 * one written as IPv6, ::ffff:a.b.c.d) is taken whole.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

export const byAddress: RateLimitKey = (request) => addressKey(request.ip);

/** Address and the e-mail typed: one caller cannot lock others out, nor try many passwords on one account. */
export const byAddressAndEmail: RateLimitKey = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${addressKey(request.ip)}|${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
};

/** For signed-in calls; list it after requireSession. */
export const byAccount: RateLimitKey = (request) => `user:${authOf(request).userId}`;

/**
 * @fastify/rate-limit's store over the shared counters. A key leaves the process as the limit's
 * name and a keyed hash of the client, so neither table nor Redis holds an address or an e-mail.
 */
export function sharedRateLimitStore(counters: RequestCounters, hashKey: TokenHasher): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const separator = key.indexOf('|');
      const stored = `${key.slice(0, separator)}:${hashKey(key).toString('base64url')}`;
      counters.hit(stored, timeWindow).then(
        ({ count, resetsInMs }) => callback(null, { current: count, ttl: resetsInMs }),
        (error: Error) => callback(error),
      );
    }

    child() {
      return this;
    }
  };
}

const TOO_MANY = /*i18n*/ { id: 'rateLimit.refused', message: 'too many attempts, please try again in {wait}' };

/** Largest first: a wait is said in the largest unit it fills, rounded, as "1 minute" or "2 hours". */
const UNITS: readonly (readonly [DurationUnit, number])[] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/** The wait a refusal names: whole seconds, rounded into the largest unit they fill. */
function waitWords(ttlMs: number): string {
  const ms = Math.max(1, Math.ceil(ttlMs / 1_000)) * 1_000;
  const [unit, size] = UNITS.find(([, unitMs]) => ms >= unitMs) ?? UNITS[UNITS.length - 1];
  return sayDuration(Math.round(ms / size), unit);
}

/**
 * The requests this limiter refused. The metrics tell its refusals from the login throttle's
 * 429s by this mark: the answer's words are in the caller's language.
 */
const refusedByLimit = new WeakSet<FastifyRequest>();
export const wasRateLimited = (request: FastifyRequest) => refusedByLimit.has(request);

/** A preHandler allowing `limits[name].max` requests per client key and window; then 429 with the wait. */
export function limitRequests(app: FastifyInstance, limits: RateLimits, name: keyof RateLimits, key: RateLimitKey) {
  const limit = limits[name];
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    // The name keeps apart two limits that key the same client (login and forgot both count address and e-mail).
    keyGenerator: (request) => `${name}|${key(request)}`,
    errorResponseBuilder: (request, context) => {
      refusedByLimit.add(request);
      return new AppError(429, t(TOO_MANY, { wait: waitWords(context.ttl) }));
    },
  });
}
