/**
 * Held answers: how every fake (fakeServer.ts, vtpassServer.ts) plays a provider that has a
 * request and has not answered it yet, for as long as the test says, with no timer. The test
 * holds answers, awaits held() (the event: a request is being held), does what it tests (moves
 * the adapter's clock past its timeout, signals a server), then releases them.
 *
 * A caller that gives up meanwhile does not end the hold: released, the request is carried out as
 * a provider carries out one whose caller went away (each fake says whether it still answers).
 * Closing the fake ends every hold unanswered, so no handler is left waiting.
 */
export class AnswerHold {
  /** Requests still answered before the next is held; undefined while not holding. */
  #left: number | undefined;
  readonly #waiting = new Set<(answer: boolean) => void>();
  /** Requests held, and held() calls made, since hold(): the nth held() settles with the nth request held. */
  #held = 0;
  #asked = 0;
  #reports: { turn: number; report: () => void; fail: (error: Error) => void }[] = [];

  /** Answers the next `answered` requests, then holds every later one until release(). */
  hold(answered = 0): void {
    this.#left = answered;
    this.#held = 0;
    this.#asked = 0;
  }

  /** Lets the held requests through, and every later one. */
  release(): void {
    this.#left = undefined;
    this.#settle(true);
  }

  /** Ends every hold unanswered, and every wait for one (the fake is closing). */
  close(): void {
    this.#left = undefined;
    this.#settle(false);
    for (const waiter of this.#reports.splice(0))
      waiter.fail(new Error('the fake closed before the awaited request was held'));
  }

  /** Settles once one more request is held than earlier held() calls since hold() were told of. */
  held(): Promise<void> {
    const turn = ++this.#asked;
    return new Promise((report, fail) => {
      this.#reports.push({ turn, report, fail });
      this.#report();
    });
  }

  /** What a fake awaits before answering: true at once unless holding; else true on release(), false on close(). */
  pass(): Promise<boolean> {
    if (this.#left === undefined) return Promise.resolve(true);
    if (this.#left > 0) {
      this.#left -= 1;
      return Promise.resolve(true);
    }
    const passed = new Promise<boolean>((resolve) => this.#waiting.add(resolve));
    this.#held += 1;
    this.#report();
    return passed;
  }

  #report() {
    const due = this.#reports.filter((waiter) => waiter.turn <= this.#held);
    this.#reports = this.#reports.filter((waiter) => waiter.turn > this.#held);
    for (const waiter of due) waiter.report();
  }

  #settle(answer: boolean) {
    for (const resolve of this.#waiting) resolve(answer);
    this.#waiting.clear();
  }
}
