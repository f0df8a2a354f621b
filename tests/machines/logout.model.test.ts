import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { logoutMachine, type LogoutEvent } from '../../src/machines/logout';
import type { SessionUser } from '../../src/domain/user';
import { createActorTestModel } from '../support/actorTestModel';
import { createTestSession } from '../support/testSession';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { effectLog, navigation, pathTitle } from './authFlowHarness';

const ada = { name: 'Ada Obi', email: 'ada@example.com', token: 'session-token-1', pin: '2580' };

const model = createActorTestModel(logoutMachine);
const coverage = createTransitionCoverage(logoutMachine);
const paths = model.getShortestPaths({ input: { session: createTestSession(ada).actor } });

describe('logoutMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const { actor: session, saved } = createTestSession(ada);
      const actor = createActor(logoutMachine, { input: { session }, inspect: coverage.inspect }).start();
      const effects = effectLog(actor);

      await path.test({
        events: {
          'logout.request': ({ event }) => void actor.send(event as LogoutEvent),
          'logout.cancel': ({ event }) => void actor.send(event as LogoutEvent),
          'logout.confirm': ({ event }) => {
            effects.expect([navigation('/login')]);
            actor.send(event as LogoutEvent);
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = actor.getSnapshot();
            expect(snapshot.value).toEqual(expected.value);
            effects.check();
            // Only a confirmed logout touches the session: then every stored field is emptied (SPEC.md §4).
            const loggedOut = snapshot.matches('loggedOut');
            expect(snapshot.status).toBe(loggedOut ? 'done' : 'active');
            expect(session.getSnapshot().matches('signedOut')).toBe(loggedOut);
            expect(session.getSnapshot().context.user.email).toBe(loggedOut ? '' : ada.email);
            expect((saved.at(-1) as SessionUser | undefined)?.token).toBe(loggedOut ? '' : undefined);
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  // Declared last, so it runs after every path above.
  it('walked every transition of logoutMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(3);
  });
});
