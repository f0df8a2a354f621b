import { createServer } from 'node:net';

/** A TCP port nothing listens on right now, on 127.0.0.1: for a server a test or the bench starts in a process of its own. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
