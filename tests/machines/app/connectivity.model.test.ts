// @vitest-environment jsdom
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { connectivityMachine, type ConnectivityEvent } from '../../../src/machines/app/connectivity';
import { connectivityModel, traversalSession } from '../../../testkit/models/app/connectivity.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { effectLog, expectStep, itWalkedEveryTransition, pathTitle } from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const [traversal] = connectivityModel.traversals;
const coverage = createTransitionCoverage(connectivityMachine);

/** A session whose events are recorded as it is sent them. */
function recordingSession() {
  const session = createTestSession().actor;
  const sent: AnyEventObject[] = [];
  const send = session.send.bind(session);
  vi.spyOn(session, 'send').mockImplementation((event) => {
    sent.push(event);
    send(event);
  });
  return { sent, session };
}

describe('connectivityMachine (model-based)', () => {
  afterAll(() => traversalSession.stop());

  for (const path of shortestPaths(connectivityModel, traversal)) {
    it(pathTitle(path), async () => {
      const { sent, session } = recordingSession();
      const quiet = fromCallback<ConnectivityEvent>(() => () => undefined);
      const actor = createActor(connectivityMachine.provide({ actors: { watchNetwork: quiet } }), {
        input: { session },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      await path.test({
        events: {
          'network.offline': ({ event }) => {
            actor.send(event as ConnectivityEvent);
            expect(sent).toEqual([]);
          },
          'network.online': ({ event }) => {
            const wasOffline = actor.getSnapshot().matches('offline');
            actor.send(event as ConnectivityEvent);
            // Back online, the session polls at once; nothing was queued to be sent.
            expect(sent.splice(0)).toEqual(wasOffline ? [{ type: 'session.refresh' }] : []);
          },
        },
        states: { '*': (expected) => void expectStep(actor, expected, effects) },
      });
      actor.stop();
    });
  }

  describe("with the browser's own network events", () => {
    afterEach(() => vi.restoreAllMocks());

    it('starts from what the browser says, and follows its offline and online events', () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const { sent, session } = recordingSession();
      const actor = createActor(connectivityMachine, { input: { session } }).start();
      expect(actor.getSnapshot().value).toBe('offline');
      window.dispatchEvent(new Event('online'));
      expect(actor.getSnapshot().value).toBe('online');
      expect(sent).toEqual([{ type: 'session.refresh' }]);
      window.dispatchEvent(new Event('offline'));
      expect(actor.getSnapshot().value).toBe('offline');
      actor.stop();
      // Stopped, it no longer listens.
      window.dispatchEvent(new Event('online'));
      expect(actor.getSnapshot().value).toBe('offline');
    });
  });

  itWalkedEveryTransition('connectivityMachine', coverage, connectivityModel.transitions);
});
