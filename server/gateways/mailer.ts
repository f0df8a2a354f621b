export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (receipts); every mail has the text. */
  html?: string;
}

/** Sends one e-mail; rejects with a GatewayError when the mail could not be handed over. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
