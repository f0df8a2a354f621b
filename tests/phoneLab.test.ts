import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_THREAD_NICE, raisePageThread, raisePageThreads } from '../scripts/phoneLab';

/** A stand-in process named like one of Chrome's (`--type=renderer` or another), started by this one. */
async function fakeChromeProcess(type: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', `--type=${type}`], {
    stdio: 'ignore',
  });
  children.push(child);
  const pid = child.pid!;
  // Named as it will be once it has started (Chrome's renderers, forked, are read again until then).
  await vi.waitFor(() => expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain(`--type=${type}`));
  return pid;
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

describe('the page’s main thread above the rest of the browser', () => {
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    for (const child of children.splice(0)) child.kill();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('raises a renderer started under the measurement, raises it again when lowered, and leaves the others', async () => {
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
    expect(getPriority(renderer)).toBe(PAGE_THREAD_NICE);
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
