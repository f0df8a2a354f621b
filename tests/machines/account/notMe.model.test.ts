import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope } from '../../../core/contract';
import { notMeMachine } from '../../../src/machines/account/notMe';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { linkToken, notMeModel, secured, tokenOf } from '../../../testkit/models/account/notMe.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  failsWithToast,
  itWalkedEveryTransition,
  pathTitle,
  settled,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const coverage = createTransitionCoverage(notMeMachine);

/** What a link without its token says, in English. */
const incompleteLink =
  'This link is incomplete. Open it again from the e-mail, or choose a new password with “Forgot password?”.';

describe('notMeMachine (model-based)', () => {
  for (const traversal of notMeModel.traversals) {
    const token = tokenOf(traversal);

    describe(traversal.label, () => {
      for (const path of shortestPaths(notMeModel, traversal)) {
        it(pathTitle(path), async () => {
          // The owner may be signed in on this browser: the report signs them out here too.
          const { actor: session } = createTestSession({
            email: 'ada@example.com',
            token: 'a-session',
            email_verified_at: '2025-01-01',
          });
          const report = deferredActor<Envelope, { token: string }>();
          const actor = createActor(notMeMachine.provide({ actors: { reportNotMe: report.logic } }), {
            input: { session, token },
            inspect: coverage.inspect,
          }).start();
          const effects = effectLog(actor);

          await path.test({
            events: {
              'notMe.report': ({ state }) => {
                effects.expect(state.matches('asking') && !token ? [errorToast(incompleteLink)] : []);
                actor.send({ type: 'notMe.report' });
              },
              'xstate.done.actor.reportNotMe': async () => {
                expect(report.last.input).toEqual({ token: linkToken });
                effects.expect([successToast(secured.message)]);
                report.last.resolve(secured);
                await settled();
              },
              'xstate.error.actor.reportNotMe': failsWithToast(effects, () => report.last),
            },
            states: {
              '*': (expected) => {
                const snapshot = expectStep(actor, expected, effects);
                expect(session.getSnapshot().matches('signedOut')).toBe(snapshot.matches('secured'));
              },
            },
          });
          actor.stop();
          session.stop();
        });
      }
    });
  }

  itWalkedEveryTransition('notMeMachine', coverage, notMeModel.transitions);
});
