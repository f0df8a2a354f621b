import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { setPin } from '../../api/account/account';
import { checkResetLink } from '../../api/account/auth';
import type { Envelope, ResetLinkStatus, SetPinRequest, UserData } from '../../../core/contract';
import { emptyCode, isComplete, joinCode } from '../../domain/account/codes';
import { PIN_LENGTH, SET_PIN_BOXES } from '../../../core/limits';
import * as messages from '../../../core/messages';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

export interface SetPinInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The reset link's token (/set-pin?token=...), which authorises setting the pin without a session. */
  token?: string;
}

export interface SetPinContext {
  session: ActorRefFrom<typeof sessionMachine>;
  token?: string;
  /** Pin then confirmation, one digit per box. */
  code: string[];
}

export type SetPinEvent = { type: 'pin.change'; values: string[] } | { type: 'pin.submit' };

/** The boxes as the request: the first four are the pin, the last four its confirmation. */
const toRequest = (code: readonly string[]): SetPinRequest => ({
  pin: joinCode(code.slice(0, PIN_LENGTH)),
  confirm_pin: joinCode(code.slice(PIN_LENGTH)),
});

/** The boxes' new digits kept: while the pin is typed, and while a reset link is still being checked. */
const PIN_CHANGE = {
  actions: {
    type: 'setCode' as const,
    params: ({ event }: { event: Extract<SetPinEvent, { type: 'pin.change' }> }) => ({ values: event.values }),
  },
};

/**
 * /set-pin: every box must be filled; whether pin and confirmation match is the
 * server's to say. Success signs the user in with the fields the server answers (a reset
 * link's token yields a new session) and goes to the dashboard. With a reset link's token the
 * link is checked first: a reset link restores the password only, so an account that has a pin
 * keeps it, and the screen says so (pinKept) instead of asking for one.
 */
export const setPinMachine = setup({
  types: {
    context: {} as SetPinContext,
    events: {} as SetPinEvent,
    input: {} as SetPinInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    setPin: fromPromise<Envelope<UserData>, { request: SetPinRequest; token?: string }>(({ input, signal }) =>
      setPin(input.request, input.token, signal),
    ),
    checkResetLink: fromPromise<Envelope<ResetLinkStatus>, { token: string }>(({ input, signal }) =>
      checkResetLink(input.token, signal),
    ),
  },
  actions: {
    ...effects,
    setCode: assign({ code: (_, params: { values: string[] }) => params.values }),
    clearCode: assign({ code: emptyCode(SET_PIN_BOXES) }),
    login: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({
        type: 'session.login' as const,
        data: params.data,
      }),
    ),
  },
  guards: {
    allBoxesFilled: ({ context }) => isComplete(context.code, SET_PIN_BOXES),
    withResetLink: ({ context }) => context.token !== undefined,
    pinAlreadySet: (_, params: { status: ResetLinkStatus | undefined }) => params.status?.pin_set === true,
  },
}).createMachine({
  id: 'setPin',
  context: ({ input }) => ({ session: input.session, token: input.token, code: emptyCode(SET_PIN_BOXES) }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'withResetLink', target: 'checkingLink' }, { target: 'editing' }],
    },
    checkingLink: {
      // Typing need not wait for the check: a digit typed meanwhile is kept, not dropped.
      on: { 'pin.change': PIN_CHANGE },
      invoke: {
        id: 'checkResetLink',
        src: 'checkResetLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'pinAlreadySet', params: ({ event }) => ({ status: event.output.data }) },
            target: 'pinKept',
          },
          { target: 'editing' },
        ],
        // A dead link is told here; the form stays, and the server refuses it again with the same words.
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    // The password is reset; the pin is the one the account had. The screen says so and leads to /login.
    pinKept: { type: 'final' },
    editing: {
      on: {
        'pin.change': PIN_CHANGE,
        'pin.submit': [
          { guard: 'allBoxesFilled', target: 'submitting' },
          { actions: { type: 'toast', params: { level: 'error', message: messages.allFormFieldsRequired } } },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'setPin',
        src: 'setPin',
        input: ({ context }) => ({ request: toRequest(context.code), token: context.token }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
            { type: 'login', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            { type: 'navigate', params: { to: '/dashboard' } },
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
    done: { type: 'final' },
  },
});
