import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { resendOtp, verifyOtp } from '../../api/account/account';
import type { Envelope } from '../../../core/contract';
import { emptyCode, isComplete, joinCode } from '../../domain/account/codes';
import { OTP_LENGTH, OTP_RESEND_COUNTDOWN_S } from '../../../core/limits';
import * as messages from '../../../core/messages';
import { codeWaitActions, codeWaitGuards, resendStates } from '../kit/codeSending';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { otpCountdownMachine } from './otpCountdown';
import type { sessionMachine } from '../app/session';

export interface VerifyEmailInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The wait between two resends; tests shorten it. */
  countdownSeconds?: number;
}

export interface VerifyEmailContext {
  session: ActorRefFrom<typeof sessionMachine>;
  code: string[];
  countdownSeconds: number;
  /** Where the next countdown starts: the full wait, or what the server says is left of it. */
  wait: number;
}

export type VerifyEmailEvent =
  { type: 'verify.change'; values: string[] } | { type: 'verify.submit' } | { type: 'verify.resend' };

// The first code goes on opening, so `sending` leads the region (and its page's diagram).
const resend = resendStates('verify.resend', 'resendOtp');

/**
 * /verify-email: a code is sent on opening, another only once the countdown is
 * over; the 4-digit code is checked by the server, and a verified user logs in again.
 * Two regions run side by side: resending, and the code being typed and verified.
 */
export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
    input: {} as VerifyEmailInput,
    emitted: {} as FlowEmitted,
    children: {} as { resend: 'resendOtp'; countdown: 'otpCountdown'; verify: 'verifyOtp' },
  },
  actors: {
    resendOtp: fromPromise<Envelope>(({ signal }) => resendOtp(signal)),
    verifyOtp: fromPromise<Envelope, { otp: string }>(({ input, signal }) => verifyOtp(input.otp, signal)),
    otpCountdown: otpCountdownMachine,
  },
  actions: {
    ...effects,
    ...codeWaitActions,
    setCode: assign({ code: (_, params: { values: string[] }) => params.values }),
    clearCode: assign({ code: emptyCode(OTP_LENGTH) }),
    logout: sendTo(({ context }) => context.session, { type: 'session.logout' }),
  },
  guards: {
    ...codeWaitGuards,
    codeComplete: ({ context }) => isComplete(context.code, OTP_LENGTH),
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => {
    const countdownSeconds = input.countdownSeconds ?? OTP_RESEND_COUNTDOWN_S;
    return { session: input.session, code: emptyCode(OTP_LENGTH), countdownSeconds, wait: countdownSeconds };
  },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        resend: {
          initial: 'sending',
          states: { sending: resend.sending, cooling: resend.cooling, ready: resend.ready },
        },
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'verify.change': { actions: { type: 'setCode', params: ({ event }) => ({ values: event.values }) } },
                'verify.submit': [
                  { guard: 'codeComplete', target: 'verifying' },
                  { actions: { type: 'toast', params: { level: 'error', message: messages.enterOtp } } },
                ],
              },
            },
            verifying: {
              invoke: {
                id: 'verify',
                src: 'verifyOtp',
                input: ({ context }) => ({ otp: joinCode(context.code) }),
                // Verified: the user is logged out and signs in again.
                onDone: {
                  target: '#verifyEmail.verified',
                  actions: [
                    { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
                    'logout',
                    { type: 'navigate', params: { to: '/login' } },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
                    'clearCode',
                  ],
                },
              },
            },
          },
        },
      },
    },
    verified: { type: 'final' },
  },
});
