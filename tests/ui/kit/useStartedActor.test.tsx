// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLayoutEffect } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { assign, setup, type Actor } from 'xstate';
import { useStartedActor } from '../../../src/ui/kit/useFlow';
import { hydrationEnds, hydrationStarts } from '../../../src/ui/app/hydration';
import { nextTask } from '../../../core/nextTask';

const started = vi.fn();
const typed = setup({
  types: { context: {} as { text: string }, events: {} as { type: 'field.change'; value: string } },
  actions: { started },
}).createMachine({
  context: { text: '' },
  entry: 'started',
  on: { 'field.change': { actions: assign({ text: ({ event }) => event.value }) } },
});

let actor: Actor<typeof typed> | undefined;
const keep = (started: Actor<typeof typed>) => void (actor = started);
function Screen() {
  const started = useStartedActor(typed, {});
  useLayoutEffect(() => keep(started), [started]);
  return null;
}

describe('useStartedActor', () => {
  afterEach(() => {
    cleanup();
    hydrationEnds();
    started.mockClear();
    actor = undefined;
  });

  it('starts the actor as the view is committed, on a page already running', () => {
    render(<Screen />);
    expect(started).toHaveBeenCalledOnce();
  });

  it('while the page is hydrated, starts it in a task of its own, and takes in order what was sent before', async () => {
    hydrationStarts();
    render(<Screen />);
    expect(started).not.toHaveBeenCalled();
    actor!.send({ type: 'field.change', value: '08' });
    actor!.send({ type: 'field.change', value: '080' });
    expect(actor!.getSnapshot().context.text).toBe('');
    await act(nextTask);
    expect(started).toHaveBeenCalledOnce();
    expect(actor!.getSnapshot().context.text).toBe('080');
  });

  it('a new generation stops the actor and starts a fresh one under the same elements', () => {
    function Form({ generation }: { generation: string }) {
      const current = useStartedActor(typed, {}, generation);
      useLayoutEffect(() => keep(current), [current]);
      return <input aria-label="field" readOnly />;
    }
    const { rerender, getByLabelText } = render(<Form generation="frame" />);
    const first = actor!;
    const field = getByLabelText('field');
    first.send({ type: 'field.change', value: 'typed' });
    rerender(<Form generation="frame" />);
    expect(actor).toBe(first);
    rerender(<Form generation="user" />);
    expect(actor).not.toBe(first);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(actor!.getSnapshot()).toMatchObject({ status: 'active', context: { text: '' } });
    expect(started).toHaveBeenCalledTimes(2);
    // The same element: nothing of the view was drawn again.
    expect(getByLabelText('field')).toBe(field);
  });

  it('a view gone before its task never starts its actor', async () => {
    hydrationStarts();
    const { unmount } = render(<Screen />);
    unmount();
    await act(nextTask);
    expect(started).not.toHaveBeenCalled();
  });
});
