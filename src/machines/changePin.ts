import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ChangePinRequest, Envelope, UserData } from '../../core/contract';
import { changePin } from '../api/profile';
import { emptyCode, joinCode } from '../domain/codes';
import { CHANGE_PIN_BOXES, PIN_LENGTH } from '../../core/limits';
import { validateChangePin } from '../domain/validation';
import { effects, errorMessage, type FlowEmitted } from './effects';
import type { sessionMachine } from './session';

export interface ChangePinInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface ChangePinContext extends ChangePinInput {
  /** Old pin, new pin, confirmation: four boxes each. */
  code: string[];
}

export type ChangePinEvent = { type: 'pin.change'; values: string[] } | { type: 'pin.submit' };

const group = (code: readonly string[], index: number) => joinCode(code.slice(index * PIN_LENGTH, (index + 1) * PIN_LENGTH));

const toRequest = (code: readonly string[]): ChangePinRequest => ({
  old_pin: group(code, 0),
  new_pin: group(code, 1),
  confirm_new_pin: group(code, 2),
});

/**
 * /pin (SPEC.md §2, §5): all twelve boxes must be filled; whether the new pin and its
 * confirmation match, and whether the old one is right, is the server's to say. Success stores
 * the new pin in the session, since purchases check the pin against it (SPEC.md §4). Either
 * way the boxes are emptied: pins are not left on screen.
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
  },
  guards: {
    allBoxesFilled: ({ context }) => validateChangePin(context.code) === null,
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
          { actions: { type: 'toast', params: ({ context }) => ({ level: 'error', message: validateChangePin(context.code) ?? '' }) } },
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
        onError: {
          target: 'editing',
          actions: ['clearCode', { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) }],
        },
      },
    },
  },
});
