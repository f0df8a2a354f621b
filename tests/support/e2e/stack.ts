// The browser journeys' servers (playwright.config.ts), started side by side. Playwright starts
// the entries of its `webServer` list one after another, each once the one before answers: seven
// processes, most of them waiting on their own start (a migration, a build, a catalogue sync), in
// a row. Here each starts as soon as what it needs answers, and this process answers
// `GET /ready` on PORT once all of them do: Playwright waits for that one address.
//
// STACK holds the servers as JSON: each one's name, command, environment, address to ask, how long
// it may take, and the names of those it must wait for. One that exits or outlasts its time stops
// the start with its own last lines. Their errors are written with their name, and when each
// answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { eventually } from '../api/eventually';

export interface StackServer {
  name: string;
  command: string;
  env: Record<string, string>;
  url: string;
  timeoutMs: number;
  after?: string[];
}

/** How many of a server's last lines a failed start shows. */
const TAIL_LINES = 40;

const servers = JSON.parse(required('STACK')) as StackServer[];
const port = Number(required('PORT'));
const begun = performance.now();

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
}

/** Up as Playwright counts it: any answer but a 404 or a server error (an unauthenticated 401 is a server up). */
async function answers(url: string): Promise<boolean> {
  const status = await fetch(url).then(
    (response) => response.status,
    () => 0,
  );
  return status >= 200 && status < 404;
}

function start(server: StackServer): Promise<void> {
  const lines: string[] = [];
  const child = spawn(server.command, {
    shell: true,
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').trimEnd().split('\n'));
    lines.splice(0, Math.max(0, lines.length - TAIL_LINES));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', (chunk: Buffer) => {
    keep(chunk);
    for (const line of chunk.toString('utf8').trimEnd().split('\n')) process.stderr.write(`[${server.name}] ${line}\n`);
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  return eventually(
    async () => (exited !== undefined ? 'exited' : (await answers(server.url)) ? 'up' : 'starting'),
    (state) => state !== 'starting',
    { timeoutMs: server.timeoutMs, intervalMs: 100, context: () => `${server.name}:\n${lines.join('\n')}` },
  ).then((state) => {
    process.stderr.write(`[stack] ${server.name}: ${state}, ${((performance.now() - begun) / 1000).toFixed(1)} s in\n`);
    if (state === 'exited')
      throw new Error(`${server.name} exited (${exited}) before it answered:\n${lines.join('\n')}`);
  });
}

/** Starts every server once those it waits for answer; settles when all answer, or at the first that fails. */
function startAll(): Promise<void> {
  const started = new Map<string, Promise<void>>();
  const startOf = (name: string): Promise<void> => {
    const known = started.get(name);
    if (known) return known;
    const server = servers.find((candidate) => candidate.name === name);
    if (!server) throw new Error(`no server named ${name}`);
    const promise = Promise.all((server.after ?? []).map(startOf)).then(() => start(server));
    started.set(name, promise);
    return promise;
  };
  return Promise.all(servers.map((server) => startOf(server.name))).then(() => undefined);
}

/**
 * Stops every server, their shells' children too, by signalling this process's group: the group
 * Playwright starts the stack in, and kills whole, so a server never outlives the run (and then
 * holds its port against the next). This process goes with it.
 */
function stopAll(signal: NodeJS.Signals): never {
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.kill(0, signal);
  process.exit(1);
}

process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGINT', () => stopAll('SIGINT'));

try {
  await startAll();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopAll('SIGKILL');
}
createServer((request, response) => {
  response.writeHead(request.url === '/ready' ? 200 : 404).end();
}).listen(port, '127.0.0.1');
