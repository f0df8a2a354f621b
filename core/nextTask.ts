// Work put off to a task of its own, for the browser's app. A page's start is many pieces of work
// (running each chunk of code, hydrating, starting each state machine, starting its requests);
// run back to back in one task they keep a slow phone from answering a tap for as long as all of
// them take, where each in its own task leaves room for input between them. A message is used
// rather than a timer: browsers hold nested timers back by 4 ms each. Here in the core only
// because the app's layers (its api client, its views) share nothing else; the server has no use
// for it. (src/ui/boot.ts, which may import nothing, keeps a copy of inNextTask.)

/**
 * Runs `run` in a task of its own, after what is already queued; the returned function cancels it
 * if it has not run.
 */
export function inNextTask(run: () => void): () => void {
  let cancelled = false;
  const { port1, port2 } = new MessageChannel();
  port1.addEventListener('message', () => {
    port1.close();
    if (!cancelled) run();
  });
  // A port listened to through addEventListener delivers once started.
  port1.start();
  port2.postMessage(null);
  return () => {
    cancelled = true;
  };
}

/** Resolves in a task of its own. */
export const nextTask = (): Promise<void> => new Promise((resolve) => inNextTask(resolve));
