import type { Clock } from '../clock';
import type { SessionPolicy } from '../config';
import type { Executor } from '../db/schema';
import type { Mailer } from '../gateways/mailer';
import type { SmsSender } from '../gateways/sms';
import type { Outgoing } from './notifications/outbox';
import type { RefundCause } from './purchases/wording';
import type { SecretBox } from './identity/secretBox';
import type { TokenHasher } from './account/tokens';

/** What every service function works with. Inside a transaction, `db` is the transaction. */
export interface AppContext {
  db: Executor;
  clock: Clock;
  hashToken: TokenHasher;
  secrets: SecretBox;
  /**
   * Sends at once, in the request: only for the codes and links a user asked for on a screen
   * (a failure is answered, and the user asks again). Every other message goes through the
   * outbox (services/notifications/outbox.ts queueMail), in the transaction of its change.
   */
  mailer: Mailer;
  /** Sends a text at once, in the request: only for the code verifying a phone, as `mailer` for e-mailed codes. */
  sms: SmsSender;
  /**
   * Runs `work` once what this context wrote has committed: at once outside a transaction (each
   * statement commits on its own), after the commit inside inTransaction's, never after a
   * rollback.
   */
  afterCommit(work: () => void): void;
  /** Tries a message the outbox holds now, without waiting for it (notifications/outbox.ts immediateSender). */
  sendQueued(message: Outgoing): void;
  /** Origin of the SPA, for links in e-mails. */
  publicUrl: string;
  /** Wrong transaction pins in a row allowed before the next one ends every session (services/pins.ts). */
  pinMaxAttempts: number;
  /** When sessions end (services/sessions.ts). */
  sessions: SessionPolicy;
  /** The live bank partners (BANK_PARTNERS): only their accounts are listed to users. */
  liveBankPartners: readonly string[];
  /**
   * Ids of system accounts known to be committed, by code (services/ledger.ts systemAccount);
   * shared by the context's transactions.
   */
  systemAccounts: Map<string, bigint>;
  /** Told of each bill refunded, once it is committed: why, and how long after the debit (the metrics). */
  refunded?(refund: { cause: RefundCause; delayMs: number }): void;
}

/**
 * PostgreSQL's answer when it broke a deadlock or a serialization conflict by aborting this
 * transaction: nothing it did was kept, so running it again is safe (and is PostgreSQL's advice).
 */
const RETRYABLE_SQLSTATE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Runs `work` in one database transaction, handing it a context whose `db` is that transaction.
 * A transaction PostgreSQL aborted to break a deadlock between concurrent purchases and
 * settlements is run again, whole (it wrote nothing), a few times before the error is answered.
 */
export async function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // What the work leaves for after its commit; an attempt that rolled back leaves nothing.
    const committed: (() => void)[] = [];
    try {
      const result = await ctx.db
        .transaction()
        .execute((trx) => work({ ...ctx, db: trx, afterCommit: (then) => committed.push(then) }));
      for (const then of committed) ctx.afterCommit(then);
      return result;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE_SQLSTATE.has(code)) throw error;
      // A short random pause, so the transactions that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
