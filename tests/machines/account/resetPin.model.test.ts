import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Envelope, ResetPinRequest } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { resetPinMachine, type ResetPinEvent } from '../../../src/machines/account/resetPin';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  COUNTDOWN_S,
  FROM,
  OTP,
  PASSWORD,
  PINS,
  reset,
  resetPinModel,
  sent,
} from '../../../testkit/models/account/resetPin.model';
import { adaWithPin } from '../../../testkit/fixtures';
import {
  countdownRuns,
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

const [traversal] = resetPinModel.traversals;
const coverage = createTransitionCoverage(resetPinMachine);

describe('resetPinMachine (model-based)', () => {
  for (const path of shortestPaths(resetPinModel, traversal)) {
    it(pathTitle(path), async () => {
      const askCode = deferredActor<Envelope>();
      const resetCall = deferredActor<Envelope, ResetPinRequest>();
      const session = createTestSession(adaWithPin);
      // Locked out of purchases, three wrong pins in: what a reset clears.
      session.actor.send({ type: 'session.update', data: { pin_attempts: 3, pin_locked: true } });
      const clock = new SimulatedClock();
      const actor = createActor(
        resetPinMachine.provide({ actors: { forgotPin: askCode.logic, resetPin: resetCall.logic } }),
        {
          clock,
          input: { session: session.actor, from: FROM, countdownSeconds: COUNTDOWN_S },
          inspect: coverage.inspect,
        },
      );
      const effects = effectLog(actor);
      actor.start();
      // Nothing is e-mailed before the user asks.
      expect(askCode.count).toBe(0);

      const codeSent = async () => {
        effects.expect([successToast(sent.message)]);
        askCode.last.resolve(sent);
        await settled();
      };

      await path.test({
        events: {
          'resetPin.send': () => {
            const asked = askCode.count;
            actor.send({ type: 'resetPin.send' });
            expect(askCode.count).toBe(asked + 1);
          },
          'resetPin.otp': ({ event }) => void actor.send(event as ResetPinEvent),
          'resetPin.password': ({ event }) => void actor.send(event as ResetPinEvent),
          'resetPin.pins': ({ event }) => void actor.send(event as ResetPinEvent),
          'resetPin.submit': ({ state }) => {
            // Incomplete: told once, and nothing is sent to the server.
            effects.expect(
              state.matches({ active: { form: 'editing' } }) ? [errorToast(messages.allFormFieldsRequired)] : [],
            );
            actor.send({ type: 'resetPin.submit' });
          },
          'xstate.done.actor.firstCode': codeSent,
          'xstate.error.actor.firstCode': failsWithToast(effects, () => askCode.last),
          'xstate.done.actor.resend': codeSent,
          'xstate.error.actor.resend': failsWithToast(effects, () => askCode.last),
          'xstate.done.actor.countdown': countdownRuns(
            actor,
            clock,
            () => actor.send({ type: 'resetPin.send' }),
            () => askCode.count,
          ),
          'xstate.done.actor.reset': async () => {
            expect(resetCall.last.input).toEqual({ password: PASSWORD, otp: '4815', pin: '3915', confirm_pin: '3915' });
            effects.expect([successToast(reset.message), navigation(FROM)]);
            resetCall.last.resolve(reset);
            await settled();
            // The server cleared the count and the lock with the new pin; the session says so at once.
            expect(session.actor.getSnapshot().context).toMatchObject({ pin_attempts: 0, pin_locked: false });
          },
          'xstate.error.actor.reset': failsWithToast(effects, () => resetCall.last),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            const cooling = expected.matches({ active: { resend: 'cooling' } });
            expect(snapshot.children.countdown?.getSnapshot().context.remaining).toBe(
              cooling ? expected.context.wait : undefined,
            );
            expect(snapshot.status).toBe(expected.matches('done') ? 'done' : 'active');
            expect(snapshot.hasTag('busy')).toBe(
              snapshot.matches({ asking: 'sending' }) || snapshot.matches({ active: { form: 'submitting' } }),
            );
            if (!expected.matches('done'))
              expect(session.actor.getSnapshot().context).toMatchObject({ pin_attempts: 3, pin_locked: true });
            // The user stays signed in throughout.
            expect(session.actor.getSnapshot().context.user.email).toBe(adaWithPin.email);
          },
        },
      });
      actor.stop();
      session.actor.stop();
    });
  }

  it('keeps the password after a refusal, and empties the code and the pins', async () => {
    const askCode = deferredActor<Envelope>();
    const resetCall = deferredActor<Envelope, ResetPinRequest>();
    const session = createTestSession(adaWithPin);
    const actor = createActor(
      resetPinMachine.provide({ actors: { forgotPin: askCode.logic, resetPin: resetCall.logic } }),
      {
        input: { session: session.actor },
      },
    ).start();
    actor.send({ type: 'resetPin.send' });
    askCode.last.resolve(sent);
    await settled();
    actor.send({ type: 'resetPin.otp', otp: OTP });
    actor.send({ type: 'resetPin.password', password: PASSWORD });
    actor.send({ type: 'resetPin.pins', pins: PINS });
    actor.send({ type: 'resetPin.submit' });
    resetCall.last.reject(new Error('invalid otp'));
    await settled();
    expect(actor.getSnapshot().context.form).toEqual({
      otp: ['', '', '', ''],
      password: PASSWORD,
      pins: Array(8).fill(''),
    });
    // Without a `from`, the dashboard is where a reset pin goes back to.
    expect(actor.getSnapshot().context.from).toBe('/dashboard');
    actor.stop();
    session.actor.stop();
  });

  itWalkedEveryTransition('resetPinMachine', coverage, resetPinModel.transitions);
});
