import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'puppeteer-core';
import {
  MEASURING_SESSION_NICE,
  PAGE_THREAD_NICE,
  raisePageThread,
  raisePageThreads,
  SOURCE_TEXT_CATEGORY,
  withoutDevToolsCosts,
  withoutSourceText,
} from '../scripts/phoneLab';

/**
 * A stand-in process named like one of Chrome's (`--type=renderer` or another), started by this
 * one, with a second thread as a renderer has its IO thread and workers.
 */
async function fakeChromeProcess(type: string): Promise<number> {
  const script =
    "const worker = new (require('node:worker_threads').Worker)('setInterval(() => {}, 1000)', { eval: true });" +
    "worker.once('online', () => console.log('online')); setInterval(() => {}, 1000);";
  const child = spawn(process.execPath, ['-e', script, '--', `--type=${type}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  // Once its second thread runs, it has the threads it will have, named as it will be named.
  await new Promise((online) => child.stdout!.once('data', online));
  return child.pid!;
}

const children: ChildProcess[] = [];
const stops: (() => void)[] = [];

/** Starts a watch under `ancestor` on a fake clock: `poll()` reads /proc once, as the timer would. */
function watch(ancestor: number) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  stops.push(raisePageThreads(ancestor));
  return { poll: () => vi.advanceTimersToNextTimer() };
}

/** Whether this process may raise another's priority (root may; others may only lower it). */
function mayRaise(pid: number): boolean {
  try {
    setPriority(pid, getPriority(pid) - 1);
    return true;
  } catch {
    return false;
  }
}

describe('the page’s threads above the rest of the browser', () => {
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    for (const child of children.splice(0)) child.kill();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('raises every thread of a renderer started under the measurement, again when lowered, and leaves the others', async () => {
    const renderer = await fakeChromeProcess('renderer');
    const utility = await fakeChromeProcess('utility');
    const utilityNice = getPriority(utility);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const raising = mayRaise(renderer);
    const { poll } = watch(process.pid);
    poll();
    if (!raising) {
      // Not root: said once, the watch stopped, nothing changed.
      poll();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(getPriority(utility)).toBe(utilityNice);
      return;
    }
    const threads = () => readdirSync(`/proc/${renderer}/task`).map(Number);
    // Its main thread and the worker's (Node's own threads too).
    expect(threads().length).toBeGreaterThan(1);
    for (const thread of threads()) expect(getPriority(thread)).toBe(PAGE_THREAD_NICE);
    // Chrome lowers a tab it counts as in the background; the next poll raises it back.
    setPriority(renderer, 10);
    poll();
    expect(getPriority(renderer)).toBe(PAGE_THREAD_NICE);
    expect(getPriority(utility)).toBe(utilityNice);
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves a renderer that is not under the measurement', async () => {
    const renderer = await fakeChromeProcess('renderer');
    const stranger = await fakeChromeProcess('utility');
    const nice = getPriority(renderer);
    // A watch under a process that started nothing.
    const { poll } = watch(stranger);
    poll();
    poll();
    expect(getPriority(renderer)).toBe(nice);
  });

  it('takes a renderer that has ended since /proc was read as nothing to raise', async () => {
    const pid = await fakeChromeProcess('renderer');
    const child = children.pop()!;
    await new Promise((exited) => child.once('exit', exited).kill());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(raisePageThread(pid)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('the measuring session beneath the browser’s', () => {
  it('lowers its own session where the kernel shares the CPU between sessions, no other, and puts it back', async () => {
    const before = readFileSync('/proc/self/autogroup', 'utf8');
    // A process of a session of its own (a session leader, as Chrome's launcher starts Chrome).
    const script =
      "import { readFileSync } from 'node:fs'; import { yieldToBrowserSession } from './scripts/phoneLab.ts';" +
      "const read = () => readFileSync('/proc/self/autogroup', 'utf8'); const restore = yieldToBrowserSession();" +
      'const during = read(); restore(); console.log(JSON.stringify([during, read()]));';
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const child = spawn(process.execPath, [tsx, '--eval', script], {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((exited) => child.once('exit', exited));
    const [during, after] = JSON.parse(out) as [string, string];
    const grouped = readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
    if (grouped) expect(during).toMatch(new RegExp(`nice ${MEASURING_SESSION_NICE}$`, 'm'));
    // A new session's group starts at nice 0, and is put back there.
    expect(after).toMatch(/nice 0$/m);
    expect(readFileSync('/proc/self/autogroup', 'utf8')).toBe(before);
  });
});

/**
 * A browser connection whose protocol sessions record what they send, in place of puppeteer's
 * (a class of its own for each test: the switch changes the class of the sessions it finds).
 */
function recordingBrowser() {
  const sent: [string, unknown][] = [];
  class Session {
    async send(method: string, params?: unknown) {
      sent.push([method, params]);
      return { sent: method };
    }
    async detach() {}
  }
  const browser = { target: () => ({ createCDPSession: async () => new Session() }) } as unknown as Browser;
  return { browser, sent, session: () => new Session() };
}

describe('the measured tab without DevTools’ stack traces or the trace’s script sources', () => {
  it('has every session ask for none right after it switches the Runtime domain on, and changes nothing else', async () => {
    const { browser, sent, session } = recordingBrowser();
    await withoutDevToolsCosts(browser);
    const tab = session();
    await expect(tab.send('Page.enable')).resolves.toEqual({ sent: 'Page.enable' });
    // The domain's own answer is what the caller gets.
    await expect(tab.send('Runtime.enable')).resolves.toEqual({ sent: 'Runtime.enable' });
    expect(sent).toEqual([
      ['Page.enable', undefined],
      ['Runtime.enable', undefined],
      ['Runtime.setMaxCallStackSizeToCapture', { size: 0 }],
    ]);
  });

  it('leaves the stack traces to a session that keeps them, asked as that session switches the domain on', async () => {
    const { browser, sent, session } = recordingBrowser();
    let keep = true;
    await withoutDevToolsCosts(browser, () => keep);
    await session().send('Runtime.enable');
    keep = false;
    await session().send('Runtime.enable');
    expect(sent.map(([method]) => method)).toEqual([
      'Runtime.enable',
      'Runtime.enable',
      'Runtime.setMaxCallStackSizeToCapture',
    ]);
  });

  it('starts a trace without the scripts’ source text, keeping every other category and option', async () => {
    const { browser, sent, session } = recordingBrowser();
    await withoutDevToolsCosts(browser);
    const categories = [
      '-*',
      'devtools.timeline',
      'disabled-by-default-devtools.v8-source-rundown',
      SOURCE_TEXT_CATEGORY,
    ];
    await session().send('Tracing.start', { categories: categories.join(','), options: 'sampling-frequency=10000' });
    expect(sent).toEqual([
      [
        'Tracing.start',
        {
          categories: '-*,devtools.timeline,disabled-by-default-devtools.v8-source-rundown',
          options: 'sampling-frequency=10000',
        },
      ],
    ]);
  });

  it('starts the trace without the source text in a run that keeps the stack traces too', async () => {
    const { browser, sent, session } = recordingBrowser();
    await withoutDevToolsCosts(browser, () => true);
    await session().send('Tracing.start', { categories: `devtools.timeline,${SOURCE_TEXT_CATEGORY}` });
    await session().send('Runtime.enable');
    expect(sent).toEqual([
      ['Tracing.start', { categories: 'devtools.timeline' }],
      ['Runtime.enable', undefined],
    ]);
  });

  it('drops only the source text category, wherever it stands in the list', () => {
    expect(withoutSourceText(`${SOURCE_TEXT_CATEGORY},loading`)).toBe('loading');
    expect(withoutSourceText(`loading, ${SOURCE_TEXT_CATEGORY}`)).toBe('loading');
    expect(withoutSourceText('loading,disabled-by-default-devtools.v8-source-rundown')).toBe(
      'loading,disabled-by-default-devtools.v8-source-rundown',
    );
  });

  it('asks once per switch however many times the browser is set up', async () => {
    const { browser, sent, session } = recordingBrowser();
    await withoutDevToolsCosts(browser);
    await withoutDevToolsCosts(browser);
    await session().send('Runtime.enable');
    expect(sent.filter(([method]) => method === 'Runtime.setMaxCallStackSizeToCapture')).toHaveLength(1);
  });
});
