import { systemClock, type Clock } from '../clock';
import type { Mail, Mailer } from './mailer';

export interface OutboxMail extends Mail {
  created_at: string;
  /** The message's own id (Mailer.send), the same for every copy of one message. */
  message_id?: string;
}

/** Enough for a development session; the oldest mails fall off. */
const CAPACITY = 500;

/**
 * Development mail: kept in memory for GET /dev/mailbox, and announced to the log, so the whole
 * product (codes, reset links) works on one machine without a mail account.
 */
export class DevOutbox implements Mailer {
  readonly #mails: OutboxMail[] = [];
  readonly #print: (mail: OutboxMail) => void;
  readonly #clock: Clock;

  constructor(options: { print: (mail: OutboxMail) => void; clock?: Clock }) {
    this.#print = options.print;
    this.#clock = options.clock ?? systemClock;
  }

  async send(mail: Mail, messageId?: string): Promise<void> {
    const stored = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      created_at: this.#clock.now().toISOString(),
      ...(messageId ? { message_id: messageId } : {}),
    };
    this.#mails.push(stored);
    if (this.#mails.length > CAPACITY) this.#mails.shift();
    this.#print(stored);
  }

  /** Newest first; only the mails to `to` (case-insensitive) when given. */
  list(to?: string): OutboxMail[] {
    const recipient = to?.trim().toLowerCase();
    return this.#mails.filter((mail) => !recipient || mail.to.toLowerCase() === recipient).reverse();
  }
}
