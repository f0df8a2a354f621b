import { systemTimeouts, type Timeouts } from '../../clock';
import type { Biller, BillOutcome } from '../../gateways/biller';
import type { AppContext } from '../context';

export interface PurchaseDeps {
  biller: Biller;
  /** How long a pay or requery may take before it counts as no answer (pending). */
  billerTimeoutMs: number;
  /** Where that timeout comes from; default the system's timers (a test's clock fires it when moved). */
  timeouts?: Timeouts;
  /**
   * Writes a pause or resume the server made on its own (productPauses.ts) in the staff audit, in
   * the caller's transaction; the composition root (shared.ts) gives it.
   */
  recordPause?: PauseRecorder;
  /**
   * Aborted when a shutdown can wait no longer (http/draining.ts): a call still out counts as
   * no answer, so its purchase answers "processing" and the requery job, on any replica, settles
   * it, instead of the connection being cut with the bill's fate untold.
   */
  stopWaiting?: AbortSignal;
}

/** The requery job leaves a bill alone until its own pay call has surely given up, plus this. */
const REQUERY_MARGIN_MS = 2_000;

/** When a pay call sent at `sentAt` has surely given up: before that, the biller may not know the bill yet. */
export function payGivenUpAt(deps: PurchaseDeps, sentAt: Date): Date {
  return new Date(sentAt.getTime() + deps.billerTimeoutMs + REQUERY_MARGIN_MS);
}

/** One line of the staff audit written by the server itself (console/services/audit.ts recordAudit). */
export type PauseRecorder = (
  tx: AppContext,
  record: { action: string; subject: string; after: unknown },
) => Promise<void>;

/** What a bill's answer lets us do: settle it, refund it, or keep it processing and requery. */
export type BillResult =
  | Extract<BillOutcome, { status: 'delivered' }>
  /** Proven not delivered: refunded at once. */
  | { status: 'failed'; reason: string }
  /**
   * `unanswered`: no answer in time, an error, or a failure that does not say what became of the
   * bill; without it the biller answered pending. What a product's health counts as failing.
   */
  | { status: 'pending'; unanswered?: true };

/**
 * A biller call, read for what it allows. No answer in time, an error, or an ambiguous failure
 * is pending: only a definitive failure refunds, since an ambiguous one may hide a delivered bill.
 */
export async function askBiller(deps: PurchaseDeps, call: () => Promise<BillOutcome>): Promise<BillResult> {
  // Listened to one by one, not combined with AbortSignal.any: stopWaiting lives as long as the
  // server, and a combined signal per call would hang off it.
  const giveUp = [
    (deps.timeouts ?? systemTimeouts).timeout(deps.billerTimeoutMs),
    ...(deps.stopWaiting ? [deps.stopWaiting] : []),
  ];
  // The executor runs at once: stop settles noAnswer from the moment the promise exists.
  let stop = () => {};
  const noAnswer = new Promise<BillResult>((resolve) => {
    stop = () => resolve({ status: 'pending', unanswered: true });
  });
  if (giveUp.some((signal) => signal.aborted)) stop();
  else for (const signal of giveUp) signal.addEventListener('abort', stop, { once: true });
  try {
    const outcome = await Promise.race([
      call().catch((): BillResult => ({ status: 'pending', unanswered: true })),
      noAnswer,
    ]);
    if (outcome.status !== 'failed') return outcome;
    return 'definitive' in outcome && outcome.definitive
      ? { status: 'failed', reason: outcome.reason }
      : { status: 'pending', unanswered: true };
  } finally {
    for (const signal of giveUp) signal.removeEventListener('abort', stop);
  }
}
