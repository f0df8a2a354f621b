/** A job that runs on a timer while the server is up. */
export interface PeriodicJob {
  /** No further run starts; resolves once the run under way, if any, has ended. */
  stop(): Promise<void>;
}

/** Runs `run` every `intervalMs`, never two runs of this process at once, until stopped. `run` handles its own failures. */
export function runEvery(intervalMs: number, run: () => Promise<void>): PeriodicJob {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= run().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  // A timer alone must not keep the process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
