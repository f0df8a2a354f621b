import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../testkit/freePort';
import { FAKE_VTPASS_KEYS } from '../../../testkit/fakes/vtpassServer';
import { cpuSecondsOf } from './cpu';

/**
 * The server under load, started as production starts it (`node --import tsx server/main.ts`,
 * no APP_MODE: no development route, real secrets made up for the run) in a process of its own,
 * so the load generator does not share its event loop. Its log lines go to a file.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const START_TIMEOUT_MS = 120_000;

/**
 * The production settings of a bench run; the bench reads the same ones (loadConfig) to seed with
 * the server's keys. Production refuses the simulated rails, so the biller is the fake VTpass (a
 * process of its own, startFakeBiller: it delivers as the simulated biller does), and the bank
 * partner is Monnify at an address nobody answers: no bench request reaches it (the seeder funds
 * wallets directly), and a partner that is down never stops the server.
 */
export function serverEnvironment(smtpUrl: string, billerUrl: string): Record<string, string> {
  return {
    TOKEN_KEY: randomBytes(32).toString('hex'),
    PIN_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtpUrl,
    BILLER: 'vtpass',
    VTPASS_BASE_URL: billerUrl,
    VTPASS_API_KEY: FAKE_VTPASS_KEYS.apiKey,
    VTPASS_PUBLIC_KEY: FAKE_VTPASS_KEYS.publicKey,
    VTPASS_SECRET_KEY: FAKE_VTPASS_KEYS.secretKey,
    BANK_PARTNERS: 'monnify',
    MONNIFY_BASE_URL: 'http://127.0.0.1:9',
    MONNIFY_API_KEY: 'MK_PROD_BENCH00000',
    MONNIFY_SECRET_KEY: randomBytes(16).toString('hex'),
    MONNIFY_CONTRACT_CODE: '0000000000',
    CAPTCHA_SECRET: `0x4AAAAAAA${randomBytes(12).toString('hex')}`,
    PUBLIC_URL: 'https://wallet.example.ng',
    // Never called: no bench request verifies an identity.
    IDENTITY: 'dojah',
    DOJAH_APP_ID: 'bench',
    DOJAH_SECRET_KEY: 'prod_sk_bench0123456789',
    // Never called either: no bench customer has a verified phone.
    SMS: 'termii',
    TERMII_API_KEY: 'TL-bench-0123456789',
    TERMII_SENDER_ID: 'NairaWallet',
    TERMII_BASE_URL: 'http://127.0.0.1:9',
    HOST: '127.0.0.1',
    STATIC_DIR: '/nonexistent',
    // The per-account purchase limit (30 a minute) is for people; the bench's clients buy hundreds a minute.
    RATE_LIMIT_MULTIPLIER: '100000',
  };
}

export interface RunningServer {
  url: string;
  /** CPU seconds the server's process has used so far (user and system), read from /proc; null where there is none. */
  cpuSeconds(): number | null;
  /** SIGTERM, then the exit. */
  stop(): Promise<void>;
}

/** The fake VTpass (testkit/fakes/vtpassServer.ts) in a process of its own, off the load generator's event loop. */
export async function startFakeBiller(logFile: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'testkit/fakes/vtpassServer.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  // Unauthenticated, the fake answers 401: it is up.
  while (
    !(await fetch(`${url}/service-variations`).then(
      (response) => response.status === 401,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bench: the fake biller did not start; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `nodeOptions`: e.g. `--cpu-prof --cpu-prof-dir=…` to profile the server under load. */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  nodeOptions: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let gone: string | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      gone = signal ?? String(code);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const ready = await fetch(`${url}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (gone || Date.now() > deadline) {
      child.kill('SIGKILL');
      const why = gone ? `it exited: ${gone}` : 'no answer in time';
      const tail = readFileSync(logFile, 'utf8').slice(-4000);
      throw new Error(`bench: the server did not start (${why}); its log (${logFile}) ends:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`bench: the server exited with ${code}; see ${logFile}`);
    },
  };
}
