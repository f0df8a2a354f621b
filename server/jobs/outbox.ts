import { jobRunId, runInContext } from '../http/requestContext';
import {
  claimDue,
  deliver,
  pruneFinished,
  type AttemptOutcome,
  type OutboxDeps,
} from '../services/notifications/outbox';
import { startPeriodic, type PeriodicJob } from './periodic';

/**
 * The outbox job: sends what the outbox still holds once its first attempt, right after its
 * commit, failed or never came (services/notifications/outbox.ts says how each message is sent
 * once). Any number of replicas may run it: a run claims due messages with FOR UPDATE SKIP
 * LOCKED and holds them (committed before anything is sent), so another run skips them.
 */

export interface OutboxRunOptions {
  /** Messages claimed at a time; their sends run side by side (the SMTP pool limits its connections). */
  batch?: number;
  /** Batches in one run at most, so a run ends and the next begins on time. */
  maxBatches?: number;
  /** A run stops claiming once this is aborted (the process is shutting down). */
  stopping?: AbortSignal;
}

export type OutboxRunResult = Record<AttemptOutcome, number> & { pruned: number };

const DEFAULT_BATCH = 20;
const DEFAULT_MAX_BATCHES = 50;

export async function runOutbox(
  deps: OutboxDeps,
  { batch = DEFAULT_BATCH, maxBatches = DEFAULT_MAX_BATCHES, stopping }: OutboxRunOptions = {},
): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { sent: 0, retrying: 0, undeliverable: 0, pruned: 0 };
  for (let round = 0; round < maxBatches && !stopping?.aborted; round++) {
    const claimed = await claimDue(deps, batch);
    const outcomes = await Promise.all(claimed.map((message) => deliver(deps, message)));
    for (const outcome of outcomes) result[outcome] += 1;
    // A batch that sent nothing means the provider is not accepting: what is due waits for the
    // next run rather than failing one by one now.
    if (claimed.length < batch || !outcomes.includes('sent')) break;
  }
  result.pruned = await pruneFinished(deps);
  return result;
}

/** Runs the job every `intervalMs` until stopped (jobs/periodic.ts). */
export function startOutboxJob(
  deps: OutboxDeps,
  intervalMs: number,
  log: { error(obj: unknown, msg: string): void; debug?(obj: unknown, msg: string): void },
  stopping: AbortSignal,
): PeriodicJob {
  return startPeriodic(
    () =>
      runInContext({ requestId: jobRunId('outbox') }, () => runOutbox(deps, { stopping })).then((result) =>
        log.debug?.({ job: 'outbox', ...result }, 'outbox run'),
      ),
    intervalMs,
    { log, message: 'outbox job run failed' },
  );
}
