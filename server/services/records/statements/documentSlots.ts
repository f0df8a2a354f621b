import { AppError } from '../../../errors';
import { t } from '../../../i18n';
import type { AppContext } from '../../context';

/**
 * How many statement documents are made at once. Per process: each PDF is a worker thread (a
 * core while it draws) and every document a stream of pages of the database, so a process
 * makes DOCUMENTS_AT_ONCE and queues a few more; past that it answers 503 at once. Per account,
 * on every replica: one document at a time, claimed in the database.
 */
const DOCUMENTS_AT_ONCE = 2;
const WAITING_AT_MOST = 8;
/** A claim older than this was left by a process that stopped: another download may take it over. */
const STALE_CLAIM_MS = 15 * 60_000;

export const statementsBusy = /*i18n*/ {
  id: 'statements.refused.busy',
  message: 'statements are busy right now, please try again in a minute',
};
export const STATEMENTS_BUSY = statementsBusy.message;
export const STATEMENT_IN_PROGRESS = /*i18n*/ {
  id: 'statements.refused.inProgress',
  message: 'a statement of yours is still being prepared: please wait for it to finish',
};

/** The process's slots for documents, with a bounded queue of requests waiting for one. */
export class DocumentSlots {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly atOnce = DOCUMENTS_AT_ONCE,
    readonly waitingAtMost = WAITING_AT_MOST,
  ) {}

  /** A slot, once one is free; answers its release. 503 when the queue is full. */
  async acquire(): Promise<() => void> {
    if (this.#running >= this.atOnce) {
      if (this.#waiting.length >= this.waitingAtMost) throw new AppError(503, t(statementsBusy));
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes to the next in line, or frees up.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    };
  }
}

/** The account's one document at a time, on every replica; answers its release. 429 while another is being made. */
export async function claimAccountDocument(ctx: AppContext, userId: bigint): Promise<() => Promise<void>> {
  const now = ctx.clock.now();
  const claimed = await ctx.db
    .insertInto('statement_downloads')
    .values({ user_id: userId, claimed_at: now })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ claimed_at: now })
        .where('statement_downloads.claimed_at', '<=', new Date(now.getTime() - STALE_CLAIM_MS)),
    )
    .returning('claimed_at')
    .executeTakeFirst();
  if (!claimed) throw new AppError(429, t(STATEMENT_IN_PROGRESS));
  return async () => {
    await ctx.db
      .deleteFrom('statement_downloads')
      .where('user_id', '=', userId)
      .where('claimed_at', '=', now)
      .execute();
  };
}
