import { inNextTask } from '../../../core/nextTask';

// Whether React is taking over the page's prerendered HTML (src/ui/main.tsx). While it does, every
// view on the page mounts at once, and each one that runs a state machine would start it in the
// same task (the machine's entry, its first requests): a long task on a slow phone. Started in a
// task of its own each, they leave room for a tap between them. A view mounted later (a move
// within the app, a test) starts its machine at once, as @xstate/react's useActorRef does.
let hydrating = false;

/** What the app says on `document` once it runs: the boot module (src/ui/boot.ts) then gives it what was typed before. */
const APP_STARTED = 'naira-wallet:app-started';

/** Said by main.tsx as React starts hydrating the page. */
export function hydrationStarts(): void {
  hydrating = true;
}

/**
 * Said as the page's screen mounts (routes.tsx): React hydrates each lazy level of the route (its
 * frames, its screen) in a pass of its own, the screen last, so by then every field of the page
 * is React's and every machine of the page has been made.
 */
export function hydrationEnds(): void {
  hydrating = false;
  document.dispatchEvent(new Event(APP_STARTED));
}

/** Runs `start` now, or in a task of its own while a hydrated page mounts; returns what cancels it. */
export function startSoon(start: () => void): () => void {
  if (hydrating) return inNextTask(start);
  start();
  return () => undefined;
}
