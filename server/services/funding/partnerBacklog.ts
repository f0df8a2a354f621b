import { sql } from 'kysely';
import type { BankPartner } from '../../gateways/bankPartner';
import type { AppContext } from '../context';

/**
 * What could not be done with each bank partner yet, for /api/health/ready's details and the
 * metrics: its circuit breaker, the enrolments waiting on it (the partner job carries them on)
 * or needing the user's number again, the webhooks it could not confirm yet (the job asks
 * again), and the card payments still open with it. Read at most every CACHE_MS, however often
 * load balancers and scrapers ask: the counts are for people, not for the request path.
 */

export interface PartnerBacklog {
  partner: string;
  /** closed: answering; open: refused at once after repeated failures; half-open: one trial call let through. */
  breaker: 'closed' | 'open' | 'half-open' | 'none';
  waiting_enrolments: number;
  enrolments_needing_identity: number;
  pending_confirmations: number;
  open_card_payments: number;
}

const CACHE_MS = 10_000;

const breakerOf = (bank: BankPartner): PartnerBacklog['breaker'] =>
  (bank as Partial<{ breakerState: PartnerBacklog['breaker'] }>).breakerState ?? 'none';

/** The backlog of every live partner, read afresh at most every CACHE_MS (the last reading otherwise). */
export function partnerBacklogReader(ctx: AppContext, banks: readonly BankPartner[]): () => Promise<PartnerBacklog[]> {
  type Reading = { at: number; counts: Map<string, Omit<PartnerBacklog, 'partner' | 'breaker'>> };
  let cached: Reading | undefined;
  let reading: Promise<Reading> | undefined;
  const refresh = async () => {
    cached = { at: ctx.clock.now().getTime(), counts: await countBacklog(ctx) };
    return cached;
  };
  return async () => {
    let current = cached;
    if (!current || ctx.clock.now().getTime() - current.at > CACHE_MS) {
      reading ??= refresh().finally(() => (reading = undefined));
      current = await reading;
    }
    const { counts } = current;
    return banks.map((bank) => ({
      partner: bank.provider,
      breaker: breakerOf(bank),
      ...(counts.get(bank.provider) ?? emptyCounts()),
    }));
  };
}

const emptyCounts = () => ({
  waiting_enrolments: 0,
  enrolments_needing_identity: 0,
  pending_confirmations: 0,
  open_card_payments: 0,
});

async function countBacklog(ctx: AppContext): Promise<Map<string, Omit<PartnerBacklog, 'partner' | 'breaker'>>> {
  const { rows } = await sql<{ provider: string; kind: keyof ReturnType<typeof emptyCounts>; n: string }>`
    SELECT provider,
           CASE status WHEN 'waiting' THEN 'waiting_enrolments' ELSE 'enrolments_needing_identity' END AS kind,
           count(*)::text AS n
      FROM partner_enrolments WHERE status IN ('waiting', 'needs-identity') GROUP BY provider, status
    UNION ALL
    SELECT provider, 'pending_confirmations', count(*)::text FROM pending_confirmations GROUP BY provider
    UNION ALL
    SELECT provider, 'open_card_payments', count(*)::text FROM card_payments WHERE status = 'pending'
    GROUP BY provider`.execute(ctx.db);
  const counts = new Map<string, ReturnType<typeof emptyCounts>>();
  for (const row of rows) {
    const entry = counts.get(row.provider) ?? emptyCounts();
    entry[row.kind] = Number(row.n);
    counts.set(row.provider, entry);
  }
  return counts;
}
