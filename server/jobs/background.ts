import type { FastifyInstance } from 'fastify';
import type { PeriodicJob } from './periodic';

/**
 * Starts a job a replica runs in the background while its server is up. `stopping` is aborted at
 * the shutdown's first moment: a job that can decline to begin work does.
 */
export type BackgroundJob = (stopping: AbortSignal) => PeriodicJob | Promise<PeriodicJob>;

/**
 * Runs the jobs (`false`: one this server does not run) while the app is up: each starts once
 * the app is ready (awaited, so a job whose start does a first run, the catalogue sync, has done
 * it before the server listens) and stops when the app closes, after its in-flight requests and
 * before the database is released.
 */
export function runWhileUp(app: FastifyInstance, jobs: readonly (BackgroundJob | false)[]) {
  const stopping = new AbortController();
  // From the shutdown's first moment no scheduled run begins; those under way finish before the
  // database is released.
  app.addHook('preClose', async () => stopping.abort());
  for (const start of jobs) {
    if (start === false) continue;
    let running: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      running = await start(stopping.signal);
    });
    app.addHook('onClose', async () => running?.stop());
  }
}
