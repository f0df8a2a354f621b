import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * Just enough of an SMTP server (RFC 5321, no extensions) to receive messages; with
 * `rejectRecipients`, it refuses every recipient as a real one refuses an unknown mailbox.
 * `stop()` makes it unreachable (its connections cut, its port closed) and `start()` opens the
 * same port again: a mail server that goes away and comes back. `holdReplies()` keeps the answer
 * to each message's end of data from then on: the server has the message, its sender does not
 * know it, as when the answer is lost; `releaseReplies()` sends what was held.
 */
export async function startSmtpServer(options: { rejectRecipients?: boolean } = {}) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const sockets = new Set<Socket>();
  let held: (() => void)[] | undefined;
  const server: Server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let message = { from: '', to: [] as string[], data: '' };
    // A reply held past its connection's end (holdReplies) has nobody to go to.
    const reply = (line: string) => socket.writable && socket.write(`${line}\r\n`);
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
            if (held) held.push(() => reply('250 queued'));
            else reply('250 queued');
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
            if (options.rejectRecipients) {
              reply(
                `550 5.1.1 ${/<[^>]*>/.exec(line)?.[0] ?? ''}: Recipient address rejected: User unknown in virtual mailbox table`,
              );
              break;
            }
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
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    return closed;
  };
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The Message-ID of each message received, in order. */
    messageIds: () => received.map((message) => /^Message-ID: <([^>]+)>/im.exec(message.data)?.[1] ?? ''),
    stop,
    start: () => listen(port),
    holdReplies: () => void (held ??= []),
    releaseReplies: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const answer of waiting) answer();
    },
    close: stop,
  };
}
