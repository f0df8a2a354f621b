import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { GatewayError } from '../errors';
import { MailRefused, type Mail, type Mailer } from './mailer';
import { t } from '../i18n';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * What went wrong, for the log, without nodemailer's text: it quotes the server's answer, which
 * names the recipients ("550 <ada@example.com>: Recipient address rejected").
 */
class MailNotSent extends Error {
  /** A recipient refused with a 5xx answer: that server will refuse it again (RFC 5321 §4.2.1). */
  readonly permanent: boolean;

  constructor(error: unknown) {
    const { code, responseCode, command } = (error ?? {}) as {
      code?: unknown;
      responseCode?: unknown;
      command?: unknown;
    };
    const parts = [code, command, responseCode].filter((part) => typeof part === 'string' || typeof part === 'number');
    super(`SMTP delivery failed${parts.length > 0 ? `: ${parts.join(' ')}` : ''}`);
    this.name = 'MailNotSent';
    // Only a refused recipient: a 5xx to the login or the sender (a password or a domain set up
    // wrongly) is the operator's to fix, and the mail goes once they have.
    const status = typeof responseCode === 'number' ? responseCode : 0;
    this.permanent = typeof command === 'string' && /^RCPT/i.test(command) && status >= 500 && status < 600;
  }
}

/** Limits on each stage of a send, so one never outlasts the outbox's hold on its message (outbox.ts). */
/** A code's mail that could not go out may be asked for again shortly: the user is waiting for it. */
const MAIL_RETRY_AFTER_S = 10;
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** What a customer reads when the e-mail their request sends could not be handed over. */
const MAIL_NOT_SENT = /*i18n*/ {
  id: 'partner.mail.notSent',
  message: 'we could not send the e-mail right now, please try again in a moment',
};

/**
 * Real mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587 or smtps://…:465),
 * over a few pooled connections: every purchase mails a receipt, and a connection (and its TLS
 * handshake and login) per message would cost more than the purchase.
 */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  readonly #from: string;
  /** The domain of the sender's address, which each Message-ID names. */
  readonly #domain: string;

  constructor(smtpUrl: string, from: string) {
    // smtp:// beyond loopback must upgrade with STARTTLS: a server (or a man in the middle) that
    // does not offer it gets no mail rather than codes and links in clear.
    const requireTLS = !LOOPBACK.test(new URL(smtpUrl).hostname);
    this.#transport = nodemailer.createTransport({ url: smtpUrl, pool: true, requireTLS, ...TIMEOUTS });
    this.#from = from;
    this.#domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  }

  async send(mail: Mail, messageId?: string): Promise<void> {
    try {
      // A Message-ID and MIME boundary of our own, from one pooled UUID: left to nodemailer, the
      // composing and the sending each drew them from a dozen synchronous randomBytes calls.
      const id = messageId ?? randomUUID();
      const unique = { messageId: `<${id}@${this.#domain}>`, baseBoundary: id.replaceAll('-', '') };
      const message = {
        from: this.#from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...unique,
      };
      // Composed whole, then sent as one piece: streamed to the connection, a receipt went out in
      // a socket write per MIME part, a fifth of a purchase's time in the server.
      const raw = await new MailComposer(message).compile().build();
      await this.#transport.sendMail({ from: this.#from, to: mail.to, raw, ...unique });
    } catch (error) {
      const cause = new MailNotSent(error);
      const message = t(MAIL_NOT_SENT);
      if (cause.permanent) throw new MailRefused(message, { cause });
      throw new GatewayError(message, { cause, retryAfterS: MAIL_RETRY_AFTER_S });
    }
  }

  close(): void {
    this.#transport.close();
  }
}
