import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Envelope, UserData } from '../../../core/contract';
import { phoneMessages } from '../../../core/words/phone';
import {
  phoneVerificationMachine,
  type PhoneVerificationEvent,
  type PhoneVerificationInput,
} from '../../../src/machines/account/phoneVerification';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  CODE,
  COUNTDOWN_S,
  phoneVerificationModel,
  READ,
  sent,
} from '../../../testkit/models/account/phoneVerification.model';
import { ada } from '../../../testkit/fixtures';
import {
  countdownRuns,
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

const coverage = createTransitionCoverage(phoneVerificationMachine);

/** The machine on Ada's session (phone not verified), its calls and the browser's reading of texts answered by the test. */
function started(input: Omit<PhoneVerificationInput, 'session'>, clock?: SimulatedClock) {
  const session = createTestSession({ ...ada, phone_verified: false });
  const askCode = deferredActor<Envelope>();
  const check = deferredActor<Envelope<UserData>, { otp: string }>();
  const webOtp = deferredActor<string>();
  const dismissed: string[] = [];
  const machine = phoneVerificationMachine.provide({
    actors: { sendPhoneCode: askCode.logic, verifyPhone: check.logic, receiveSmsCode: webOtp.logic },
    actions: { rememberDismissed: () => void dismissed.push('dismissed') },
  });
  const actor = createActor(machine, {
    ...(clock ? { clock } : {}),
    input: { session: session.actor, countdownSeconds: COUNTDOWN_S, ...input },
    inspect: coverage.inspect,
  });
  return { session, askCode, check, webOtp, dismissed, actor };
}

describe('phoneVerificationMachine (model-based)', () => {
  for (const traversal of phoneVerificationModel.traversals) {
    const input = traversal.options.input as PhoneVerificationInput;
    describe(traversal.label, () => {
      for (const path of shortestPaths(phoneVerificationModel, traversal)) {
        it(pathTitle(path), async () => {
          const clock = new SimulatedClock();
          const { session, askCode, check, webOtp, dismissed, actor } = started(
            { sendAtOnce: input.sendAtOnce, prompt: input.prompt },
            clock,
          );
          const effects = effectLog(actor);
          actor.start();
          // Nothing is texted before the user asks, unless the phone was just saved.
          expect(askCode.count).toBe(input.sendAtOnce ? 1 : 0);

          const codeSent = async () => {
            effects.expect([successToast(sent.message)]);
            askCode.last.resolve(sent);
            await settled();
          };
          const answered = async (output: Envelope<UserData>) => {
            // What was typed, or read from the text, is what is checked: its six digits.
            expect(check.last.input.otp).toMatch(/^\d{6}$/);
            effects.expect([successToast(output.message)]);
            check.last.resolve(output);
            await settled();
            // The session learns at once that the phone is verified.
            expect(session.actor.getSnapshot().context.user.phone_verified).toBe(true);
          };

          await path.test({
            events: {
              'phone.send': () => {
                const asked = askCode.count;
                actor.send({ type: 'phone.send' });
                expect(askCode.count).toBe(asked + 1);
              },
              'phone.otp': ({ event }) => void actor.send(event as PhoneVerificationEvent),
              'phone.submit': ({ state }) => {
                const incomplete = (state.context.otp as string).length !== 6;
                effects.expect(incomplete ? [errorToast(phoneMessages.codeRequired)] : []);
                actor.send({ type: 'phone.submit' });
                if (!incomplete) expect(check.last.input).toEqual({ otp: CODE });
              },
              'phone.dismiss': () => {
                actor.send({ type: 'phone.dismiss' });
                expect(dismissed).toEqual(['dismissed']);
              },
              'xstate.done.actor.firstCode': codeSent,
              'xstate.error.actor.firstCode': failsWithToast(effects, () => askCode.last),
              'xstate.done.actor.resend': codeSent,
              'xstate.error.actor.resend': failsWithToast(effects, () => askCode.last),
              'xstate.done.actor.countdown': countdownRuns(
                actor,
                clock,
                () => actor.send({ type: 'phone.send' }),
                () => askCode.count,
              ),
              'xstate.done.actor.webOtp': async () => {
                webOtp.last.resolve(READ);
                await settled();
                expect(check.last.input).toEqual({ otp: READ });
              },
              'xstate.done.actor.verify': ({ event }) =>
                answered((event as unknown as { output: Envelope<UserData> }).output),
              'xstate.error.actor.verify': failsWithToast(effects, () => check.last),
            },
            states: {
              '*': (expected) => {
                const snapshot = expectStep(actor, expected, effects);
                const cooling = expected.matches({ active: { resend: 'cooling' } });
                expect(snapshot.children.countdown?.getSnapshot().context.remaining).toBe(
                  cooling ? expected.context.wait : undefined,
                );
                // The browser listens for the text only while the code is being typed.
                expect(snapshot.children.webOtp !== undefined).toBe(expected.matches({ active: { code: 'editing' } }));
                const final = expected.matches('verified') || expected.matches('dismissed');
                expect(snapshot.status).toBe(final ? 'done' : 'active');
                if (!expected.matches('verified'))
                  expect(session.actor.getSnapshot().context.user.phone_verified).toBe(false);
                if (!expected.matches('dismissed')) expect(dismissed).toEqual([]);
              },
            },
          });
          actor.stop();
          session.actor.stop();
        });
      }
    });
  }

  it('keeps only the digits of what is typed, at most six, and empties the code after a refusal', async () => {
    const { session, askCode, check, actor } = started({});
    actor.start();
    actor.send({ type: 'phone.send' });
    askCode.last.resolve(sent);
    await settled();
    actor.send({ type: 'phone.otp', otp: 'code: 48-21 36 99' });
    expect(actor.getSnapshot().context.otp).toBe('482136');
    actor.send({ type: 'phone.submit' });
    check.last.reject(new Error('invalid or expired code'));
    await settled();
    expect(actor.getSnapshot().context.otp).toBe('');
    expect(actor.getSnapshot().matches({ active: { code: 'editing' } })).toBe(true);
    actor.stop();
    session.actor.stop();
  });

  it('outside the prompt, "Not now" does nothing', async () => {
    const { session, dismissed, actor } = started({});
    actor.start();
    actor.send({ type: 'phone.dismiss' });
    expect(actor.getSnapshot().matches({ asking: 'idle' })).toBe(true);
    expect(dismissed).toEqual([]);
    actor.stop();
    session.actor.stop();
  });

  itWalkedEveryTransition('phoneVerificationMachine', coverage, phoneVerificationModel.transitions);
});
