import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Envelope, ResetPinRequest } from '../../../core/contract';
import { OTP_LENGTH, OTP_RESEND_COUNTDOWN_S, PIN_LENGTH, SET_PIN_BOXES } from '../../../core/limits';
import { forgotPin, resetPin } from '../../api/account/pin';
import { emptyCode, joinCode } from '../../domain/account/codes';
import { returnPath } from '../../domain/app/routes';
import { validateResetPin, type ResetPinForm } from '../../domain/account/accountForms';
import { codeRequestOutcomes, codeWaitActions, codeWaitGuards, resendStates } from '../kit/codeSending';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { otpCountdownMachine } from './otpCountdown';
import type { sessionMachine } from '../app/session';

export interface ResetPinInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The screen that offered "Forgot pin?" (/reset-pin?from=...), where a reset pin returns to. */
  from?: string | null;
  /** The wait between two codes; tests shorten it. */
  countdownSeconds?: number;
}

export interface ResetPinContext {
  session: ActorRefFrom<typeof sessionMachine>;
  /** Where success goes: a path of this app (returnPath), the dashboard by default. */
  from: string;
  form: ResetPinForm;
  countdownSeconds: number;
  /** Where the next countdown starts: the full wait, or what the server says is left of it. */
  wait: number;
}

// Each event names the secret it carries, so the inspector's masking (src/ui/app/inspector.ts) hides it.
export type ResetPinEvent =
  | { type: 'resetPin.send' }
  | { type: 'resetPin.otp'; otp: string[] }
  | { type: 'resetPin.password'; password: string }
  | { type: 'resetPin.pins'; pins: string[] }
  | { type: 'resetPin.submit' };

const emptyForm = (): ResetPinForm => ({ otp: emptyCode(OTP_LENGTH), password: '', pins: emptyCode(SET_PIN_BOXES) });

const toRequest = (form: ResetPinForm): ResetPinRequest => ({
  password: form.password,
  otp: joinCode(form.otp),
  pin: joinCode(form.pins.slice(0, PIN_LENGTH)),
  confirm_pin: joinCode(form.pins.slice(PIN_LENGTH)),
});

/**
 * /reset-pin, "Forgot pin?" of the pin dialog and of /pin: first a code is asked for
 * (e-mailed under verify-email's rules), then the code, the account password and a new pin
 * with its confirmation reset the pin, which also clears the wrong-pin count and lifts a pin
 * lock; the user goes back to the screen they came from. Once a code is on its way, two regions
 * run side by side, as at /verify-email: asking for another code after the countdown, and the
 * form being typed and sent.
 */
export const resetPinMachine = setup({
  types: {
    context: {} as ResetPinContext,
    events: {} as ResetPinEvent,
    input: {} as ResetPinInput,
    emitted: {} as FlowEmitted,
    children: {} as { firstCode: 'forgotPin'; resend: 'forgotPin'; countdown: 'otpCountdown'; reset: 'resetPin' },
  },
  actors: {
    forgotPin: fromPromise<Envelope>(({ signal }) => forgotPin(signal)),
    resetPin: fromPromise<Envelope, ResetPinRequest>(({ input, signal }) => resetPin(input, signal)),
    otpCountdown: otpCountdownMachine,
  },
  actions: {
    ...effects,
    ...codeWaitActions,
    setOtp: assign({ form: ({ context }, params: { otp: string[] }) => ({ ...context.form, otp: params.otp }) }),
    setPassword: assign({
      form: ({ context }, params: { password: string }) => ({ ...context.form, password: params.password }),
    }),
    setPins: assign({ form: ({ context }, params: { pins: string[] }) => ({ ...context.form, pins: params.pins }) }),
    // The code may have been the wrong one; pins are not left on screen. The password stays.
    clearCodes: assign({ form: ({ context }) => ({ ...emptyForm(), password: context.form.password }) }),
    // The server has cleared the count and the lock with the new pin.
    unlockSession: sendTo(({ context }) => context.session, {
      type: 'session.update' as const,
      data: { pin_attempts: 0, pin_locked: false },
    }),
  },
  guards: {
    ...codeWaitGuards,
    formComplete: ({ context }) => validateResetPin(context.form) === null,
  },
}).createMachine({
  id: 'resetPin',
  context: ({ input }) => {
    const countdownSeconds = input.countdownSeconds ?? OTP_RESEND_COUNTDOWN_S;
    return {
      session: input.session,
      from: returnPath(input.from),
      form: emptyForm(),
      countdownSeconds,
      wait: countdownSeconds,
    };
  },
  initial: 'asking',
  states: {
    /** Step 1: nothing is sent before the user asks ("Send code"). */
    asking: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'resetPin.send': 'sending' },
        },
        sending: {
          tags: 'busy',
          invoke: {
            id: 'firstCode',
            src: 'forgotPin',
            // A code that went out moments ago (an earlier visit) is the one to type.
            ...codeRequestOutcomes('#resetPin.active', 'idle'),
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
          states: resendStates('resetPin.send', 'forgotPin'),
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'resetPin.otp': { actions: { type: 'setOtp', params: ({ event }) => ({ otp: event.otp }) } },
                'resetPin.password': {
                  actions: { type: 'setPassword', params: ({ event }) => ({ password: event.password }) },
                },
                'resetPin.pins': { actions: { type: 'setPins', params: ({ event }) => ({ pins: event.pins }) } },
                'resetPin.submit': [
                  { guard: 'formComplete', target: 'submitting' },
                  {
                    actions: {
                      type: 'toast',
                      params: ({ context }) => ({ level: 'error', message: validateResetPin(context.form) ?? '' }),
                    },
                  },
                ],
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'reset',
                src: 'resetPin',
                input: ({ context }) => toRequest(context.form),
                onDone: {
                  target: '#resetPin.done',
                  actions: [
                    { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
                    'unlockSession',
                    { type: 'navigate', params: ({ context }) => ({ to: context.from }) },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
                    'clearCodes',
                  ],
                },
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
