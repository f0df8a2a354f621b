import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, ResetRequest } from '../../core/contract';
import { validateReset, type ResetForm } from '../../src/domain/validation';
import { INVALID_RESET_LINK, resetPasswordMachine, type ResetPasswordEvent } from '../../src/machines/resetPassword';
import { acceptedByServer, createActorTestModel, createTransitionCoverage, deferredActor, effectLog, expectStep, fillInOrder, itWalkedEveryTransition, keyApart, navigation, pathTitle, refusedByServer, submitChecked, successToast } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

// Characters a query value must escape, to prove the token survives the trip to /set-pin.
const linkToken = 'rst/4+k=';
const passwordReset: Envelope = { type: 'success', message: 'Your password has been reset. Now set your transaction pin.' };
const expiredLink = 'This reset link has expired.';

const model = createActorTestModel(resetPasswordMachine, [
  { type: 'reset.change', field: 'new_password', value: 'N3w-secret' },
  { type: 'reset.change', field: 'confirm_new_password', value: 'N3w-secret' },
  { type: 'reset.change', field: 'confirm_new_password', value: 'N3w-secreT' },
  { type: 'xstate.done.actor.reset', output: passwordReset },
  { type: 'xstate.error.actor.reset', error: expiredLink },
]);
const coverage = createTransitionCoverage(resetPasswordMachine);

const traversal = {
  filterEvents: fillInOrder('reset.change', ['new_password', 'confirm_new_password']),
  serializeState: keyApart(model, ['reset.submit']),
};
const traversalSession = createTestSession().actor;
/** A link as e-mailed, and one whose token got lost (a truncated or hand-typed URL). */
const links = [
  { name: 'with a token', token: linkToken, paths: model.getShortestPaths({ ...traversal, input: { session: traversalSession, token: linkToken } }) },
  { name: 'without a token', token: null, paths: model.getShortestPaths({ ...traversal, input: { session: traversalSession, token: null } }) },
];

describe('resetPasswordMachine (model-based)', () => {
  for (const link of links) {
    describe(`a link ${link.name}`, () => {
      for (const path of link.paths) {
        it(pathTitle(path), async () => {
          // Someone was logged in on this browser; a reset logs them out (SPEC.md §4).
          const { actor: session } = createTestSession({ email: 'someone@example.com', token: 'old-session', email_verified_at: '2025-01-01' });
          const reset = deferredActor<Envelope, ResetRequest & { token: string }>();
          const actor = createActor(resetPasswordMachine.provide({ actors: { reset: reset.logic } }), {
            input: { session, token: link.token },
            inspect: coverage.inspect,
          }).start();
          const effects = effectLog(actor);
          const send = (event: { type: string }) => actor.send(event as ResetPasswordEvent);

          expect(actor.getSnapshot().value).toBe('editing');
          await path.test({
            events: {
              'reset.change': ({ event }) => send(event),
              'reset.submit': submitChecked(actor, effects, (form: ResetForm) => (link.token ? validateReset(form) : INVALID_RESET_LINK)),
              'xstate.done.actor.reset': acceptedByServer(actor, effects, () => reset.last, {
                request: { new_password: 'N3w-secret', confirm_new_password: 'N3w-secret', token: linkToken },
                told: ({ output }) => [successToast(output.message), navigation(`/set-pin?token=${encodeURIComponent(linkToken)}`)],
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

  itWalkedEveryTransition('resetPasswordMachine', coverage, 6);
});
