// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { POLL_INTERVAL_MS } from '../../../core/limits';
import { watchVisibility } from '../../../src/api/kit/visibility';
import { sessionMachine, type PollResult } from '../../../src/machines/app/session';
import { polled, signedIn } from '../../../testkit/models/app/session.model';
import { deferredActor, settled } from '../../support/flowHarness';

/** What the browser says of the page, and the event it fires when that changes. */
function pageBecomes(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe("the page's visibility, as the browser tells it", () => {
  afterEach(() => pageBecomes('visible'));

  it('is told at once, then at every change, until unsubscribed', () => {
    const heard: boolean[] = [];
    const stop = watchVisibility((visible) => heard.push(visible));
    pageBecomes('hidden');
    pageBecomes('visible');
    stop();
    pageBecomes('hidden');
    expect(heard).toEqual([true, false, true]);
  });

  it("pauses the session's polls while the document is hidden, and catches up once when it is shown", async () => {
    const poll = deferredActor<PollResult>();
    const clock = new SimulatedClock();
    // The session's own visibility actor: only the poll and storage are stood in for.
    const actor = createActor(
      sessionMachine.provide({
        actors: { poll: poll.logic },
        actions: { persistUser: () => undefined, revokeOnServer: () => undefined },
      }),
      { input: signedIn, clock },
    ).start();
    poll.last.resolve(polled);
    await settled();
    pageBecomes('hidden');
    clock.increment(15 * POLL_INTERVAL_MS);
    expect(poll.count).toBe(1);
    pageBecomes('visible');
    expect(poll.count).toBe(2);
    actor.stop();
    // Signed out or stopped, the session no longer listens.
    pageBecomes('hidden');
    pageBecomes('visible');
    expect(poll.count).toBe(2);
  });
});
