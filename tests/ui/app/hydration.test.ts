// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { hydrationEnds, hydrationStarts, startAfterScreen, startSoon } from '../../../src/ui/app/hydration';
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
