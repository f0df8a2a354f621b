import { inNextTask } from '../../../core/nextTask';

// Whether React is taking over the page's prerendered HTML (src/ui/main.tsx). While it does, each
// state machine starts in a task of its own, not in the task that hydrated the page: all of them
// in one would be a long task on a slow phone. Mounted later (a move within the app, a test), they
// start at once.
let hydrating = false;

/** The start waiting for the page's screen to be React's (startAfterScreen): the session's, the one such. */
let afterScreen: (() => void) | undefined;

/**
 * What the app says on `document` as the page's screen becomes React's, and once its effects have
 * run (its machines' effects are then carried out): the boot module (src/ui/boot.ts) gives it
 * what was typed before at the first, and what was sent or pressed at the second.
 */
const HYDRATED = 'naira-wallet:hydrated';
const RUNNING = 'naira-wallet:running';

/** Whether React is taking the page's HTML over: a view drawn now draws what the HTML shows. */
export const isHydrating = (): boolean => hydrating;

/** Said by main.tsx as React starts hydrating the page. */
export function hydrationStarts(): void {
  hydrating = true;
}

/**
 * Said as the page's screen becomes React's (routes.tsx): React hydrates each lazy level of the
 * route (its frames, its screen) in a pass of its own, the screen last, so by then every field of
 * the page is React's and every machine of the page is running.
 */
export function hydrationEnds(): void {
  hydrating = false;
  afterScreen?.();
  afterScreen = undefined;
  document.dispatchEvent(new Event(HYDRATED));
}

/** Said once the page's screen has run its effects (routes.tsx). */
export function appRuns(): void {
  document.dispatchEvent(new Event(RUNNING));
}

/** How long work put off until the browser is idle waits at most for it. */
const IDLE_WAIT_MS = 5_000;

/**
 * Runs `run` once the page's first screen has run its effects (its first requests are on their
 * way) and the main thread is then idle: work the first screen does not need stays out of the
 * tasks that make the page usable. Where the browser cannot say it is idle (Safari), a second later.
 */
export function whenAppIdle(run: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => run(), { timeout: IDLE_WAIT_MS })
      : setTimeout(run, 1_000);
  document.addEventListener(RUNNING, idle, { once: true });
}

/**
 * Runs `start` now, or in a task of its own while a hydrated page mounts; returns the effect's
 * cleanup, which cancels it if it has not run and calls `stop`.
 */
export function startSoon(start: () => void, stop?: () => void): () => void {
  const cancel = hydrating ? inNextTask(start) : void start();
  return () => {
    cancel?.();
    stop?.();
  };
}

/**
 * Runs `start` now, or, while a hydrated page mounts, in a task of its own after the page's screen
 * is React's and its machines have started; returns what cancels it. The session starts so: its
 * first poll may find the session revoked and sign out, which clears the token, and a screen's
 * machine started after that would send its first call with none.
 */
export function startAfterScreen(start: () => void): () => void {
  if (!hydrating) return startSoon(start);
  let cancel: () => void = () => (afterScreen = undefined);
  // Queued behind the screen's machines' starts, which its commit queued before it ended hydration.
  afterScreen = () => (cancel = inNextTask(start));
  return () => cancel();
}
