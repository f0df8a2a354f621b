import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startDojahServer } from '../testkit/fakes/dojahServer';
import { startFakeMonnify } from '../testkit/fakes/monnifyServer';
import { startFakePaystack } from '../testkit/fakes/paystackServer';
import { startFakeTermii } from '../testkit/fakes/termiiServer';
import { startFakeVtpass } from '../testkit/fakes/vtpassServer';

// A journey's client (Playwright's request context) keeps idle sockets with no limit of its own.
// A server that announces an idle limit (`Keep-Alive: timeout=5`, Node's default) closes such a
// socket on its own clock, racing the client's next call; the fakes announce none and never close one.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

function headersOf(url: string): Promise<{ connection?: string; keepAlive?: string | string[] }> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (answer) => {
      answer.resume();
      answer.on('end', () =>
        resolve({ connection: answer.headers.connection, keepAlive: answer.headers['keep-alive'] }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const fakes: [string, () => Promise<{ origin: string; close(): Promise<void> }>][] = [
  ['Monnify', () => startFakeMonnify().then((fake) => ({ origin: fake.url, close: () => fake.close() }))],
  ['Paystack', () => startFakePaystack().then((fake) => ({ origin: fake.url, close: () => fake.close() }))],
  ['Termii', () => startFakeTermii().then((fake) => ({ origin: fake.url, close: () => fake.close() }))],
  ['VTpass', () => startFakeVtpass().then((fake) => ({ origin: new URL(fake.url).origin, close: () => fake.close() }))],
  ['Dojah', () => startDojahServer().then((fake) => ({ origin: fake.baseUrl, close: () => fake.close() }))],
];

describe('the fake providers leave an idle connection to its client', () => {
  it.each(fakes)('%s keeps the connection and announces no idle limit', async (_name, start) => {
    const fake = await start();
    try {
      const answered = await headersOf(`${fake.origin}/__fake/health`);
      expect(answered.connection).toBe('keep-alive');
      expect(answered.keepAlive).toBeUndefined();
    } finally {
      await fake.close();
    }
  });
});
