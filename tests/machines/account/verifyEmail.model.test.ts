import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Envelope } from '../../../core/contract';
import { joinCode } from '../../../src/domain/account/codes';
import * as messages from '../../../core/messages';
import { verifyEmailMachine } from '../../../src/machines/account/verifyEmail';
import { resendWaitSeconds } from '../../../src/machines/kit/codeSending';
import { COUNTDOWN_S, sent, verified, verifyEmailModel } from '../../../testkit/models/account/verifyEmail.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
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

const [traversal] = verifyEmailModel.traversals;
const coverage = createTransitionCoverage(verifyEmailMachine);

describe('verifyEmailMachine (model-based)', () => {
  for (const path of shortestPaths(verifyEmailModel, traversal)) {
    it(pathTitle(path), async () => {
      const resend = deferredActor<Envelope>();
      const verify = deferredActor<Envelope, { otp: string }>();
      const session = createTestSession({ email: 'ada@example.com', token: 't-1', email_verified_at: null });
      const clock = new SimulatedClock();
      const actor = createActor(
        verifyEmailMachine.provide({ actors: { resendOtp: resend.logic, verifyOtp: verify.logic } }),
        {
          clock,
          input: { session: session.actor, countdownSeconds: COUNTDOWN_S },
          inspect: coverage.inspect,
        },
      );
      const effects = effectLog(actor);
      actor.start();

      await path.test({
        events: {
          'verify.change': ({ event }) => void actor.send(event as { type: 'verify.change'; values: string[] }),
          'verify.submit': ({ state }) => {
            // Incomplete: told once, and nothing is sent to the server.
            effects.expect(state.matches({ active: { code: 'editing' } }) ? [errorToast(messages.enterOtp)] : []);
            actor.send({ type: 'verify.submit' });
          },
          'verify.resend': () => void actor.send({ type: 'verify.resend' }),
          'xstate.done.actor.resend': async () => {
            effects.expect([successToast(sent.message)]);
            resend.last.resolve(sent);
            await settled();
          },
          'xstate.error.actor.resend': failsWithToast(effects, () => resend.last),
          'xstate.done.actor.countdown': countdownRuns(
            actor,
            clock,
            () => actor.send({ type: 'verify.resend' }),
            () => resend.count,
          ),
          'xstate.done.actor.verify': async () => {
            effects.expect([successToast(verified.message), navigation('/login')]);
            verify.last.resolve(verified);
            await settled();
            // Verified users sign in again.
            expect(session.actor.getSnapshot().value).toBe('signedOut');
            expect(session.actor.getSnapshot().context.user.email).toBe('');
          },
          'xstate.error.actor.verify': failsWithToast(effects, () => verify.last),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            const cooling = expected.matches({ active: { resend: 'cooling' } });
            expect(snapshot.children.countdown?.getSnapshot().context.remaining).toBe(
              cooling ? expected.context.wait : undefined,
            );
            if (expected.matches({ active: { code: 'verifying' } }))
              expect(verify.last.input.otp).toBe(joinCode(expected.context.code));
            expect(snapshot.status).toBe(expected.matches('verified') ? 'done' : 'active');
            if (!expected.matches('verified'))
              expect(session.actor.getSnapshot().context.user.email).toBe('ada@example.com');
          },
        },
      });
      actor.stop();
      session.actor.stop();
    });
  }

  itWalkedEveryTransition('verifyEmailMachine', coverage, verifyEmailModel.transitions);
});

describe('resendWaitSeconds', () => {
  it('reads the wait out of the server message', () => {
    expect(resendWaitSeconds(messages.resendIn.message.replace('{seconds}', '42'))).toBe(42);
    expect(resendWaitSeconds('you will be able to resend otp in about 1 second')).toBe(1);
    expect(resendWaitSeconds('Too many requests')).toBeNull();
  });
});
