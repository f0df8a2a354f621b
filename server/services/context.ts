import type { Clock } from '../clock';
import type { SessionPolicy } from '../config';
import type { Executor } from '../db/schema';
import type { Mail, Mailer } from '../gateways/mailer';
import type { SecretBox } from './secretBox';
import type { TokenHasher } from './tokens';

/** What every service function works with. Inside a transaction, `db` is the transaction. */
export interface AppContext {
  db: Executor;
  clock: Clock;
  hashToken: TokenHasher;
  secrets: SecretBox;
  mailer: Mailer;
  /**
   * Hands a mail to the mailer without waiting for it: for mails sent once a transaction has
   * committed (receipts), whose failure is logged and never undoes or fails what happened.
   */
  deliverMail(mail: Mail): void;
  /** Origin of the SPA, for links in e-mails. */
  publicUrl: string;
  /** Wrong transaction pins in a row allowed before the next one ends every session (services/pins.ts). */
  pinMaxAttempts: number;
  /** When sessions end (services/sessions.ts). */
  sessions: SessionPolicy;
  /** The live bank partners (BANK_PARTNERS): only their accounts are listed to users. */
  liveBankPartners: readonly string[];
}

/** Runs `work` in one database transaction, handing it a context whose `db` is that transaction. */
export function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}
