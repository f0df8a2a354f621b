/**
 * How every background job of a replica runs: its work every `intervalMs` (0: only when asked),
 * never two runs of this process at once, a failed run logged and the next one trying again.
 * Jobs that must not run twice across replicas claim their work in the database themselves
 * (FOR UPDATE SKIP LOCKED, a claimed day); this only keeps one process from overlapping itself.
 */
export interface PeriodicJob {
  /** Runs now, or joins the run under way; settles when it is over (never rejects). */
  run(): Promise<void>;
  /** No further runs; settles once the run under way, if any, is over. */
  stop(): Promise<void>;
}

export function startPeriodic(
  work: () => Promise<void>,
  intervalMs: number,
  failed: { log: { error(obj: unknown, msg: string): void }; message: string },
): PeriodicJob {
  let running: Promise<void> | undefined;
  const run = () =>
    (running ??= work()
      .catch((error: unknown) => failed.log.error({ err: error }, failed.message))
      .finally(() => {
        running = undefined;
      }));
  const timer = intervalMs > 0 ? setInterval(() => void run(), intervalMs) : undefined;
  timer?.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
