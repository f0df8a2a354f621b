import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ChangePasswordRequest, Envelope } from '../../core/contract';
import { ApiError } from '../../src/api/http';
import { validateChangePassword } from '../../src/domain/validation';
import { changePasswordMachine, type ChangePasswordEvent } from '../../src/machines/changePassword';
import { createActorTestModel } from '../support/actorTestModel';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { deferredActor, effectLog, errorToast, expectStep, fillInOrder, keyApart, leaves, pathTitle, successToast } from './authFlowHarness';

const changed: Envelope = { type: 'success', message: 'password changed successfully' };
const wrongOldPassword = 'old password is not correct';
const empty = { old_password: '', new_password: '', confirm_new_password: '' };

const model = createActorTestModel(changePasswordMachine, [
  { type: 'password.change', field: 'old_password', value: 'Old-pass-1' },
  { type: 'password.change', field: 'new_password', value: 'N3w-secret' },
  { type: 'password.change', field: 'confirm_new_password', value: 'N3w-secret' },
  { type: 'password.change', field: 'confirm_new_password', value: 'N3w-secreT' },
  { type: 'xstate.done.actor.changePassword', output: changed },
  { type: 'xstate.error.actor.changePassword', error: wrongOldPassword },
]);
const coverage = createTransitionCoverage(changePasswordMachine);

const paths = model.getShortestPaths({
  filterEvents: fillInOrder('password.change', ['old_password', 'new_password', 'confirm_new_password']),
  serializeState: keyApart(model, ['password.submit']),
});

describe('changePasswordMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const request = deferredActor<Envelope, ChangePasswordRequest>();
      const actor = createActor(changePasswordMachine.provide({ actors: { changePassword: request.logic } }), {
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const send = (event: { type: string }) => actor.send(event as ChangePasswordEvent);

      expect(actor.getSnapshot().context.form).toEqual(empty);
      await path.test({
        events: {
          'password.change': ({ event }) => send(event),
          'password.submit': ({ event }) => {
            const rejection = validateChangePassword(actor.getSnapshot().context.form);
            effects.expect(rejection ? [errorToast(rejection)] : []);
            send(event);
          },
          'xstate.done.actor.changePassword': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope };
            expect(request.last.input).toEqual({ old_password: 'Old-pass-1', new_password: 'N3w-secret', confirm_new_password: 'N3w-secret' });
            effects.expect([successToast(output.message)]);
            request.last.resolve(output);
            await leaves(actor, 'submitting');
            // Passwords are not left on screen once changed.
            expect(actor.getSnapshot().context.form).toEqual(empty);
          },
          'xstate.error.actor.changePassword': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            const typed = actor.getSnapshot().context.form;
            // What `callOk` throws for a non-success envelope.
            request.last.reject(new ApiError({ type: 'error', message: error }));
            await leaves(actor, 'submitting');
            // A refused change keeps what was typed, to correct and try again.
            expect(actor.getSnapshot().context.form).toEqual(typed);
          },
        },
        states: {
          '*': (expected) => void expectStep(actor, expected, effects),
        },
      });
      actor.stop();
    });
  }

  // Declared last, so it runs after every path above.
  it('walked every transition of changePasswordMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(5);
  });
});
