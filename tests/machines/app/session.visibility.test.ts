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

  /** A signed-in session started on a page that is `state`, with the events it was sent. */
  function startedOn(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    const poll = deferredActor<PollResult>();
    const received: [unknown, string][] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: { poll: poll.logic },
        actions: { persistUser: () => undefined, revokeOnServer: () => undefined },
      }),
      {
        input: signedIn,
        inspect: (event) => {
          if (event.type === '@xstate.event') received.push([event.actorRef, event.event.type]);
        },
      },
    ).start();
    const heard = () => received.filter(([ref]) => ref === actor).map(([, type]) => type);
    return { actor, poll, heard };
  }

  it('costs the session no step at its start on a shown page, and tells it at once on a hidden one', async () => {
    const shown = startedOn('visible');
    // Only its own start: the page being shown is what it already holds.
    expect(shown.heard()).toEqual(['xstate.init']);
    pageBecomes('hidden');
    pageBecomes('visible');
    expect(shown.heard()).toEqual(['xstate.init', 'page.hide', 'page.show']);
    shown.actor.stop();

    const hidden = startedOn('hidden');
    expect(hidden.heard()).toEqual(['xstate.init', 'page.hide']);
    hidden.poll.last.resolve(polled);
    await settled();
    expect(hidden.actor.getSnapshot().matches({ signedIn: 'hidden' })).toBe(true);
    hidden.actor.stop();
  });

  it('hears the page shown again after a session signed out while it was hidden signs in on a shown page', async () => {
    const { actor, poll } = startedOn('visible');
    pageBecomes('hidden');
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().context.page_visible).toBe(false);
    pageBecomes('visible');
    actor.send({ type: 'session.login', data: { token: 'fresh', email: 'ada@example.com' } });
    // The session held the page as hidden: the watch tells it otherwise at once, so it polls on.
    expect(actor.getSnapshot().context.page_visible).toBe(true);
    poll.last.resolve(polled);
    await settled();
    expect(actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true);
    actor.stop();
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
