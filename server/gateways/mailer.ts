import { GatewayError } from '../errors';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (receipts); every mail has the text. */
  html?: string;
}

/**
 * Sends one e-mail; rejects with a GatewayError when the mail could not be handed over.
 * `messageId` (a UUID) is the message's own id when it has one (the outbox's, the same at
 * every attempt): the mail's Message-ID is made from it, so a copy sent again after an answer
 * that never came is recognisable as the same message. Without it each mail gets a new one.
 */
export interface Mailer {
  send(mail: Mail, messageId?: string): Promise<void>;
}

/**
 * The provider refused the mail for good (the recipient's server does not know the address):
 * sending it again cannot succeed. Any other failure may pass on another attempt.
 */
export class MailRefused extends GatewayError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailRefused';
  }
}
