/** The one source of "now" on the server, so tests can move time (OTP expiry, sessions, reset links, schedules). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward: the tests' clock, and the development server's (POST /dev/clock). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export const isMovable = (clock: Clock): clock is MovableClock => typeof (clock as Partial<MovableClock>).advance === 'function';

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
