import type { Clock, Timeouts } from '../clock';
import type { RequestCounters } from './requestCounters';

/**
 * How long a request waits for the shared store's count before it is counted in memory instead:
 * long enough for a Redis on a loaded machine, short enough that a hung one costs a request a
 * second at most.
 */
export const SHARED_COUNT_TIMEOUT_MS = 1_000;
/** While the shared store is away, one request this often asks it again; the others are counted in memory. */
export const SHARED_RETRY_EVERY_MS = 1_000;
/** The most windows memory keeps (about 200 bytes each): a flood of new keys is refused, never a count forgotten. */
export const MEMORY_WINDOWS_MAX = 100_000;
/** Expired windows are dropped at most this often. */
const PRUNE_EVERY_MS = 60_000;

type Count = Awaited<ReturnType<RequestCounters['hit']>>;

/**
 * Fixed windows in this process's memory, as the shared stores count them. Full, a key it does not
 * hold is answered as over any limit: forgetting a count to make room would hand a client a fresh
 * allowance of guesses.
 */
export class MemoryCounters implements RequestCounters {
  readonly #windows = new Map<string, { count: number; resetsAt: number }>();
  #prunedAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly maxWindows = MEMORY_WINDOWS_MAX,
  ) {}

  async hit(key: string, windowMs: number): Promise<Count> {
    const now = this.#prune();
    let window = this.#windows.get(key);
    if (window === undefined && this.#windows.size >= this.maxWindows)
      return { count: Number.MAX_SAFE_INTEGER, resetsInMs: windowMs };
    if (window === undefined || window.resetsAt <= now) {
      window = { count: 0, resetsAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetsInMs: window.resetsAt - now };
  }

  /** The count of `key`'s window while it lasts, without counting. */
  peek(key: string): Count | undefined {
    const now = this.#prune();
    const window = this.#windows.get(key);
    if (window === undefined || window.resetsAt <= now) return undefined;
    return { count: window.count, resetsInMs: window.resetsAt - now };
  }

  #prune(): number {
    const now = this.clock.now().getTime();
    if (now - this.#prunedAt >= PRUNE_EVERY_MS || this.#windows.size >= this.maxWindows) {
      this.#prunedAt = now;
      for (const [key, window] of this.#windows) if (window.resetsAt <= now) this.#windows.delete(key);
    }
    return now;
  }
}

/** What an operator is told: each change once, and every request counted in memory. */
export interface FallbackEvents {
  /** The shared store stopped answering; from now on this replica counts in its own memory. */
  lost(error: unknown): void;
  /** It answers again; counting is back there. */
  back(): void;
  /** One request counted in memory. */
  countedHere(): void;
}

export interface FallbackOptions {
  clock: Clock;
  timeouts: Timeouts;
  events: FallbackEvents;
}

/**
 * The shared counters (Redis), and this replica's memory when they do not answer in
 * SHARED_COUNT_TIMEOUT_MS: the limits are a protection, and their store must not become a way
 * to stop sign-in and purchases. While the store is away each replica enforces every limit on
 * its own, so a client spreading requests over N replicas gets at most N times a limit, never an
 * unlimited number; the password, pin and code counters themselves are in the database and
 * unaffected. Once a retry is answered, the counting goes back to the shared store, and what was
 * counted in memory in windows still open is added to its counts, so an outage does not hand out
 * a second allowance either.
 */
export class FallbackCounters implements RequestCounters {
  readonly #memory: MemoryCounters;
  /** Set while the shared store is away: when it was last asked, and whether a request is asking it now. */
  #away: { askedAt: number; asking: boolean } | undefined;

  constructor(
    private readonly shared: RequestCounters,
    private readonly options: FallbackOptions,
  ) {
    this.#memory = new MemoryCounters(options.clock);
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const retrying = this.#away !== undefined;
    if (retrying && !this.#retryNow()) return this.#countHere(key, windowMs);
    try {
      const shared = await this.#askShared(key, windowMs);
      // Only the retry says the store is back: a request sent before the outage may still be answered after it began.
      if (retrying) this.#back();
      return plus(shared, this.#memory.peek(key));
    } catch (error) {
      this.#lost(error);
      return this.#countHere(key, windowMs);
    }
  }

  #retryNow(): boolean {
    const away = this.#away!;
    const now = this.options.clock.now().getTime();
    if (away.asking || now - away.askedAt < SHARED_RETRY_EVERY_MS) return false;
    this.#away = { askedAt: now, asking: true };
    return true;
  }

  #askShared(key: string, windowMs: number): Promise<Count> {
    const signal = this.options.timeouts.timeout(SHARED_COUNT_TIMEOUT_MS);
    return new Promise<Count>((resolve, reject) => {
      // After the loop's next poll: a process busy past the timeout has the answer waiting unread, and
      // its timers run before its sockets are read.
      const giveUp = () => setImmediate(() => reject(new Error('the shared request counters did not answer in time')));
      signal.addEventListener('abort', giveUp, { once: true });
      this.shared
        .hit(key, windowMs)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', giveUp));
    });
  }

  #countHere(key: string, windowMs: number): Promise<Count> {
    this.options.events.countedHere();
    return this.#memory.hit(key, windowMs);
  }

  #lost(error: unknown) {
    const first = this.#away === undefined;
    this.#away = { askedAt: this.options.clock.now().getTime(), asking: false };
    if (first) this.options.events.lost(error);
  }

  #back() {
    if (this.#away === undefined) return;
    this.#away = undefined;
    this.options.events.back();
  }
}

/** The shared count with what memory counted in the same window while the store was away. */
function plus(shared: Count, counted: Count | undefined): Count {
  if (counted === undefined) return shared;
  return { count: shared.count + counted.count, resetsInMs: Math.max(shared.resetsInMs, counted.resetsInMs) };
}
