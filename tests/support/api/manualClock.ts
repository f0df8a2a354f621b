import type { Clock } from '../../../server/clock';

/** A clock the test moves by hand: expiry rules are checked without waiting. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start = new Date()) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
