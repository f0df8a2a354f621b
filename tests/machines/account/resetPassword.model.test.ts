import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, ResetRequest } from '../../../core/contract';
import { validateReset, type ResetForm } from '../../../src/domain/account/accountForms';
import { resetPasswordMachine, type ResetPasswordEvent } from '../../../src/machines/account/resetPassword';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { linkToken, resetPasswordModel, tokenOf } from '../../../testkit/models/account/resetPassword.model';
import {
  acceptedByServer,
  deferredActor,
  effectLog,
  expectStep,
  itWalkedEveryTransition,
  navigation,
  pathTitle,
  refusedByServer,
  submitChecked,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const coverage = createTransitionCoverage(resetPasswordMachine);

describe('resetPasswordMachine (model-based)', () => {
  for (const traversal of resetPasswordModel.traversals) {
    const token = tokenOf(traversal);

    describe(traversal.label, () => {
      for (const path of shortestPaths(resetPasswordModel, traversal)) {
        it(pathTitle(path), async () => {
          // Someone was logged in on this browser; a reset logs them out (it revoked every session).
          const { actor: session } = createTestSession({
            email: 'someone@example.com',
            token: 'old-session',
            email_verified_at: '2025-01-01',
          });
          const reset = deferredActor<Envelope, ResetRequest & { token: string }>();
          const actor = createActor(resetPasswordMachine.provide({ actors: { reset: reset.logic } }), {
            input: { session, token: token },
            inspect: coverage.inspect,
          }).start();
          const effects = effectLog(actor);
          const send = (event: { type: string }) => actor.send(event as ResetPasswordEvent);

          expect(actor.getSnapshot().value).toBe('editing');
          await path.test({
            events: {
              'reset.change': ({ event }) => send(event),
              'reset.submit': submitChecked(actor, effects, (form: ResetForm) =>
                token ? validateReset(form) : 'This reset link is invalid or has expired. Please request a new one.',
              ),
              'xstate.done.actor.reset': acceptedByServer(actor, effects, () => reset.last, {
                request: { new_password: 'N3w-secret', confirm_new_password: 'N3w-secret', token: linkToken },
                told: ({ output }) => [
                  successToast(output.message),
                  navigation(`/set-pin?token=${encodeURIComponent(linkToken)}`),
                ],
              }),
              'xstate.error.actor.reset': refusedByServer(actor, effects, () => reset.last),
            },
            states: {
              '*': (expected) => {
                const snapshot = expectStep(actor, expected, effects);
                expect(session.getSnapshot().matches('signedOut')).toBe(snapshot.matches('done'));
                if (snapshot.matches('done')) expect(session.getSnapshot().context.user.email).toBe('');
              },
            },
          });
          actor.stop();
          session.stop();
        });
      }
    });
  }

  itWalkedEveryTransition('resetPasswordMachine', coverage, resetPasswordModel.transitions);
});
