import type { BankPartner } from '../gateways/bankPartner';
import { jobRunId, runInContext } from '../http/requestContext';
import { checkOpenCardPayments, type CardTopUpDeps } from '../services/funding/cardTopUps';
import type { AppContext } from '../services/context';
import { dueEnrolments, resumeEnrolment } from '../services/identity/enrolment';
import { pruneIdentityChecks } from '../services/identity/identityChecks';
import { retryPendingConfirmations } from '../services/funding/transferConfirmation';
import { startPeriodic, type PeriodicJob } from './periodic';

/** How often the job looks for work. */
export const PARTNER_RETRY_INTERVAL_MS = 30_000;
const BATCH = 50;

export interface PartnerRetryDeps {
  banks: readonly BankPartner[];
  cards: CardTopUpDeps;
}

export interface PartnerRetryResult {
  enrolments: number;
  confirmations: { settled: number; waiting: number };
  cardPayments: number;
}

/**
 * What a partner could not do when asked, done later without anyone waiting (a partner that
 * refuses or is down never stops a request or the server): enrolments waiting on the partner
 * are carried on without the identity number (the customer's validation answered, a lost
 * answer found), webhooks it could not confirm are confirmed, card payments left open are asked
 * about, and identity lookups older than two days are forgotten. Each piece is safe on any
 * number of replicas: enrolment calls run one at a time per user and partner, credits claim
 * their reference, and a card payment settles once.
 */
export async function runPartnerRetries(ctx: AppContext, deps: PartnerRetryDeps): Promise<PartnerRetryResult> {
  let enrolments = 0;
  for (const due of await dueEnrolments(ctx, BATCH)) {
    const bank = deps.banks.find((candidate) => candidate.provider === due.provider);
    if (bank && (await resumeEnrolment(ctx, bank, due.user_id))) enrolments += 1;
  }
  const confirmations = await retryPendingConfirmations(ctx, deps.banks, BATCH);
  const cardPayments = await checkOpenCardPayments(ctx, deps.cards, BATCH);
  await pruneIdentityChecks(ctx);
  return { enrolments, confirmations, cardPayments };
}

export function startPartnerRetryJob(
  ctx: AppContext,
  deps: PartnerRetryDeps,
  intervalMs: number,
  log: { error(obj: unknown, msg: string): void },
): PeriodicJob {
  return startPeriodic(
    () => runInContext({ requestId: jobRunId('partners') }, async () => void (await runPartnerRetries(ctx, deps))),
    intervalMs,
    {
      log,
      message: 'partner retry job: run failed',
    },
  );
}
