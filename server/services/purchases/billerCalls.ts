import type { Biller, BillOutcome } from '../../gateways/biller';

export interface PurchaseDeps {
  biller: Biller;
  /** How long a pay or requery may take before it counts as no answer (pending). */
  billerTimeoutMs: number;
}

/** The requery job leaves a bill alone until its own pay call has surely given up, plus this. */
const REQUERY_MARGIN_MS = 2_000;

/** When a pay call sent at `sentAt` has surely given up: before that, the biller may not know the bill yet. */
export function payGivenUpAt(deps: PurchaseDeps, sentAt: Date): Date {
  return new Date(sentAt.getTime() + deps.billerTimeoutMs + REQUERY_MARGIN_MS);
}

/** A biller call; no answer in time, or an error, is pending (never a failure: a failure refunds). */
export async function askBiller(deps: PurchaseDeps, call: () => Promise<BillOutcome>): Promise<BillOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<BillOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'pending' }), deps.billerTimeoutMs);
  });
  try {
    return await Promise.race([call().catch((): BillOutcome => ({ status: 'pending' })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
