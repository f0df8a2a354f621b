import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Envelope, UserData } from '../../../core/contract';
import { OTP_RESEND_COUNTDOWN_S, PHONE_CODE_LENGTH } from '../../../core/limits';
import { phoneMessages } from '../../../core/words/phone';
import { sendPhoneCode, verifyPhone } from '../../api/account/phone';
import { dismissPhonePrompt } from '../../api/kit/storage';
import { receiveSmsCode } from '../../api/kit/webOtp';
import { codeField } from '../../domain/account/codes';
import { codeRequestOutcomes, codeWaitActions, codeWaitGuards, resendStates } from '../kit/codeSending';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { otpCountdownMachine } from './otpCountdown';
import type { sessionMachine } from '../app/session';

export interface PhoneVerificationInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The phone was just saved (/profile): its code is asked for at once, without a press of "Send code". */
  sendAtOnce?: boolean;
  /** The dashboard's prompt: it may be put off for good ("Not now"). */
  prompt?: boolean;
  /** The wait between two codes; tests shorten it. */
  countdownSeconds?: number;
}

export interface PhoneVerificationContext {
  session: ActorRefFrom<typeof sessionMachine>;
  sendAtOnce: boolean;
  prompt: boolean;
  /** The code as typed or read from the text: digits only. */
  otp: string;
  countdownSeconds: number;
  /** Where the next countdown starts: the full wait, or what the server says is left of it. */
  wait: number;
}

// The event carrying the code names it, so the inspector's masking (src/ui/app/inspector.ts) hides it.
export type PhoneVerificationEvent =
  { type: 'phone.send' } | { type: 'phone.otp'; otp: string } | { type: 'phone.submit' } | { type: 'phone.dismiss' };

/**
 * Verifying the phone on file (/profile, and the dashboard's one-time prompt): a code is texted
 * when the user asks ("Send code"), or at once when the phone was just saved; then, as at
 * /reset-pin, two regions run side by side: another code once the countdown is over, and the
 * code being typed and checked. Where the browser reads texts itself (the WebOTP API), the code
 * comes from the text and is checked without a keystroke. A verified phone updates the session;
 * the prompt may also be put off for good, remembered on this browser.
 */
export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as PhoneVerificationInput,
    emitted: {} as FlowEmitted,
    children: {} as {
      firstCode: 'sendPhoneCode';
      resend: 'sendPhoneCode';
      countdown: 'otpCountdown';
      webOtp: 'receiveSmsCode';
      verify: 'verifyPhone';
    },
  },
  actors: {
    sendPhoneCode: fromPromise<Envelope>(({ signal }) => sendPhoneCode(signal)),
    verifyPhone: fromPromise<Envelope<UserData>, { otp: string }>(({ input, signal }) =>
      verifyPhone(input.otp, signal),
    ),
    receiveSmsCode: fromPromise<string>(({ signal }) => receiveSmsCode(signal)),
    otpCountdown: otpCountdownMachine,
  },
  actions: {
    ...effects,
    ...codeWaitActions,
    setOtp: assign({ otp: (_, params: { text: string }) => codeField(params.text, PHONE_CODE_LENGTH) }),
    clearOtp: assign({ otp: '' }),
    updateSession: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.update' as const, data: params.data }),
    ),
    rememberDismissed: ({ context }) => dismissPhonePrompt(context.session.getSnapshot().context.user.email),
  },
  guards: {
    ...codeWaitGuards,
    sendAtOnce: ({ context }) => context.sendAtOnce,
    isPrompt: ({ context }) => context.prompt,
    otpComplete: ({ context }) => context.otp.length === PHONE_CODE_LENGTH,
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => {
    const countdownSeconds = input.countdownSeconds ?? OTP_RESEND_COUNTDOWN_S;
    return {
      session: input.session,
      sendAtOnce: input.sendAtOnce ?? false,
      prompt: input.prompt ?? false,
      otp: '',
      countdownSeconds,
      wait: countdownSeconds,
    };
  },
  initial: 'asking',
  on: {
    'phone.dismiss': { guard: 'isPrompt', target: '.dismissed', actions: 'rememberDismissed' },
  },
  states: {
    /** Step 1: nothing is texted before the user asks, unless the phone was just saved. */
    asking: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'sendAtOnce', target: 'sending' }, { target: 'idle' }],
        },
        idle: {
          on: { 'phone.send': 'sending' },
        },
        sending: {
          tags: 'busy',
          invoke: {
            id: 'firstCode',
            src: 'sendPhoneCode',
            ...codeRequestOutcomes('#phoneVerification.active', 'idle'),
          },
        },
      },
    },
    /** Step 2: the code is on its way. */
    active: {
      type: 'parallel',
      states: {
        resend: {
          initial: 'cooling',
          states: resendStates('phone.send', 'sendPhoneCode'),
        },
        code: {
          initial: 'editing',
          states: {
            editing: {
              // Where the browser reads the text itself, its code is checked at once; elsewhere this never settles.
              invoke: {
                id: 'webOtp',
                src: 'receiveSmsCode',
                onDone: {
                  target: 'verifying',
                  actions: { type: 'setOtp', params: ({ event }) => ({ text: event.output }) },
                },
              },
              on: {
                'phone.otp': { actions: { type: 'setOtp', params: ({ event }) => ({ text: event.otp }) } },
                'phone.submit': [
                  { guard: 'otpComplete', target: 'verifying' },
                  { actions: { type: 'toast', params: { level: 'error', message: phoneMessages.codeRequired } } },
                ],
              },
            },
            verifying: {
              tags: 'busy',
              invoke: {
                id: 'verify',
                src: 'verifyPhone',
                input: ({ context }) => ({ otp: context.otp }),
                onDone: {
                  target: '#phoneVerification.verified',
                  actions: [
                    { type: 'updateSession', params: ({ event }) => ({ data: event.output.data ?? {} }) },
                    { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
                    'clearOtp',
                  ],
                },
              },
            },
          },
        },
      },
    },
    verified: { type: 'final' },
    /** The dashboard's prompt put off: not shown again on this browser. */
    dismissed: { type: 'final' },
  },
});
