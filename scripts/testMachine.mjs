// What `npm test` needs of the machine besides node_modules, found or got before the stages that
// use it: a Chromium for the browser stages, and the PostgreSQL and Redis servers the API suite
// also runs on when they answer. A fresh clone then needs only `npm install && npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';

/** Where Debian's package puts Chromium; CHROMIUM_PATH names another build. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const FIX_BROWSER =
  'No Chromium for the browser tests, and none could be installed here. Run `sudo apt-get install -y chromium` ' +
  '(Debian or Ubuntu), or `npx playwright install chromium` where the network allows, or set CHROMIUM_PATH ' +
  'to a Chrome or Chromium binary; then `npm test` again.';
/** The longest a download may take before `npm test` gives up on it and says what to run instead. */
const INSTALL_TIMEOUT_MS = 10 * 60_000;

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs `command`, its output kept (not printed) unless it fails; resolves with whether it succeeded. */
function quietly(command, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), INSTALL_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) console.log(`  (${command} failed:)\n${output.trim().split('\n').slice(-8).join('\n')}`);
      resolve(code === 0);
    });
  });
}

/** Playwright's own Chromium, when its download is on this machine. */
function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** A browser already here: CHROMIUM_PATH, Debian's, or Playwright's download. */
function browserHere() {
  const named = process.env.CHROMIUM_PATH;
  if (named) return existsSync(named) ? named : null;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
}

/** Debian's package where this user may install packages, else Playwright's download; null when neither worked. */
async function installBrowser() {
  const apt =
    hasCommand('apt-get') && (isRoot() || spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0);
  if (apt) {
    const sudo = isRoot() ? '' : 'sudo -n ';
    console.log("▶ browser: installing Debian's chromium (apt-get)");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await quietly(`${sudo}apt-get update -qq`, env)) &&
      (await quietly(`${sudo}apt-get install -y -qq chromium`, env))
    ) {
      if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    }
  }
  console.log("▶ browser: trying Playwright's own download (npx playwright install chromium)");
  if (await quietly('npx playwright install chromium')) return playwrightChromium();
  return null;
}

/**
 * Finds a Chromium or gets one, and names it in CHROMIUM_PATH for the stages after (the
 * Playwright config and the Lighthouse gate read it). Resolves with the path, or rejects with the
 * one command that would fix it.
 */
export async function provideBrowser() {
  if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
    throw new Error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist. ${FIX_BROWSER}`);
  }
  const path = browserHere() ?? (await installBrowser());
  if (!path) throw new Error(FIX_BROWSER);
  process.env.CHROMIUM_PATH = path;
  return path;
}

/** Whether something accepts connections at host:port within a second. */
function answers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The machine's PostgreSQL cluster, started the way Debian's tools start one without systemd. */
async function startPostgres() {
  if (!hasCommand('pg_ctlcluster') || !existsSync('/etc/postgresql')) return false;
  const [version] = readdirSync('/etc/postgresql');
  return version !== undefined && quietly(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
}

async function startRedis() {
  if (!hasCommand('redis-server')) return false;
  return quietly("redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no");
}

/** Waits up to five seconds for a server just started to accept connections. */
async function cameUp(port) {
  for (let tries = 0; tries < 20; tries++) {
    if (await answers(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * The servers the API suite uses when they answer (tests/support/api/backends.ts, counters.ts):
 * each is used, started when it is installed but down, or reported as left out. Only the default
 * addresses are looked after; a TEST_DATABASE_URL or TEST_REDIS_URL elsewhere is the caller's.
 */
export async function provideServices() {
  const services = [
    {
      name: 'PostgreSQL',
      port: 5432,
      custom: process.env.TEST_DATABASE_URL,
      start: startPostgres,
      without: 'the API suite runs on PGlite only',
    },
    {
      name: 'Redis',
      port: 6379,
      custom: process.env.TEST_REDIS_URL,
      start: startRedis,
      without: 'the request counters are tested in the database only',
    },
  ];
  const lines = [];
  for (const service of services) {
    if (service.custom) {
      lines.push(`${service.name}: ${service.custom.replace(/:[^:@/]*@/, ':***@')} (given)`);
      continue;
    }
    let up = await answers(service.port);
    if (!up && (await service.start())) up = await cameUp(service.port);
    lines.push(
      up ? `${service.name}: 127.0.0.1:${service.port}` : `${service.name}: not running here, ${service.without}`,
    );
  }
  // The fault suite starts, kills and restarts a Redis of its own (tests/support/api/ownRedis.ts).
  lines.push(
    hasCommand('redis-server')
      ? 'redis-server: installed, the Redis faults run on a server of their own'
      : 'redis-server: not installed here, the Redis faults are left out',
  );
  return lines;
}
