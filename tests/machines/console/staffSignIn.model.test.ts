import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { SignInAnswer } from '../../../core/console';
import { ConsoleError } from '../../../src/api/console/calls';
import {
  ENTER_CODE,
  ENTER_CREDENTIALS,
  PASSKEY_NOT_USED,
  PASSWORDS_DIFFER,
  staffSignInMachine,
  type StaffSignInEvent,
} from '../../../src/machines/console/staffSignIn';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { staffSignInModel } from '../../../testkit/models/console/staffSignIn.model';
import { settleStep } from '../../support/consoleSteps';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  navigation,
  pathTitle,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const coverage = createTransitionCoverage(staffSignInMachine);

describe('staffSignInMachine (model-based)', () => {
  for (const traversal of staffSignInModel.traversals) {
    for (const path of shortestPaths(staffSignInModel, traversal)) {
      it(`${traversal.label}: ${pathTitle(path)}`, async () => {
        const signIn = deferredActor<SignInAnswer, { email: string; password: string }>();
        const accept = deferredActor<SignInAnswer, { invitation: string; password: string }>();
        const code = deferredActor<SignInAnswer, { code: string }>();
        const enrolment = deferredActor<void>();
        const passkey = deferredActor<SignInAnswer>();
        const actor = createActor(
          staffSignInMachine.provide({
            actors: {
              signIn: signIn.logic,
              acceptInvitation: accept.logic,
              submitCode: code.logic,
              enrolment: enrolment.logic as never,
              usePasskey: passkey.logic,
            },
          }),
          {
            input: traversal.options.input as { invitation: string | null },
            inspect: coverage.inspect,
          },
        ).start();
        const effects = effectLog(actor);
        const send = (event: AnyEventObject) => actor.send(event as StaffSignInEvent);
        const settle = settleStep(actor, effects);

        await path.test({
          events: {
            'signIn.change': ({ event }) => send(event),
            'signIn.restart': ({ event }) => send(event),
            'signIn.passkey': ({ event }) => send(event),
            'xstate.done.actor.usePasskey': ({ event }) => {
              effects.expect([navigation('/')]);
              return settle(passkey.last, event, 'checkingPasskey');
            },
            // A closed prompt is told in our words; the server's refusals in its own.
            'xstate.error.actor.usePasskey': async ({ event }) => {
              const { error } = event as unknown as { error: Error };
              effects.expect([errorToast(error.name === 'NotAllowedError' ? PASSKEY_NOT_USED : error.message)]);
              passkey.last.reject(error);
              await leaves(actor, 'checkingPasskey');
            },
            'signIn.submit': ({ event }) => {
              const { value, context } = actor.getSnapshot();
              const refusal =
                value === 'credentials'
                  ? context.email.trim() && context.password
                    ? null
                    : ENTER_CREDENTIALS
                  : value === 'choosingPassword'
                    ? context.password && context.password === context.repeat
                      ? null
                      : PASSWORDS_DIFFER
                    : /^\d{6}$/.test(context.code)
                      ? null
                      : ENTER_CODE;
              effects.expect(refusal ? [errorToast(refusal)] : []);
              send(event);
              if (refusal) return;
              // What each step sends: the e-mail trimmed, the password as typed, the invitation with its new password, the code.
              if (value === 'credentials')
                expect(signIn.last.input).toEqual({ email: 'ada@ops.test', password: 'Ops-desk-2026!' });
              if (value === 'choosingPassword')
                expect(accept.last.input).toEqual({ invitation: context.invitation, password: 'Ops-desk-2026!' });
              if (value === 'secondFactor') expect(code.last.input).toEqual({ code: '492039' });
            },
            'xstate.done.actor.signIn': ({ event }) => settle(signIn.last, event, 'checkingPassword'),
            'xstate.error.actor.signIn': ({ event }) => settle(signIn.last, event, 'checkingPassword'),
            'xstate.done.actor.acceptInvitation': ({ event }) => settle(accept.last, event, 'acceptingInvitation'),
            'xstate.error.actor.acceptInvitation': ({ event }) => settle(accept.last, event, 'acceptingInvitation'),
            'xstate.done.actor.submitCode': ({ event }) => {
              effects.expect([navigation('/')]);
              return settle(code.last, event, 'checkingCode');
            },
            'xstate.error.actor.submitCode': ({ event }) => settle(code.last, event, 'checkingCode'),
            'xstate.done.actor.enrolment': async () => {
              effects.expect([navigation('/')]);
              enrolment.last.resolve();
              await leaves(actor, 'enrolling');
            },
          },
          states: {
            '*': (expected) => {
              const snapshot = expectStep(actor, expected, effects);
              // No password outlives its answer; a refused code is gone too (each is good once).
              if (
                !['credentials', 'choosingPassword', 'checkingPassword', 'acceptingInvitation'].includes(
                  String(snapshot.value),
                )
              )
                expect([snapshot.context.password, snapshot.context.repeat]).toEqual(['', '']);
            },
          },
        });
        actor.stop();
      });
    }
  }

  it('treats only a 401 as the end of the half-open session', () => {
    expect(new ConsoleError('x', 401).sessionEnded).toBe(true);
    expect(new ConsoleError('x', 403).sessionEnded).toBe(false);
  });

  itWalkedEveryTransition('staffSignInMachine', coverage, staffSignInModel.transitions);
});
