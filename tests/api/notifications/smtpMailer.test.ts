import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../server/errors';
import { SmtpMailer } from '../../../server/gateways/smtpMailer';
import { startSmtpServer } from '../../support/api/smtpServer';

describe('SmtpMailer against an SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('hands the mail over with the configured sender', async () => {
    const mailer = new SmtpMailer(smtp.url, 'Naira Wallet <no-reply@nairawallet.test>');
    try {
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Your verification code',
        text: 'Your Naira Wallet verification code is 4821.',
      });
    } finally {
      mailer.close();
    }
    expect(smtp.received).toHaveLength(1);
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
      expect(error).toBeInstanceOf(GatewayError);
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
    await expect(mailer.send({ to: 'ada@example.com', subject: 's', text: 't' })).rejects.toBeInstanceOf(GatewayError);
    mailer.close();
  });
});
