import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, ResetLinkStatus, SetPinRequest, UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { setPinMachine } from '../../../src/machines/account/setPin';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { noPinYet, saved, setPinModel, tokenOf, user } from '../../../testkit/models/account/setPin.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  failsWithToast,
  itWalkedEveryTransition,
  navigation,
  pathTitle,
  settled,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const coverage = createTransitionCoverage(setPinMachine);

describe('setPinMachine (model-based)', () => {
  for (const traversal of setPinModel.traversals) {
    const token = tokenOf(traversal);

    describe(traversal.label, () => {
      for (const path of shortestPaths(setPinModel, traversal)) {
        it(pathTitle(path), async () => {
          const request = deferredActor<Envelope<UserData>, { request: SetPinRequest; token?: string }>();
          const check = deferredActor<Envelope<ResetLinkStatus>, { token: string }>();
          const session = createTestSession(token ? {} : { email: 'ada@example.com', token: 'old-session' });
          const actor = createActor(
            setPinMachine.provide({ actors: { setPin: request.logic, checkResetLink: check.logic } }),
            {
              input: { session: session.actor, token },
              inspect: coverage.inspect,
            },
          );
          const effects = effectLog(actor);
          actor.start();
          const sessionUser = () => session.actor.getSnapshot().context.user;
          const emailBefore = sessionUser().email;

          await path.test({
            events: {
              'pin.change': ({ event }) => void actor.send(event as { type: 'pin.change'; values: string[] }),
              'pin.submit': ({ state }) => {
                // The match is the server's to check; the client only wants every box filled.
                effects.expect(state.matches('editing') ? [errorToast(messages.allFormFieldsRequired)] : []);
                actor.send({ type: 'pin.submit' });
              },
              'xstate.done.actor.setPin': async () => {
                effects.expect([successToast(saved.message), navigation('/dashboard')]);
                request.last.resolve(saved);
                await settled();
                // Signed in with what the server answered: a new session when a reset token authorised it.
                expect(session.actor.getSnapshot().matches('signedIn')).toBe(true);
                expect(sessionUser()).toMatchObject({ email: user.email, token: user.token, pin: user.pin });
                expect(session.saved.at(-1)).toEqual(sessionUser());
              },
              'xstate.done.actor.checkResetLink': async ({ event }) => {
                expect(check.last.input).toEqual({ token });
                check.last.resolve((event as unknown as { output: Envelope<ResetLinkStatus> }).output);
                await settled();
              },
              'xstate.error.actor.checkResetLink': failsWithToast(effects, () => check.last),
              'xstate.error.actor.setPin': failsWithToast(effects, () => request.last),
            },
            states: {
              '*': (expected) => {
                const snapshot = expectStep(actor, expected, effects);
                if (expected.matches('submitting')) {
                  expect(request.last.input).toEqual({ request: { pin: '2580', confirm_pin: '2580' }, token });
                }
                if (!expected.matches('done')) expect(sessionUser().email).toBe(emailBefore);
                // pinKept is final too: the screen leads to /login, and nothing is signed in.
                expect(snapshot.status).toBe(
                  expected.matches('done') || expected.matches('pinKept') ? 'done' : 'active',
                );
              },
            },
          });
          actor.stop();
          session.actor.stop();
        });
      }
    });
  }

  itWalkedEveryTransition('setPinMachine', coverage, setPinModel.transitions);
});

describe('setPinMachine, typing while a reset link is checked', () => {
  it('keeps the digits typed before the check answers, and sends them', async () => {
    const request = deferredActor<Envelope<UserData>, { request: SetPinRequest; token?: string }>();
    const check = deferredActor<Envelope<ResetLinkStatus>, { token: string }>();
    const session = createTestSession({});
    const actor = createActor(
      setPinMachine.provide({ actors: { setPin: request.logic, checkResetLink: check.logic } }),
      { input: { session: session.actor, token: 'reset-token' } },
    ).start();
    expect(actor.getSnapshot().matches('checkingLink')).toBe(true);
    const typed = ['1', '3', '5', '7', '1', '3', '5', '7'];
    actor.send({ type: 'pin.change', values: typed });
    check.last.resolve(noPinYet);
    await settled();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.code).toEqual(typed);
    actor.send({ type: 'pin.submit' });
    expect(request.last.input).toEqual({ request: { pin: '1357', confirm_pin: '1357' }, token: 'reset-token' });
    actor.stop();
    session.actor.stop();
  });
});
