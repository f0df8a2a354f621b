// What the page measurements share: the Lighthouse gate (scripts/lighthouse.ts) and Interaction to
// Next Paint (scripts/inp.ts) both measure a finished build served by the real server, the demo
// account signed in as a person would, and the CPU slowed to the same phone on any host.
//
// Why the slowdown is calibrated and not fixed: scripts/lighthouseGate.ts, at its top. Both
// scripts read the host's speed with Lighthouse's own benchmark, unthrottled, in the Chrome they
// measure with, and divide it down to the phone's index, as Chrome DevTools calibrates its presets.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { DEMO_ACCOUNT } from '../server/cli/tooling';

/** Marks the session class once its `send` leaves DevTools' costs out. */
const LEAVES_COSTS_OUT = Symbol("leaves DevTools' costs out");

/** Sends one protocol command on a session (the shape of puppeteer's `CDPSession.send`, loosely typed). */
type Send = (this: CDPSession, method: string, ...rest: unknown[]) => Promise<unknown>;

/**
 * The trace category in which Chrome copies the source text of every script the page runs into the
 * trace, on the page's main thread as each module graph is linked: Lighthouse asks for it (for
 * DevTools to show the code of a trace it saves; no metric reads it). The task that links the app's
 * modules, after the first paint, took a median of 64 ms of the low-tier phone's time with it and
 * 33 ms without (a 4–5× slowdown), most of the difference the copy of React DOM's 219 KB chunk.
 */
export const SOURCE_TEXT_CATEGORY = 'disabled-by-default-devtools.v8-source-rundown-sources';

/** `categories` (Tracing.start's comma-separated list) without the scripts' source text. */
export const withoutSourceText = (categories: string): string =>
  categories
    .split(',')
    .filter((category) => category.trim() !== SOURCE_TEXT_CATEGORY)
    .join(',');

/**
 * Makes every tab `browser` opens from now on run the page as a phone does, without two costs of
 * the tools that measure it:
 * - **The scripts' source text in the trace** (`SOURCE_TEXT_CATEGORY`): every trace is started
 *   without it, and keeps every other category asked for. Lighthouse's simulation reads none of it
 *   (its model of which file waits for which comes from the network's records and their stacks).
 * - **DevTools' stack traces**, unless `keepStacks()` says the session's run keeps them. Puppeteer and
 *   Lighthouse switch DevTools' Runtime domain on in each tab they drive, and with it V8 records, for
 *   every Error the page creates, a stack trace with lines and columns. V8 keeps no line table for
 *   code it has not yet had to report on, so it parses the function that created the Error again to
 *   find one: React DOM creates its Errors as it starts, from a single function of 219 KB (its
 *   CommonJS module), and each load measured spent 80–250 ms of the low-tier phone's time in that
 *   parse, after the page had painted. A tab driven without the domain (timed with the Long
 *   Animation Frames API) spent none of it, and no phone has the domain on. Asking for stack traces
 *   of zero frames turns the recording off (V8 keeps that request for test tools that drive a
 *   browser through the domain): each session asks right after it switches the domain on. The
 *   largest request of the tab's sessions is the one V8 follows.
 */
export async function withoutDevToolsCosts(browser: Browser, keepStacks: () => boolean = () => false): Promise<void> {
  const probe = await browser.target().createCDPSession();
  // Every session of the connection is of this class: its `send` is where Runtime.enable goes out.
  const sessions = Object.getPrototypeOf(probe) as { send: Send; [LEAVES_COSTS_OUT]?: true };
  await probe.detach();
  if (sessions[LEAVES_COSTS_OUT]) return;
  const send = sessions.send;
  sessions.send = async function (this: CDPSession, method, ...rest) {
    const kept = keepStacks();
    if (method === 'Tracing.start') {
      const params = rest[0] as { categories?: string } | undefined;
      if (params?.categories)
        rest = [{ ...params, categories: withoutSourceText(params.categories) }, ...rest.slice(1)];
    }
    const answer = await send.call(this, method, ...rest);
    if (method === 'Runtime.enable' && !kept)
      await send.call(this, 'Runtime.setMaxCallStackSizeToCapture', { size: 0 });
    return answer;
  };
  sessions[LEAVES_COSTS_OUT] = true;
}

/** A phone by Lighthouse's benchmark index, as Chrome DevTools' calibrated throttling presets name them. */
export interface Phone {
  name: string;
  benchmarkIndex: number;
}

export const PHONES = {
  midTier: { name: 'a mid-tier phone (Pixel 5 class)', benchmarkIndex: 1000 },
  // Most of the app's customers: DevTools' "low-tier mobile" preset.
  lowTier: { name: 'a low-tier phone (Moto G4 class)', benchmarkIndex: 264 },
} as const satisfies Record<string, Phone>;

/** Benchmark runs whose median calibrates the slowdown, after one discarded. */
export const CALIBRATION_RUNS = 3;

/** How the CPU is slowed in this run: host ÷ phone from the median benchmark index, never below 1 (a host slower than the phone cannot be sped up). */
export interface Calibration {
  hostIndex: number;
  cpuSlowdown: number;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function calibrate(benchmarkIndexes: number[], phone: Phone): Calibration {
  const valid = benchmarkIndexes.filter((index) => Number.isFinite(index) && index > 0);
  if (valid.length === 0)
    throw new Error(`no benchmark index to calibrate the CPU slowdown from (${benchmarkIndexes.join(', ')})`);
  const hostIndex = median(valid);
  return { hostIndex, cpuSlowdown: Math.max(1, Math.round((hostIndex / phone.benchmarkIndex) * 100) / 100) };
}

/**
 * Reads the host's benchmark index `CALIBRATION_RUNS` times and calibrates from their median. The
 * first reading of a fresh Chrome is discarded, as DevTools warms V8 up before it calibrates.
 */
export async function calibrateHost(
  readIndex: () => Promise<number>,
  phone: Phone,
): Promise<Calibration & { indexes: number[] }> {
  const indexes: number[] = [];
  for (let i = 0; i <= CALIBRATION_RUNS; i += 1) {
    const index = await readIndex();
    if (i > 0) indexes.push(index);
  }
  return { ...calibrate(indexes, phone), indexes };
}

/** The line printed above a table: how much the CPU was slowed, from which readings of the host, to which phone. */
export function describeSlowdown(indexes: number[], cpuSlowdown: number, phone: Phone, fixed: boolean): string {
  const hostIndex = median(indexes);
  const how = fixed ? ' (fixed by --cpu-slowdown, not calibrated)' : '';
  return (
    `CPU slowed ${cpuSlowdown}×${how}: this host's benchmark index ${Math.round(hostIndex)} ` +
    `(median of ${indexes.map(Math.round).join(', ')}), ` +
    `÷ ${cpuSlowdown} = ${Math.round(hostIndex / cpuSlowdown)} against ${phone.name}'s ${phone.benchmarkIndex}` +
    (hostIndex < phone.benchmarkIndex
      ? " (this host is slower than that phone: not slowed, and every figure is worse than the phone's)"
      : '')
  );
}

/**
 * Puts this process and the browser it launches on one footing, so that the page measured gets the
 * CPU as a page would. Run as root, Chrome raises its own display threads (the browser's, the GPU
 * process's compositor) above the page's main thread, and under Lighthouse they are busy taking a
 * screenshot of every frame: a task of the page's then took two to three times its CPU time in wall
 * time, which the simulated throttling multiplies by the slowdown. A user's Chrome may not raise
 * them. This process drops to nice 5 (the servers it starts go below it, startServer), and the
 * returned path runs `chromePath` at that priority without the right to raise any of its threads
 * (util-linux's setpriv; where there is none, Chrome runs as it would have).
 *
 * The page's threads are then raised above all of that (`raisePageThreads`): a phone runs its main
 * thread on a core of its own among four to eight, where this host has two for everything. And
 * where Linux shares the CPU between sessions first (its autogroups), this process's session yields
 * to Chrome's (`yieldToBrowserSession`). `release` stops watching for Chrome's renderers and puts
 * the session back.
 */
export function browserAtPageFooting(chromePath: string, scratch: string): { path: string; release: () => void } {
  setPriority(PAGE_NICE);
  const restoreSession = yieldToBrowserSession();
  const stopRaising = raisePageThreads(process.pid);
  const release = () => {
    stopRaising();
    restoreSession();
  };
  if (spawnSync('setpriv', ['--version']).status !== 0) return { path: chromePath, release };
  const wrapper = join(scratch, 'chrome-at-page-footing.sh');
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice ${JSON.stringify(chromePath)} "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  return { path: wrapper, release };
}

/** The priority (nice value) of the measuring process and its browser; the servers run below it. */
const PAGE_NICE = 5;

/** Where Linux says whether it shares the CPU between sessions before the threads within them. */
const AUTOGROUP_SWITCH = '/proc/sys/kernel/sched_autogroup_enabled';

/**
 * The weight of this process's session (Lighthouse, the servers) against Chrome's, which its
 * launcher starts in a session of its own: as a nice value, 10 gives Chrome's session about nine
 * tenths of a contended core. Without it the two sessions shared a core half and half whatever
 * their threads' priorities, and the page's raised thread waited up to 3 ms at a time, in the middle
 * of a task, behind Lighthouse's process (seen with `perf sched`).
 */
export const MEASURING_SESSION_NICE = 10;

/**
 * Lowers this process's session (its autogroup, with every process of the session but Chrome)
 * below Chrome's, where the kernel groups by session; anyone may lower their own. Answers the
 * function that puts the session back as it was (the shell that started the measurement is in it
 * too), or nothing to do where the kernel does not group.
 */
export function yieldToBrowserSession(): () => void {
  const group = '/proc/self/autogroup';
  if (readOr(AUTOGROUP_SWITCH)?.trim() !== '1') return () => {};
  // "/autogroup-85 nice 0": going back to a nice of 0 or more needs no right.
  const before = /nice (-?\d+)/.exec(readOr(group) ?? '')?.[1];
  try {
    writeFileSync(group, String(MEASURING_SESSION_NICE));
  } catch (error) {
    console.warn(`This process's session could not yield to the browser's (${String(error)}).`);
    return () => {};
  }
  return () => {
    if (before !== undefined) writeFileSync(group, before);
  };
}

/**
 * The priority of each page's threads: ten steps above the rest of the browser, so that on this
 * host's two cores the page's tasks run when they are ready instead of waiting behind the browser's
 * threads, Lighthouse and the servers (a trace showed the dashboard's tasks on the CPU for half of
 * their wall time, which the simulation multiplies; raised, four fifths). All of the renderer's
 * threads, not its main thread alone: the main thread waits on locks its IO thread and workers
 * hold, and one of them left below would hold it up in turn. Needs root.
 */
export const PAGE_THREAD_NICE = PAGE_NICE - 10;

/** How often /proc is read for new renderers: well within a page's time to its first paint. */
const RENDERER_POLL_MS = 20;

/** How many parents up a renderer is looked for from the measuring process (shell, setpriv, Chrome, zygote). */
const RENDERER_DEPTH = 6;

/**
 * Raises every thread of every renderer started under `ancestor` to `PAGE_THREAD_NICE`, those it
 * starts later too, and keeps them there: Chrome lowers a tab it counts as in the background and,
 * without the right, cannot raise it back. Returns the function that stops. Where the priority
 * cannot be raised (not root), says so once and leaves the pages as they are.
 */
export function raisePageThreads(ancestor: number): () => void {
  const renderers = new Set<number>();
  const others = new Set<number>();
  const timer = setInterval(() => {
    const running = new Set(
      readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number),
    );
    for (const known of [renderers, others]) for (const pid of known) if (!running.has(pid)) known.delete(pid);
    for (const pid of running) {
      if (renderers.has(pid) || others.has(pid)) continue;
      const commandLine = readOr(`/proc/${pid}/cmdline`);
      // A renderer is forked from Chrome's zygote and renames itself after: read again next time.
      if (commandLine === undefined || commandLine.includes('--type=zygote')) continue;
      (commandLine.includes('--type=renderer') && descendsFrom(pid, ancestor) ? renderers : others).add(pid);
    }
    for (const pid of renderers)
      for (const thread of listOr(`/proc/${pid}/task`)) if (!raisePageThread(Number(thread))) return stop();
  }, RENDERER_POLL_MS);
  const stop = () => clearInterval(timer);
  return stop;
}

/** Sets thread `pid` to the page's priority; false (said once) where this process may not. */
export function raisePageThread(pid: number): boolean {
  try {
    if (getPriority(pid) !== PAGE_THREAD_NICE) setPriority(pid, PAGE_THREAD_NICE);
    return true;
  } catch (error) {
    // A renderer that has ended since /proc was read (Node's system error holds the errno's name in `info`).
    if ((error as { info?: { code?: string } }).info?.code === 'ESRCH') return true;
    console.warn(`The page's threads could not be raised above the browser's (${String(error)}): run as root.`);
    return false;
  }
}

/** Whether `ancestor` is among the first `RENDERER_DEPTH` parents of `pid`. */
function descendsFrom(pid: number, ancestor: number): boolean {
  let current = pid;
  for (let depth = 0; depth < RENDERER_DEPTH && current > 1; depth += 1) {
    // The parent's id is the fourth field of stat, after the name in parentheses (which may hold spaces).
    const stat = readOr(`/proc/${current}/stat`);
    if (stat === undefined) return false;
    current = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (current === ancestor) return true;
  }
  return false;
}

/** A folder's entries, or none when its process has gone. */
function listOr(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/** A file's text, or undefined when its process has gone. */
function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The build to serve, as an absolute path; the process ends with a hint when it has not been built. */
export function builtApp(dist: string): string {
  const path = resolve(dist);
  if (!existsSync(join(path, 'index.html'))) {
    console.error(`${dist}/index.html not found: run \`npm run build\` first.`);
    process.exit(1);
  }
  return path;
}

/**
 * The browser to measure with; the process ends with a hint when there is none (a fresh machine has
 * none until `npm test` installs it), rather than failing later to reach a browser that never started.
 */
export function installedBrowser(path: string): string {
  if (!existsSync(path)) {
    console.error(
      `No Chromium at ${path}: \`npm test -- lighthouse\` installs one first, or pass another with --chrome (or CHROME_PATH).`,
    );
    process.exit(1);
  }
  return path;
}

/** How far below the measuring process (in nice steps) the servers run. */
const SERVER_NICE_BELOW = 10;

/** The real server on `listenPort`, serving `staticDir`, on a database of its own; resolves once it answers. */
export async function startServer(listenPort: number, staticDir: string, dataDir: string): Promise<ChildProcess> {
  // At a lower priority than the browser: the phone measured does not run our server, so the
  // server's work must not take the CPU from the page's on this host's few cores.
  const server = spawn('nice', ['-n', String(SERVER_NICE_BELOW), resolve('node_modules/.bin/tsx'), 'server/main.ts'], {
    env: {
      ...process.env,
      // Development mode seeds the demo account on the empty database.
      APP_MODE: 'development',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its development warnings are expected; they are shown only when it fails to start.
  let log = '';
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server on port ${listenPort} exited with ${server.exitCode}:\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${listenPort}/`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`the server on port ${listenPort} did not answer within 120 s:\n${log}`);
}

/** Stops the servers and waits for them to exit, so that their temporary databases can be removed. */
export async function stopServers(servers: readonly ChildProcess[]): Promise<void> {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(
    servers.map((server) => new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(null)))),
  );
}

/** Signs the demo account in through the login form, as a person would; the session stays in the profile's storage. */
export async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"]').fill(DEMO_ACCOUNT.email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_ACCOUNT.password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 }),
    page.locator('form button[type="submit"]').click(),
  ]);
  await page.goto('about:blank');
}
