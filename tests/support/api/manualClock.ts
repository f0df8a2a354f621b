import type { Clock, Timeouts } from '../../../server/clock';

/**
 * A clock the test moves by hand: expiry rules are checked without waiting. Handed to a provider
 * adapter as its timeouts too, a call times out when the clock is moved past its timeout, never
 * on its own.
 */
export class ManualClock implements Clock, Timeouts {
  #now: number;
  readonly #timers = new Set<{ at: number; fire: () => void }>();

  constructor(start = new Date()) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  /**
   * Moves the clock and fires the timeouts it passed, earliest first. The timeout of a call
   * answered in time fires too, and does nothing, as AbortSignal.timeout's does.
   */
  advance(ms: number): void {
    this.#now += ms;
    const due = [...this.#timers].filter((timer) => timer.at <= this.#now).sort((a, b) => a.at - b.at);
    for (const timer of due) {
      this.#timers.delete(timer);
      timer.fire();
    }
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController();
    const fire = () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    this.#timers.add({ at: this.#now + ms, fire });
    return controller.signal;
  }
}
