import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder), for what must not be
 * done to the shared server: restarting it under load. PostgreSQL refuses to run as root, so
 * when the tests run as root the cluster belongs to the `postgres` user.
 */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why no cluster of our own can be started here, or undefined when one can. */
export const ownClusterUnavailable: string | undefined = existsSync(join(POSTGRES_BIN, 'initdb'))
  ? undefined
  : `no PostgreSQL server binaries in ${POSTGRES_BIN} (set POSTGRES_BIN)`;

export interface OwnCluster {
  /** URL of the cluster's `postgres` database. */
  url: string;
  /** A fast restart (`pg_ctl restart -m fast`): every connection is terminated, the server is back when this resolves. */
  restart(): Promise<void>;
  /** Stops the cluster and deletes its folder. */
  destroy(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

function pg(tool: string, args: string[]) {
  const command = join(POSTGRES_BIN, tool);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

export async function startOwnCluster(port: number): Promise<OwnCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'naira-wallet-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(group));
    await chmod(dir, 0o700);
  }
  const data = join(dir, 'data');
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (action: string, ...extra: string[]) =>
    pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', ...extra, action]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => void (await ctl('restart', '-m', 'fast')),
    async destroy() {
      await ctl('stop', '-m', 'immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
