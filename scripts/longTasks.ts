// Where a page's long tasks go, read from the traces the Lighthouse gate keeps (`--reports dir`,
// with `--samples` for what code ran): each task of the page's main thread over 50 ms after its
// first paint (the ones TBT counts), when it began, how long it took, the browser's work inside it
// (compiling, running a module, layout, garbage collection…) and, where V8 sampled it, the
// functions it was running.
//
//   npm run long-tasks -- <trace.json>… [--over 50] [--top 6]
//
// A task's events nest (a function call inside a task, a collection inside the call): each event
// is counted at its own length, so the lines of one task add up to more than the task. Samples
// count the function at the top of the stack: the "(program)" line is the browser's own code.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
}

export interface LongTask {
  /** Milliseconds from the navigation's start. */
  startMs: number;
  durationMs: number;
  /** The browser's events inside the task, by name, each total in milliseconds, longest first. */
  inside: [string, number][];
  /** The sampled functions the task ran, by name, each a count of samples, most first. */
  sampled: [string, number][];
}

/** Events that only wrap others: counting them would repeat what they wrap. */
const WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'v8.callFunction', 'RunMicrotasks']);

/** The main thread's long tasks after the first paint, of one trace's events. */
export function longTasksOf(events: readonly TraceEvent[], overMs = 50): { fcpMs: number; tasks: LongTask[] } {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint');
  const start = events.find(
    (event) => event.name === 'navigationStart' && event.pid === fcp.pid && event.args?.data?.isLoadingMainFrame,
  );
  const origin = start?.ts ?? fcp.ts;
  const main = events.filter((event) => event.pid === fcp.pid && event.tid === fcp.tid && event.ph === 'X');
  const samples = samplesOf(events, fcp);
  const tasks = main
    .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > overMs * 1000 && event.ts > fcp.ts)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const within = (ts: number) => ts >= task.ts && ts <= end;
      const inside = tally(
        main.filter((event) => event !== task && !WRAPPERS.has(event.name) && within(event.ts)),
        (event) => [event.name, (event.dur ?? 0) / 1000],
      );
      const sampled = tally(
        samples.filter((sample) => within(sample.ts)),
        (sample) => [sample.frame, 1],
      );
      return { startMs: (task.ts - origin) / 1000, durationMs: (task.dur ?? 0) / 1000, inside, sampled };
    });
  return { fcpMs: (fcp.ts - origin) / 1000, tasks };
}

/** Adds up `measure`'s amounts by its names, largest first. */
function tally<T>(items: readonly T[], measure: (item: T) => [string, number]): [string, number][] {
  const totals = new Map<string, number>();
  for (const item of items) {
    const [name, amount] = measure(item);
    totals.set(name, (totals.get(name) ?? 0) + amount);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

interface ProfileNode {
  id: number;
  /** The browser's own frames ("(program)", "(garbage collector)") have no script, so no url. */
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

/**
 * V8's samples of the main thread (its Profile and ProfileChunk events), each with the function on
 * top of the stack. A chunk's time deltas run on from the previous chunk's last sample.
 */
function samplesOf(events: readonly TraceEvent[], thread: TraceEvent): { ts: number; frame: string }[] {
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === thread.pid && event.tid === thread.tid,
  );
  if (!profile) return [];
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; frame: string }[] = [];
  let ts = Number(profile.args?.data?.startTime ?? profile.ts);
  for (const event of events) {
    // Ids count from 1 in each process: another process's profile (the browser's own pages) has the same.
    if (event.name !== 'ProfileChunk' || event.id !== profile.id || event.pid !== profile.pid) continue;
    const data = event.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      ts += data.timeDeltas?.[i] ?? 0;
      samples.push({ ts, frame: frameName(nodes.get(id)) });
    });
  }
  return samples;
}

function frameName(node: ProfileNode | undefined): string {
  if (!node) return '?';
  const { functionName, url, lineNumber = 0, columnNumber = 0 } = node.callFrame;
  const file = url?.split('/').pop();
  return file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}` : functionName;
}

/** The report of one trace: a line per task and, under it, what took its time. */
export function formatLongTasks(name: string, found: ReturnType<typeof longTasksOf>, top = 6): string {
  const blocking = found.tasks.reduce((sum, task) => sum + Math.max(0, task.durationMs - 50), 0);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [`${name}: first paint at ${ms(found.fcpMs)}, ${found.tasks.length} long task(s) after it`];
  for (const task of found.tasks) {
    lines.push(`  at ${ms(task.startMs)}: ${ms(task.durationMs)}`);
    const weighty = task.inside.filter(([, total]) => total >= 0.5);
    for (const [event, total] of weighty.slice(0, top)) lines.push(`      ${ms(total).padStart(7)}  ${event}`);
    for (const [frame, count] of task.sampled.slice(0, top))
      lines.push(`      ${String(count).padStart(4)} samples  ${frame}`);
  }
  lines.push(`  blocking time over 50 ms a task: ${ms(blocking)}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { over: { type: 'string', default: '50' }, top: { type: 'string', default: '6' } },
  });
  if (positionals.length === 0) throw new Error('name one or more traces (a --reports folder of the Lighthouse gate)');
  for (const file of positionals) {
    const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
    console.log(formatLongTasks(basename(file), longTasksOf(events, Number(values.over)), Number(values.top)));
  }
}
