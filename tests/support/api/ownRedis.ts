import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../testkit/freePort';

/**
 * A Redis server of the test's own, on a free port, for what must not be done to the shared one
 * at TEST_REDIS_URL: killing it under load, or freezing it. No persistence: a restart comes back
 * empty, as a Redis that lost its memory does.
 */
export const ownRedisUnavailable: string | undefined =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
    ? undefined
    : 'no redis-server on PATH (on Debian or Ubuntu: apt-get install redis-server)';

export interface OwnRedis {
  url: string;
  /** SIGKILL, as a crash or an out-of-memory kill; resolves once the process is gone. */
  kill(): Promise<void>;
  /** A new server on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing is answered, as with a hung server, until resume(). */
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
}

/** The server's start, settled by its own log line: ready, or exited with what it printed. */
function launch(port: number): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) resolve({ child, exited });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => reject(new Error(`redis-server on port ${port} did not start:\n${output}`)));
  });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let running = await launch(port);
  const kill = async () => {
    running.child.kill('SIGKILL');
    await running.exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    async start() {
      running = await launch(port);
    },
    pause: () => void running.child.kill('SIGSTOP'),
    resume: () => void running.child.kill('SIGCONT'),
    destroy: kill,
  };
}
