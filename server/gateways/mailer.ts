export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail; rejects with a GatewayError when the mail could not be handed over. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
