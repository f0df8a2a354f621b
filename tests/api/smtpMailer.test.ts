import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../server/errors';
import { SmtpMailer } from '../../server/gateways/smtpMailer';

/** Just enough of an SMTP server (RFC 5321, no extensions) to receive one message per session. */
async function startSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let message = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.local ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            message.data += `${line}\n`;
          }
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'MAIL':
            message.from = line;
            reply('250 ok');
            break;
          case 'RCPT':
            message.to.push(line);
            reply('250 ok');
            break;
          case 'DATA':
            inData = true;
            reply('354 go ahead');
            break;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            break;
          default: // EHLO, HELO, RSET, NOOP
            reply('250 test.local');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SmtpMailer against an SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('hands the mail over with the configured sender', async () => {
    const mailer = new SmtpMailer(smtp.url, 'Naira Wallet <no-reply@nairawallet.test>');
    try {
      await mailer.send({ to: 'ada@example.com', subject: 'Your verification code', text: 'Your Naira Wallet verification code is 4821.' });
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

  it('fails with a GatewayError when the server cannot be reached', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'no-reply@nairawallet.test');
    await expect(mailer.send({ to: 'ada@example.com', subject: 's', text: 't' })).rejects.toBeInstanceOf(GatewayError);
    mailer.close();
  });
});
