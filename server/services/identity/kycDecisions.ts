import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { formatNaira, koboToNaira } from '../../../core/money';
import { TIERS } from '../../../core/tiers';
import { inLocale, t } from '../../i18n';
import { tierUpgradedTitle } from './tiers';

/**
 * Tier 3 (a verified BVN and NIN, and a verified address) is reached only by an operator's
 * recorded decision: who decided, on what address, when — an append-only record (kyc_decisions,
 * 025_identity_first_funding.sql) written in the transaction that raises the user, who is told.
 * The operator console will make these decisions; until it exists, `npm run kyc` does.
 */

export interface Tier3Decision {
  email: string;
  address: string;
  /** The operator, by name. */
  decidedBy: string;
  note: string;
  now: Date;
}

export type Tier3Outcome = { status: 'recorded' } | { status: 'refused'; reason: string };

export async function recordTier3Decision(db: Database, decision: Tier3Decision): Promise<Tier3Outcome> {
  if (decision.address.trim().length < 5) return { status: 'refused', reason: 'the verified address is required' };
  if (decision.decidedBy.trim().length < 2)
    return { status: 'refused', reason: 'the operator deciding (--by) is required' };
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'bvn_verified_at', 'nin_verified_at', 'language'])
      .where('email', '=', decision.email.trim().toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (!user) return { status: 'refused', reason: `no account has the e-mail ${decision.email}` };
    if (user.bvn_verified_at === null || user.nin_verified_at === null)
      return { status: 'refused', reason: 'tier 3 needs a verified BVN and NIN first' };
    await trx
      .insertInto('kyc_decisions')
      .values({
        user_id: user.id,
        tier: 3,
        address: decision.address.trim().slice(0, 300),
        decided_by: decision.decidedBy.trim().slice(0, 100),
        note: decision.note.slice(0, 1000),
        decided_at: decision.now,
      })
      .execute();
    await trx
      .updateTable('users')
      .set({ address_verified_at: sql`coalesce(address_verified_at, ${decision.now}::timestamptz)` })
      .where('id', '=', user.id)
      .execute();
    await trx
      .insertInto('notifications')
      .values({
        user_id: user.id,
        // An operator decides it: the customer is told in their own language.
        ...inLocale(user.language, () => ({
          title: tierUpgradedTitle(3),
          content: t(
            /*i18n*/ {
              id: 'notice.tier3',
              message:
                'Your address is verified: your wallet has no balance cap, and you can spend up to {limit} a day.',
            },
            { limit: formatNaira(koboToNaira(TIERS[3].dailyLimitKobo)) },
          ),
        })),
        created_at: decision.now,
      })
      .execute();
    return { status: 'recorded' };
  });
}
