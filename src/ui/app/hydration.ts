import { inNextTask } from '../../../core/nextTask';

// Whether React is taking over the page's prerendered HTML (src/ui/main.tsx). While it does, the
// session starts in a task of its own (its first poll is three requests and what their answers
// draw), not in the task that hydrated the page: a long task on a slow phone. Mounted later (a
// move within the app, a test), it starts at once.
let hydrating = false;

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
  document.dispatchEvent(new Event(HYDRATED));
}

/** Said once the page's screen has run its effects (routes.tsx). */
export function appRuns(): void {
  document.dispatchEvent(new Event(RUNNING));
}

/** Runs `start` now, or in a task of its own while a hydrated page mounts; returns what cancels it. */
export function startSoon(start: () => void): () => void {
  if (hydrating) return inNextTask(start);
  start();
  return () => undefined;
}
