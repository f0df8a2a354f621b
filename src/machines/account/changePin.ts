import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ChangePinRequest, Envelope, PinRefusalReason, UserData } from '../../../core/contract';
import { pinRefusalOf } from './pinDialog';
import { changePin } from '../../api/account/profile';
import { emptyCode, joinCode } from '../../domain/account/codes';
import { CHANGE_PIN_BOXES, PIN_LENGTH } from '../../../core/limits';
import * as messages from '../../../core/messages';
import { validateChangePin } from '../../domain/account/accountForms';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

export interface ChangePinInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface ChangePinContext extends ChangePinInput {
  /** Old pin, new pin, confirmation: four boxes each. */
  code: string[];
}

export type ChangePinEvent = { type: 'pin.change'; values: string[] } | { type: 'pin.submit' };

const group = (code: readonly string[], index: number) =>
  joinCode(code.slice(index * PIN_LENGTH, (index + 1) * PIN_LENGTH));

const toRequest = (code: readonly string[]): ChangePinRequest => ({
  old_pin: group(code, 0),
  new_pin: group(code, 1),
  confirm_new_pin: group(code, 2),
});

/**
 * /pin: all twelve boxes must be filled; whether the new pin and its confirmation match, and
 * whether the old one is right, is the server's to say. A wrong old pin counts with the purchases'
 * wrong pins (one count per user, on the server): the count goes to the session, the one past
 * max_attempts logs out, a locked pin is told and "Forgot pin?" is on the screen. Success merges
 * the user fields the server answers (the pin marker, the cleared count). Either way the boxes are
 * emptied: pins are not left on screen.
 */
export const changePinMachine = setup({
  types: {
    context: {} as ChangePinContext,
    events: {} as ChangePinEvent,
    input: {} as ChangePinInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    changePin: fromPromise<Envelope<UserData>, ChangePinRequest>(({ input, signal }) => changePin(input, signal)),
  },
  actions: {
    ...effects,
    setCode: assign({ code: (_, params: { values: string[] }) => params.values }),
    clearCode: assign({ code: emptyCode(CHANGE_PIN_BOXES) }),
    updateSession: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.update' as const, data: params.data }),
    ),
    countWrongPin: sendTo(
      ({ context }) => context.session,
      (_, params: { error: unknown }) => {
        const refusal = pinRefusalOf(params.error);
        const counted =
          refusal?.reason === 'pin-incorrect'
            ? { pin_attempts: refusal.pin_attempts, max_attempts: refusal.max_attempts }
            : {};
        return { type: 'session.update' as const, data: counted };
      },
    ),
    lockPurchases: sendTo(({ context }) => context.session, {
      type: 'session.update' as const,
      data: { pin_locked: true },
    }),
    logout: sendTo(({ context }) => context.session, { type: 'session.logout' as const }),
  },
  guards: {
    allBoxesFilled: ({ context }) => validateChangePin(context.code) === null,
    pinRefused: (_, params: { error: unknown; reason: PinRefusalReason }) =>
      pinRefusalOf(params.error)?.reason === params.reason,
  },
}).createMachine({
  id: 'changePin',
  context: ({ input }) => ({ session: input.session, code: emptyCode(CHANGE_PIN_BOXES) }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'pin.change': { actions: { type: 'setCode', params: ({ event }) => ({ values: event.values }) } },
        'pin.submit': [
          { guard: 'allBoxesFilled', target: 'submitting' },
          {
            actions: {
              type: 'toast',
              params: ({ context }) => ({ level: 'error', message: validateChangePin(context.code) ?? '' }),
            },
          },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'changePin',
        src: 'changePin',
        input: ({ context }) => toRequest(context.code),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'updateSession', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            'clearCode',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: [
          {
            // The server has revoked the session: the same ending as a purchase's pin failure.
            guard: {
              type: 'pinRefused',
              params: ({ event }) => ({ error: event.error, reason: 'pin-logout' as const }),
            },
            target: 'signedOut',
            actions: [
              'clearCode',
              { type: 'toast', params: { level: 'error', message: messages.pinNotCorrect } },
              'logout',
              { type: 'navigate', params: { to: '/login' } },
            ],
          },
          {
            guard: {
              type: 'pinRefused',
              params: ({ event }) => ({ error: event.error, reason: 'pin-incorrect' as const }),
            },
            target: 'editing',
            actions: [
              'clearCode',
              { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
              { type: 'countWrongPin', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            guard: {
              type: 'pinRefused',
              params: ({ event }) => ({ error: event.error, reason: 'pin-locked' as const }),
            },
            target: 'editing',
            actions: [
              'clearCode',
              { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
              'lockPurchases',
            ],
          },
          {
            target: 'editing',
            actions: [
              'clearCode',
              { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
            ],
          },
        ],
      },
    },
    /** Logged out after too many wrong pins; the screen is on its way to /login. */
    signedOut: { type: 'final' },
  },
});
