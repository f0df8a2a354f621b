import { createServer, type Socket } from 'node:net';

/**
 * A mail server that accepts every message and keeps none: a production start needs SMTP_URL,
 * and every purchase e-mails its receipt, so the bench's server sends its mail here, over SMTP,
 * as it would to a real one. It offers what a mail provider's relay offers and the mailer uses:
 * AUTH, and PIPELINING (RFC 2920, standard since 2000), with which a message's envelope and DATA
 * go out in one write instead of waiting for a reply to each command.
 */
export async function startSmtpSink(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffered = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 bench ESMTP');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            reply('250 kept nowhere');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-bench\r\n250-PIPELINING\r\n250 AUTH PLAIN LOGIN');
        else if (verb === 'AUTH') reply('235 ok');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://bench:bench@127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
