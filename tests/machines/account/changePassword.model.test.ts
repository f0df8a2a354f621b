import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ChangePasswordRequest, Envelope } from '../../../core/contract';
import { validateChangePassword } from '../../../src/domain/account/accountForms';
import { changePasswordMachine, type ChangePasswordEvent } from '../../../src/machines/account/changePassword';
import { changePasswordModel } from '../../../testkit/models/account/changePassword.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  acceptedByServer,
  deferredActor,
  effectLog,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  refusedByServer,
  submitChecked,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const empty = { old_password: '', new_password: '', confirm_new_password: '' };

const coverage = createTransitionCoverage(changePasswordMachine);
const [traversal] = changePasswordModel.traversals;

describe('changePasswordMachine (model-based)', () => {
  for (const path of shortestPaths(changePasswordModel, traversal)) {
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
          'password.submit': submitChecked(actor, effects, validateChangePassword),
          'xstate.done.actor.changePassword': acceptedByServer(actor, effects, () => request.last, {
            request: { old_password: 'Old-pass-1', new_password: 'N3w-secret', confirm_new_password: 'N3w-secret' },
            told: ({ output }) => [successToast(output.message)],
            // Passwords are not left on screen once changed.
            afterwards: () => expect(actor.getSnapshot().context.form).toEqual(empty),
          }),
          // A refused change keeps what was typed, to correct and try again.
          'xstate.error.actor.changePassword': refusedByServer(
            actor,
            effects,
            () => request.last,
            (before) => expect(actor.getSnapshot().context.form).toEqual(before.context.form),
          ),
        },
        states: {
          '*': (expected) => void expectStep(actor, expected, effects),
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('changePasswordMachine', coverage, changePasswordModel.transitions);
});
