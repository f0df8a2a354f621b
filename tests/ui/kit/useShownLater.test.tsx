// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { nextTask } from '../../../core/nextTask';
import { useShownLater } from '../../../src/ui/kit/useShownLater';

/** Every draw of the parts, in order: which were shown. */
let draws: string[] = [];
function Parts({ ready }: { ready: boolean }) {
  const first = useShownLater(ready, 1);
  const second = useShownLater(ready, 2);
  draws.push(`${first ? 'first' : '-'} ${second ? 'second' : '-'}`);
  return (
    <>
      {first && <p>first part</p>}
      {second && <p>second part</p>}
    </>
  );
}

describe('useShownLater', () => {
  afterEach(() => {
    cleanup();
    draws = [];
  });

  it('shows nothing while not ready', async () => {
    render(<Parts ready={false} />);
    await act(nextTask);
    await act(nextTask);
    expect(screen.queryByText('first part')).toBeNull();
    expect(draws.every((draw) => draw === '- -')).toBe(true);
  });

  it('shows each part a task after the one before, never in the draw that made it ready', async () => {
    const { rerender } = render(<Parts ready={false} />);
    draws = [];
    rerender(<Parts ready />);
    expect(draws).toEqual(['- -']);
    await act(nextTask);
    expect(screen.getByText('first part')).toBeTruthy();
    expect(screen.queryByText('second part')).toBeNull();
    await act(nextTask);
    expect(screen.getByText('second part')).toBeTruthy();
    expect(draws).toEqual(['- -', 'first -', 'first second']);
  });

  it('hides the parts in the very draw that makes them not ready', async () => {
    const { rerender } = render(<Parts ready />);
    await act(nextTask);
    await act(nextTask);
    expect(screen.getByText('second part')).toBeTruthy();
    draws = [];
    rerender(<Parts ready={false} />);
    expect(draws[0]).toBe('- -');
    expect(screen.queryByText('first part')).toBeNull();
    // Ready again, it waits its task again.
    draws = [];
    rerender(<Parts ready />);
    expect(draws.at(-1)).toBe('- -');
    await act(nextTask);
    expect(screen.getByText('first part')).toBeTruthy();
  });

  it('does not show a part whose readiness ended before its task came', async () => {
    const { rerender } = render(<Parts ready />);
    rerender(<Parts ready={false} />);
    await act(nextTask);
    await act(nextTask);
    expect(screen.queryByText('first part')).toBeNull();
    expect(screen.queryByText('second part')).toBeNull();
  });

  it('waits one task or more', () => {
    expect(() => render(<Parts ready={false} />)).not.toThrow();
    function Zero() {
      useShownLater(true, 0);
      return null;
    }
    // React reports the render's error on the console as well as throwing it.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Zero />)).toThrow(/1 task or more, not 0/);
    } finally {
      quiet.mockRestore();
    }
  });
});
