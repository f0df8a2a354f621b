import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ChangePinRequest, Envelope, PinRefusal, UserData } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import { emptyCode } from '../../../src/domain/account/codes';
import * as messages from '../../../core/messages';
import { changePinMachine, type ChangePinEvent } from '../../../src/machines/account/changePin';
import type { SessionUser } from '../../../src/domain/account/user';
import {
  changed,
  changePinModel,
  filled,
  locked,
  loggedOut,
  wrongOldPin,
} from '../../../testkit/models/account/changePin.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { ada } from '../../../testkit/fixtures';
import {
  acceptedByServer,
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  navigation,
  pathTitle,
  refusedByServer,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const [traversal] = changePinModel.traversals;
const coverage = createTransitionCoverage(changePinMachine);

describe('changePinMachine (model-based)', () => {
  for (const path of shortestPaths(changePinModel, traversal)) {
    it(pathTitle(path), async () => {
      const { actor: session, saved } = createTestSession(ada);
      const request = deferredActor<Envelope<UserData>, ChangePinRequest>();
      const actor = createActor(changePinMachine.provide({ actors: { changePin: request.logic } }), {
        input: { session },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      let changedPin = false;

      await path.test({
        events: {
          'pin.change': ({ event }) =>
            void actor.send({ type: 'pin.change', values: (event as ChangePinEvent & { values: string[] }).values }),
          'pin.submit': ({ state }) => {
            // The match is the server's to check; the client only wants every box filled.
            effects.expect(state.matches('editing') ? [errorToast(messages.allFormFieldsRequired)] : []);
            actor.send({ type: 'pin.submit' });
          },
          'xstate.done.actor.changePin': acceptedByServer(actor, effects, () => request.last, {
            request: { old_pin: '2580', new_pin: '1357', confirm_new_pin: '1357' },
            told: ({ output }) => [successToast(output.message)],
            afterwards: () => void (changedPin = true),
          }),
          'xstate.error.actor.changePin': async (step) => {
            const { error } = step.event as unknown as { error: string | ApiError };
            if (typeof error === 'string') return refusedByServer(actor, effects, () => request.last)(step);
            const reason = (error.envelope.data as PinRefusal).reason;
            // A wrong old pin past max_attempts ends as a purchase's does: the spec's words, then /login.
            effects.expect(
              reason === 'pin-logout'
                ? [errorToast(messages.pinNotCorrect), navigation('/login')]
                : [errorToast(error.message)],
            );
            request.last.reject(error);
            await leaves(actor, 'submitting');
            const context = session.getSnapshot().context;
            if (reason === 'pin-incorrect') expect(context).toMatchObject({ pin_attempts: 2, max_attempts: 3 });
            if (reason === 'pin-locked') expect(context.pin_locked).toBe(true);
            if (reason === 'pin-logout') expect(session.getSnapshot().matches('signedOut')).toBe(true);
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // The session holds the marker only, before and after: the new pin never reaches it (only the server holds pins).
            const loggedOutNow = snapshot.matches('signedOut');
            expect(session.getSnapshot().context.user.pin).toBe(loggedOutNow ? '' : 'set');
            expect(((saved.at(-1) as SessionUser | undefined) ?? ada).pin).toBe(loggedOutNow ? '' : 'set');
            if (changedPin) expect(saved).not.toHaveLength(0);
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  it('empties the boxes after an answer, whatever it is', async () => {
    for (const settle of ['resolve', 'reject', 'wrong pin', 'locked', 'logged out'] as const) {
      const { actor: session } = createTestSession(ada);
      const request = deferredActor<Envelope<UserData>, ChangePinRequest>();
      const actor = createActor(changePinMachine.provide({ actors: { changePin: request.logic } }), {
        input: { session },
      }).start();
      actor.send({ type: 'pin.change', values: filled });
      actor.send({ type: 'pin.submit' });
      if (settle === 'resolve') request.last.resolve(changed);
      else if (settle === 'reject')
        request.last.reject(new ApiError({ type: 'error', message: 'old pin is not correct' }));
      else request.last.reject({ 'wrong pin': wrongOldPin, locked, 'logged out': loggedOut }[settle]);
      await leaves(actor, 'submitting');
      expect(actor.getSnapshot().context.code).toEqual(emptyCode(12));
      actor.stop();
      session.stop();
    }
  });

  itWalkedEveryTransition('changePinMachine', coverage, changePinModel.transitions);
});
