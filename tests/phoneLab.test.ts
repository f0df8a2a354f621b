import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { splitCores, watchRenderers } from '../scripts/phoneLab';

/** The CPUs a thread may run on, as the kernel lists them ("1", "0-2"). */
const cpusOf = (pid: number, thread: string) =>
  /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/task/${thread}/status`, 'utf8'))![1];

/** A stand-in renderer: named like Chrome's, it starts a thread of its own once it hears "go". */
function fakeRenderer(): ChildProcess {
  const script =
    "process.stdin.once('data', () => new (require('node:worker_threads').Worker)('setInterval(() => {}, 1000)', { eval: true }));" +
    'setInterval(() => {}, 1000);';
  return spawn(process.execPath, ['-e', script, '--', '--type=renderer'], { stdio: ['pipe', 'ignore', 'ignore'] });
}

describe('the page’s core', () => {
  const stops: (() => void)[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    for (const child of children.splice(0)) child.kill();
  });

  it('is the last core, the rest for everything else, on a host of two or more', () => {
    const count = availableParallelism();
    const cores = splitCores();
    if (count < 2) expect(cores).toBeUndefined();
    else expect(cores).toEqual({ page: count - 1, rest: count === 2 ? '0' : `0-${count - 2}` });
  });

  it('takes a renderer’s main thread alone: its other threads, later ones too, go to the rest', async () => {
    const cores = splitCores() ?? { page: 0, rest: '0' };
    const renderer = fakeRenderer();
    children.push(renderer);
    stops.push(watchRenderers(cores));
    const pid = renderer.pid!;
    await vi.waitFor(() => expect(cpusOf(pid, String(pid))).toBe(String(cores.page)), { timeout: 10_000 });
    const before = readdirSync(`/proc/${pid}/task`).length;
    renderer.stdin!.write('go');
    await vi.waitFor(
      () => {
        const threads = readdirSync(`/proc/${pid}/task`);
        expect(threads.length).toBeGreaterThan(before);
        for (const thread of threads)
          expect(cpusOf(pid, thread)).toBe(thread === String(pid) ? String(cores.page) : cores.rest);
      },
      { timeout: 10_000 },
    );
  });
});
