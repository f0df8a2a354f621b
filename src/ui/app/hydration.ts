import { inNextTask } from '../../../core/nextTask';

// Whether React is taking over the page's prerendered HTML (src/ui/main.tsx). While it does, every
// view on the page mounts at once, and each one that runs a state machine would start it in the
// same task (the machine's entry, its first requests): a long task on a slow phone. Started in a
// task of its own each, they leave room for a tap between them. A view mounted later (a move
// within the app, a test) starts its machine at once, as @xstate/react's useActorRef does.
let hydrating = false;

/** Said by main.tsx as React starts hydrating the page. */
export function hydrationStarts(): void {
  hydrating = true;
}

/** Said once the hydrated page's effects have run (the root's effect runs after all of its children's). */
export function hydrationEnds(): void {
  hydrating = false;
}

/** Runs `start` now, or in a task of its own while a hydrated page mounts; returns what cancels it. */
export function startSoon(start: () => void): () => void {
  if (hydrating) return inNextTask(start);
  start();
  return () => undefined;
}
