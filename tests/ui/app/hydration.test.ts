// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appRuns,
  hydrationEnds,
  hydrationStarts,
  startAfterScreen,
  startSoon,
  whenAppIdle,
} from '../../../src/ui/app/hydration';
import { nextTask } from '../../../core/nextTask';

/** Two tasks: the screen's start runs in the first, and what waited for the screen after it. */
const tasksRun = async () => {
  await nextTask();
  await nextTask();
};

describe('the starts of a hydrated page', () => {
  afterEach(() => hydrationEnds());

  it('on a page already running, the session and a machine start at once', () => {
    const started: string[] = [];
    startAfterScreen(() => started.push('session'));
    startSoon(() => started.push('screen'));
    expect(started).toEqual(['session', 'screen']);
  });

  it('while hydrating, the session starts after the screen is React’s and its machines have started', async () => {
    const started: string[] = [];
    hydrationStarts();
    // The session's frame is hydrated first, the screen later, in a pass of its own.
    startAfterScreen(() => started.push('session'));
    await tasksRun();
    expect(started).toEqual([]);
    startSoon(() => started.push('screen'));
    hydrationEnds();
    expect(started).toEqual([]);
    await tasksRun();
    expect(started).toEqual(['screen', 'session']);
  });

  it.each([
    ['before the screen is React’s', true],
    ['once the screen is React’s, before its task', false],
  ])('a start cancelled %s never runs', async (_when, beforeScreen) => {
    const started: string[] = [];
    hydrationStarts();
    const cancel = startAfterScreen(() => started.push('session'));
    if (beforeScreen) cancel();
    hydrationEnds();
    if (!beforeScreen) cancel();
    await tasksRun();
    expect(started).toEqual([]);
  });
});

describe('work the first screen does not need', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the app to run, then for the browser to be idle, and runs once', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBeGreaterThan(0);
      return idle.push(callback);
    });
    const run = vi.fn();
    whenAppIdle(run);
    expect(idle).toHaveLength(0);

    appRuns();
    expect(run).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(run).toHaveBeenCalledOnce();

    // The app runs again at every screen it opens: the work was the first one's.
    appRuns();
    expect(idle).toHaveLength(1);
  });

  it('where the browser cannot say it is idle, a second after the app runs', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const run = vi.fn();
    whenAppIdle(run);
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();

    appRuns();
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
  });
});
