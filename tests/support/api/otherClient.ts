import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { FromThread, ToThread } from './otherClientThread';

/**
 * Another customer's client, sending one request after another over a real socket from a thread
 * of its own: its own work (sending, reading the answer) never runs on the server's event loop,
 * so a time it reads is the server's delay and the network's, as a customer's phone would see.
 */
export class OtherClient {
  readonly #thread: Worker;

  constructor(url: string, token: string) {
    this.#thread = new Worker(new URL('./otherClientThread.ts', import.meta.url), {
      workerData: { url, token },
      execArgv: ['--import', 'tsx'],
    });
  }

  /** `count` requests, one after another. */
  async times(count: number): Promise<FromThread> {
    const answer = once(this.#thread, 'message');
    this.#send({ kind: 'run', atLeast: count, untilStopped: false });
    return (await answer)[0] as FromThread;
  }

  /** Requests one after another, at least one, until the answered function is called; it answers them. */
  start(): () => Promise<FromThread> {
    const answer = once(this.#thread, 'message');
    this.#send({ kind: 'run', atLeast: 1, untilStopped: true });
    return async () => {
      this.#send({ kind: 'stop' });
      return (await answer)[0] as FromThread;
    };
  }

  async close(): Promise<void> {
    await this.#thread.terminate();
  }

  #send(message: ToThread): void {
    this.#thread.postMessage(message);
  }
}
