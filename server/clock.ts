/** The one source of "now" on the server, so tests can move time (OTP expiry, sessions, reset links, schedules). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Where a provider call's timeout comes from. Production uses the system's timers; a test hands
 * in a clock that fires them when it is moved, so it reaches a timeout by moving the clock once
 * the provider holds the request, instead of waiting for it.
 */
export interface Timeouts {
  /** A signal aborted with a TimeoutError once `ms` have passed (AbortSignal.timeout's contract). */
  timeout(ms: number): AbortSignal;
}

export const systemTimeouts: Timeouts = { timeout: (ms) => AbortSignal.timeout(ms) };

/** A clock that can be moved forward: the tests' clock, and the development server's (POST /dev/clock). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export const isMovable = (clock: Clock): clock is MovableClock =>
  typeof (clock as Partial<MovableClock>).advance === 'function';

/**
 * The development server's clock: the system's, plus however far POST /dev/clock moved it, so
 * that a scheduled run can be shown without waiting for its day. Production never gets one.
 */
export class OffsetClock implements MovableClock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  /** Forward only: time that went back would make runs already made due again, until their keys refuse them. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('the development clock only moves forward');
    this.#offsetMs += ms;
  }
}
