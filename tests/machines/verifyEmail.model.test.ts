import { describe, expect, it } from 'vitest';
import { createActor, createEmptyActor, fromPromise, SimulatedClock } from 'xstate';
import type { Envelope } from '../../core/contract';
import { joinCode } from '../../src/domain/codes';
import { messages } from '../../core/messages';
import type { FlowEmitted } from '../../src/machines/effects';
import { resendWaitSeconds, verifyEmailMachine, type VerifyEmailInput } from '../../src/machines/verifyEmail';
import { createActorTestModel, serializeTransitionTaken } from '../support/actorTestModel';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { createTestSession } from '../support/testSession';

const COUNTDOWN_S = 2;
const SERVER_WAIT_S = 1;

const sent: Envelope = { type: 'success', message: 'A new code is on its way' };
const verified: Envelope = { type: 'success', message: 'Email verified' };
const tooSoon = messages.resendIn(SERVER_WAIT_S);

const model = createActorTestModel(verifyEmailMachine, [
  { type: 'verify.change', values: ['1', '2', '3', '4'] },
  { type: 'verify.change', values: ['1', '', '3', ''] },
  { type: 'xstate.done.actor.resend', output: sent },
  { type: 'xstate.error.actor.resend', error: tooSoon },
  { type: 'xstate.error.actor.resend', error: 'Failed to fetch' },
  { type: 'xstate.done.actor.verify', output: verified },
  { type: 'xstate.error.actor.verify', error: 'invalid otp' },
]);
// The traversal never runs actions, so any actor stands in for the session there.
const traversalInput: VerifyEmailInput = {
  session: createEmptyActor() as unknown as VerifyEmailInput['session'],
  countdownSeconds: COUNTDOWN_S,
};
const coverage = createTransitionCoverage(verifyEmailMachine);

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('verifyEmailMachine (model-based)', () => {
  for (const path of model.getShortestPaths({ input: traversalInput, serializeState: serializeTransitionTaken })) {
    it(path.description, async () => {
      const pending: Record<string, Settle> = {};
      const controlled = (id: string) => () => new Promise((resolve, reject) => (pending[id] = { resolve, reject }));
      const otps: string[] = [];
      const session = createTestSession({ email: 'ada@example.com', token: 't-1', email_verified_at: null });
      const clock = new SimulatedClock();
      const actor = createActor(
        verifyEmailMachine.provide({
          actors: {
            resendOtp: fromPromise(controlled('resend')) as never,
            verifyOtp: fromPromise(({ input }: { input: { otp: string } }) => {
              otps.push(input.otp);
              return controlled('verify')();
            }) as never,
          },
        }),
        { clock, input: { session: session.actor, countdownSeconds: COUNTDOWN_S }, inspect: coverage.inspect },
      );
      const emitted: FlowEmitted[] = [];
      actor.on('*', (e) => void emitted.push(e));
      actor.start();
      const takeEmitted = () => emitted.splice(0);
      const toast = (level: string, message: string) => ({ type: 'toast', level, message });

      await path.test({
        events: {
          'verify.change': ({ event }) => void actor.send(event as { type: 'verify.change'; values: string[] }),
          'verify.submit': ({ state }) => {
            actor.send({ type: 'verify.submit' });
            // Incomplete: told once, and nothing is sent to the server.
            expect(takeEmitted()).toEqual(state.matches({ active: { code: 'editing' } }) ? [toast('error', messages.enterOtp)] : []);
          },
          'verify.resend': () => void actor.send({ type: 'verify.resend' }),
          'xstate.done.actor.resend': async () => {
            pending.resend.resolve(sent);
            await flush();
            expect(takeEmitted()).toEqual([toast('success', sent.message)]);
          },
          'xstate.error.actor.resend': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            pending.resend.reject(new Error(error));
            await flush();
            expect(takeEmitted()).toEqual([toast('error', error)]);
          },
          'xstate.done.actor.countdown': () => {
            const { wait } = actor.getSnapshot().context;
            for (let second = wait; second > 0; second--) {
              // Resend is blocked while the countdown runs: asking does nothing.
              delete pending.resend;
              actor.send({ type: 'verify.resend' });
              expect(pending.resend).toBeUndefined();
              expect(actor.getSnapshot().matches({ active: { resend: 'cooling' } })).toBe(true);
              expect(actor.getSnapshot().children.countdown?.getSnapshot().context.remaining).toBe(second);
              clock.increment(1000);
            }
          },
          'xstate.done.actor.verify': async () => {
            pending.verify.resolve(verified);
            await flush();
            expect(takeEmitted()).toEqual([toast('success', verified.message), { type: 'navigate', to: '/login' }]);
            // Verified users sign in again (SPEC.md §4).
            expect(session.actor.getSnapshot().value).toBe('signedOut');
            expect(session.actor.getSnapshot().context.user.email).toBe('');
          },
          'xstate.error.actor.verify': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            pending.verify.reject(new Error(error));
            await flush();
            expect(takeEmitted()).toEqual([toast('error', error)]);
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = actor.getSnapshot();
            expect(snapshot.value).toEqual(expected.value);
            const { session: _actual, ...context } = snapshot.context;
            const { session: _expected, ...expectedContext } = expected.context;
            expect(context).toEqual(expectedContext);
            expect(takeEmitted()).toEqual([]);

            const cooling = expected.matches({ active: { resend: 'cooling' } });
            expect(snapshot.children.countdown?.getSnapshot().context.remaining).toBe(cooling ? expected.context.wait : undefined);
            if (expected.matches({ active: { code: 'verifying' } })) expect(otps.at(-1)).toBe(joinCode(expected.context.code));
            expect(snapshot.status).toBe(expected.matches('verified') ? 'done' : 'active');
            if (!expected.matches('verified')) expect(session.actor.getSnapshot().context.user.email).toBe('ada@example.com');
          },
        },
      });
      actor.stop();
      session.actor.stop();
    });
  }

  it('walked every transition of verifyEmailMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(10);
  });
});

describe('resendWaitSeconds', () => {
  it('reads the wait out of the server message', () => {
    expect(resendWaitSeconds(messages.resendIn(42))).toBe(42);
    expect(resendWaitSeconds('you will be able to resend otp in about 1 second')).toBe(1);
    expect(resendWaitSeconds('Too many requests')).toBeNull();
  });
});
