/**
 * A circuit breaker over one kind of a provider's calls: after `failureThreshold` failed calls
 * in a row every call fails fast for `coolDownMs`, then one trial call is let through
 * (half-open): its success closes the breaker, its failure opens it again.
 *
 * Only the provider can open it. A failure is counted once per caller (the signed-in user the
 * call is made for): one user's input — a meter whose distributor never answers, a number that
 * makes the provider stall — cannot add up to an outage for everyone, however often they send
 * it. A call made for nobody in particular (a background job) counts each time.
 */

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  /** The provider's name, for the log. */
  provider: string;
  /** Which of its calls this breaker guards, for the log. */
  name: string;
  failureThreshold: number;
  coolDownMs: number;
  now: () => number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

type State =
  { kind: 'closed'; failures: number; callers: Set<string> } | { kind: 'open'; until: number } | { kind: 'half-open' };

const closed = (): State => ({ kind: 'closed', failures: 0, callers: new Set() });

export class CircuitBreaker {
  readonly #options: BreakerOptions;
  #state: State = closed();

  constructor(options: BreakerOptions) {
    this.#options = options;
  }

  get state(): BreakerState {
    if (this.#state.kind === 'open' && this.#options.now() >= this.#state.until) return 'half-open';
    return this.#state.kind;
  }

  /** How long until an open breaker lets a trial call through; 0 when it would now. */
  get msUntilTrial(): number {
    return this.#state.kind === 'open' ? Math.max(0, this.#state.until - this.#options.now()) : 0;
  }

  /** False while open; lets exactly one trial call through once the cool-down is over. */
  admit(): boolean {
    const state = this.#state;
    if (state.kind === 'closed') return true;
    if (state.kind === 'open' && this.#options.now() >= state.until) {
      this.#state = { kind: 'half-open' };
      this.#options.log.info(this.#line(), 'provider circuit half-open: sending a trial call');
      return true;
    }
    return false;
  }

  succeeded(): void {
    if (this.#state.kind !== 'closed') this.#options.log.info(this.#line(), 'provider circuit closed');
    this.#state = closed();
  }

  /** A call that got no usable answer; `caller` when it was made for a signed-in user. */
  failed(caller: string | undefined): void {
    const state = this.#state;
    if (state.kind === 'closed') {
      // The same caller failing again says nothing new about the provider.
      if (caller !== undefined && state.callers.has(caller)) return;
      if (caller !== undefined) state.callers.add(caller);
      state.failures += 1;
      if (state.failures < this.#options.failureThreshold) return;
    }
    this.#state = { kind: 'open', until: this.#options.now() + this.#options.coolDownMs };
    this.#options.log.warn(
      { ...this.#line(), coolDownMs: this.#options.coolDownMs },
      'provider circuit open: failing fast',
    );
  }

  #line() {
    return { provider: this.#options.provider, breaker: this.#options.name };
  }
}
