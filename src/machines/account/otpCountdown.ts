import { assign, setup } from 'xstate';
import { OTP_RESEND_COUNTDOWN_S } from '../../../core/limits';

export interface OtpCountdownInput {
  /** Where the countdown starts; tests shorten it. */
  seconds?: number;
}

/**
 * Seconds left before another code may be requested (59 s after the last), ticking down once a
 * second. It ends (a final state) at 0, which tells the flow that invoked it; a restart is a new
 * invocation with a new `seconds`.
 */
export const otpCountdownMachine = setup({
  types: {
    context: {} as { remaining: number },
    input: {} as OtpCountdownInput,
  },
  actions: {
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
  },
  guards: {
    isOver: ({ context }) => context.remaining <= 0,
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'otpCountdown',
  context: ({ input }) => ({ remaining: input.seconds ?? OTP_RESEND_COUNTDOWN_S }),
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'isOver', target: 'done' },
      // Re-entering restarts the one-second timer.
      after: { tick: { target: 'counting', reenter: true, actions: 'countDown' } },
    },
    done: { type: 'final' },
  },
});
