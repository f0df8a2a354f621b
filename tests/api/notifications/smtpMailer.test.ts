import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../server/errors';
import { MailRefused } from '../../../server/gateways/mailer';
import { SmtpMailer } from '../../../server/gateways/smtpMailer';
import { startSmtpServer } from '../../support/api/smtpServer';

describe('SmtpMailer against an SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('hands the mail over with the configured sender, under the Message-ID of its id when it has one', async () => {
    const mailer = new SmtpMailer(smtp.url, 'Naira Wallet <no-reply@nairawallet.test>');
    const messageId = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    try {
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Your verification code',
        text: 'Your Naira Wallet verification code is 4821.',
      });
      await mailer.send({ to: 'ada@example.com', subject: 'Receipt', text: 'Paid.' }, messageId);
      await mailer.send({ to: 'ada@example.com', subject: 'Receipt', text: 'Paid.' }, messageId);
    } finally {
      mailer.close();
    }
    // The same message sent again carries the same id; one without an id gets a new one.
    const [own, ...again] = smtp.messageIds();
    expect(own).toMatch(/^[0-9a-f-]{36}@nairawallet\.test$/);
    expect(own).not.toContain(messageId);
    expect(again).toEqual([`${messageId}@nairawallet.test`, `${messageId}@nairawallet.test`]);
    const [mail] = smtp.received;
    expect(mail.from).toContain('no-reply@nairawallet.test');
    expect(mail.to.join()).toContain('ada@example.com');
    expect(mail.data).toContain('Subject: Your verification code');
    expect(mail.data).toContain('4821');
  });

  // The attack surface: a refused recipient's error (nodemailer's text carries the address) was
  // logged whole by whoever caught it; the address is personal data our logs do not keep.
  it('fails with a GatewayError whose cause names no recipient when the server refuses one', async () => {
    const refusing = await startSmtpServer({ rejectRecipients: true });
    const mailer = new SmtpMailer(refusing.url, 'no-reply@nairawallet.test');
    try {
      const error = await mailer.send({ to: 'ada.obi@example.com', subject: 's', text: 't' }).then(
        () => null,
        (caught: unknown) => caught,
      );
      // Refused for good: the outbox gives such a message up rather than trying it for two days.
      expect(error).toBeInstanceOf(MailRefused);
      const everything =
        JSON.stringify(error, Object.getOwnPropertyNames(error)) +
        String((error as Error).cause) +
        JSON.stringify((error as Error).cause, Object.getOwnPropertyNames((error as Error).cause ?? {}));
      expect(everything).not.toContain('ada.obi');
      expect(String((error as Error).cause)).toMatch(/550/);
    } finally {
      mailer.close();
      await refusing.close();
    }
  });

  it('fails with a GatewayError when the server cannot be reached', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'no-reply@nairawallet.test');
    const error = await mailer
      .send({ to: 'ada@example.com', subject: 's', text: 't' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    // Unreachable is not refused: the outbox tries again.
    expect(error).not.toBeInstanceOf(MailRefused);
    mailer.close();
  });
});
