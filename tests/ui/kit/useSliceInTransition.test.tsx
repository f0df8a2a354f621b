// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { assign, createActor, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { useSliceInTransition } from '../../../src/ui/kit/useFlow';

const counter = setup({ types: { context: {} as { count: number; other: number } } }).createMachine({
  context: { count: 0, other: 0 },
  on: {
    'count.bump': { actions: assign({ count: ({ context }) => context.count + 1 }) },
    'other.bump': { actions: assign({ other: ({ context }) => context.other + 1 }) },
  },
});
type Counter = ActorRefFrom<typeof counter>;

let drawn: number[] = [];
function Slice({ actor, drawnWith }: { actor: Counter; drawnWith?: SnapshotFrom<typeof counter> }) {
  const count = useSliceInTransition(actor, (s) => s.context.count, Object.is, drawnWith);
  drawn.push(count);
  return <p data-testid="slice">{count}</p>;
}
function AtOnce({ actor }: { actor: Counter }) {
  return <p data-testid="at-once">{useSelector(actor, (s) => s.context.count)}</p>;
}
const shown = (id: string) => screen.getByTestId(id).textContent;

/** Lets queued promise callbacks run: React draws an external store's change in one of them. */
const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('useSliceInTransition', () => {
  afterEach(() => {
    cleanup();
    drawn = [];
    vi.unstubAllGlobals();
  });

  it("draws a change in a later task, not at once as an external store's change is drawn", async () => {
    const actor = createActor(counter).start();
    render(
      <>
        <Slice actor={actor} />
        <AtOnce actor={actor} />
      </>,
    );
    expect([shown('slice'), shown('at-once')]).toEqual(['0', '0']);
    // As in the browser: React schedules its own work, nothing flushes it for the test.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
    actor.send({ type: 'count.bump' });
    await microtasks();
    expect([shown('slice'), shown('at-once')]).toEqual(['0', '1']);
    await vi.waitFor(() => expect(shown('slice')).toBe('1'));
  });

  it('is not drawn again for a change outside its slice', async () => {
    const actor = createActor(counter).start();
    render(<Slice actor={actor} />);
    await act(async () => void actor.send({ type: 'other.bump' }));
    expect(drawn).toEqual([0]);
    await act(async () => void actor.send({ type: 'count.bump' }));
    expect(drawn).toEqual([0, 1]);
  });

  it('shows the snapshot a page was drawn with until the live slice differs, then the live one', async () => {
    const firstFrame = createActor(counter).getSnapshot();
    const actor = createActor(counter).start();
    actor.send({ type: 'count.bump' });
    await act(async () => void render(<Slice actor={actor} drawnWith={firstFrame} />));
    expect(drawn).toEqual([0, 1]);
    expect(shown('slice')).toBe('1');
  });

  it('keeps the first frame while the live slice is the same, then follows the actor', async () => {
    const firstFrame = createActor(counter).getSnapshot();
    const actor = createActor(counter).start();
    await act(async () => void render(<Slice actor={actor} drawnWith={firstFrame} />));
    expect(drawn).toEqual([0]);
    await act(async () => void actor.send({ type: 'count.bump' }));
    expect(shown('slice')).toBe('1');
  });

  it('stops listening when the view goes', async () => {
    const actor = createActor(counter).start();
    const { unmount } = render(<Slice actor={actor} />);
    unmount();
    await act(async () => void actor.send({ type: 'count.bump' }));
    expect(drawn).toEqual([0]);
  });
});
