import { DAY_MS } from '../../../core/days';
import { identityMessages } from '../../../core/words/identity';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { t } from '../../i18n';

/**
 * Each identity lookup is a paid call, and the answers (found, another name, already linked)
 * must not become a way to try numbers: at most CHECKS_PER_DAY lookups a day per account, and
 * per number whatever the accounts trying it. A lookup is written before it is counted, so
 * racing requests each see the others' (every insert commits on its own) and the limit holds.
 * Rows are kept two days (pruned by the partner job), the number only as its keyed hash.
 */

export const CHECKS_PER_DAY = 5;
const KEEP_MS = 2 * DAY_MS;

export async function admitIdentityCheck(ctx: AppContext, userId: bigint, identityHash: Buffer): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('identity_checks')
    .values({ user_id: userId, identity_hash: identityHash, checked_at: now })
    .execute();
  const since = new Date(now.getTime() - DAY_MS);
  const counts = await ctx.db
    .selectFrom('identity_checks')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('user_id', '=', userId).as('account'),
      eb.fn.countAll<string>().filterWhere('identity_hash', '=', identityHash).as('identity'),
    ])
    .where('checked_at', '>', since)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('identity_hash', '=', identityHash)]))
    .executeTakeFirstOrThrow();
  if (Number(counts.account) > CHECKS_PER_DAY) throw new AppError(429, t(identityMessages.tooManyChecksOnAccount));
  if (Number(counts.identity) > CHECKS_PER_DAY) throw new AppError(429, t(identityMessages.tooManyChecksOfNumber));
}

/** Forgets lookups older than two days. */
export async function pruneIdentityChecks(ctx: AppContext): Promise<void> {
  await ctx.db
    .deleteFrom('identity_checks')
    .where('checked_at', '<', new Date(ctx.clock.now().getTime() - KEEP_MS))
    .execute();
}
