import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { logoutMachine, type LogoutEvent } from '../../../src/machines/account/logout';
import type { SessionUser } from '../../../src/domain/account/user';
import { logoutModel } from '../../../testkit/models/account/logout.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { adaWithPin as ada } from '../../../testkit/fixtures';
import { effectLog, expectStep, itWalkedEveryTransition, navigation, pathTitle } from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const coverage = createTransitionCoverage(logoutMachine);
const [traversal] = logoutModel.traversals;

describe('logoutMachine (model-based)', () => {
  for (const path of shortestPaths(logoutModel, traversal)) {
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
            const snapshot = expectStep(actor, expected, effects);
            // Only a confirmed logout touches the session: then every stored field is emptied.
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

  itWalkedEveryTransition('logoutMachine', coverage, logoutModel.transitions);
});
