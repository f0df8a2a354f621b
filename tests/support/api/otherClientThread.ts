import { parentPort, workerData } from 'node:worker_threads';

/** The requests OtherClient asks of its thread, and the answer: each request's time and status. */
export type ToThread = { kind: 'run'; atLeast: number; untilStopped: boolean } | { kind: 'stop' };
export interface FromThread {
  times: number[];
  statuses: number[];
}

const { url, token } = workerData as { url: string; token: string };
const port = parentPort!;
let stopped = false;

async function run(atLeast: number, untilStopped: boolean): Promise<FromThread> {
  const answer: FromThread = { times: [], statuses: [] };
  stopped = !untilStopped;
  while (answer.times.length < atLeast || !stopped) {
    const started = process.hrtime.bigint();
    const reply = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await reply.arrayBuffer();
    answer.times.push(Number(process.hrtime.bigint() - started) / 1e6);
    answer.statuses.push(reply.status);
  }
  return answer;
}

port.on('message', (message: ToThread) => {
  if (message.kind === 'stop') stopped = true;
  else void run(message.atLeast, message.untilStopped).then((answer) => port.postMessage(answer));
});
