import { describe, expect, it } from 'vitest';
import { formatLongTasks, longTasksOf, type TraceEvent } from '../scripts/longTasks';

const page = { pid: 7, tid: 1 };
const ms = (value: number) => value * 1000;
const task = (startMs: number, durationMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts: ms(startMs),
  dur: ms(durationMs),
  ...page,
});
const inside = (name: string, startMs: number, durationMs: number): TraceEvent => ({
  name,
  ph: 'X',
  ts: ms(startMs),
  dur: ms(durationMs),
  ...page,
});

/** A page that painted at 300 ms, then ran a module for 80 ms, then a short task, with V8 sampling it. */
const trace: TraceEvent[] = [
  { name: 'navigationStart', ph: 'R', ts: 0, ...page, args: { data: { isLoadingMainFrame: true } } },
  task(100, 120), // before the first paint: not counted
  { name: 'firstContentfulPaint', ph: 'R', ts: ms(300), ...page },
  task(400, 80),
  inside('v8.callFunction', 401, 70),
  inside('v8.evaluateModule', 402, 60),
  inside('MinorGC', 470, 9),
  task(600, 30),
  { name: 'RunTask', ph: 'X', ts: ms(400), dur: ms(200), pid: 7, tid: 2 }, // another thread
  { name: 'Profile', ph: 'P', ts: 0, id: '0x1', ...page, args: { data: { startTime: ms(400) } } },
  {
    name: 'ProfileChunk',
    ph: 'P',
    ts: ms(500),
    id: '0x1',
    ...page,
    args: {
      data: {
        cpuProfile: {
          nodes: [
            { id: 1, callFrame: { functionName: '(program)' } },
            {
              id: 2,
              callFrame: {
                functionName: 'hydrate',
                url: 'http://x/assets/react-dom.js',
                lineNumber: 0,
                columnNumber: 9,
              },
            },
          ],
          samples: [2, 2, 1],
        },
        timeDeltas: [ms(5), ms(10), ms(10)],
      },
    },
  },
  // The next chunk's deltas run on from the last sample (425 ms): 700 ms is outside every long task.
  {
    name: 'ProfileChunk',
    ph: 'P',
    ts: ms(800),
    id: '0x1',
    ...page,
    args: { data: { cpuProfile: { samples: [2] }, timeDeltas: [ms(275)] } },
  },
];

describe('the long tasks of a trace', () => {
  it('lists the main thread’s tasks over 50 ms after the first paint, with what ran inside them', () => {
    const found = longTasksOf(trace);
    expect(found.fcpMs).toBe(300);
    expect(found.tasks).toEqual([
      {
        startMs: 400,
        durationMs: 80,
        inside: [
          ['v8.evaluateModule', 60],
          ['MinorGC', 9],
        ],
        sampled: [
          ['hydrate react-dom.js:1:10', 2],
          ['(program)', 1],
        ],
      },
    ]);
  });

  it('prints each task and the blocking time TBT counts', () => {
    const report = formatLongTasks('login.trace.json', longTasksOf(trace));
    expect(report).toContain('login.trace.json: first paint at 300 ms, 1 long task(s) after it');
    expect(report).toMatch(
      /at 400 ms: 80 ms\n +60 ms {2}v8\.evaluateModule\n +9 ms {2}MinorGC\n +2 samples {2}hydrate react-dom\.js:1:10/,
    );
    expect(report).toContain('blocking time over 50 ms a task: 30 ms');
  });

  it('refuses a trace without a first paint', () => {
    expect(() => longTasksOf([task(0, 100)])).toThrow(/no first contentful paint/);
  });
});
