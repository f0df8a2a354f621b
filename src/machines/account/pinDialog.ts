import { assign, sendTo, setup, type AnyActorRef } from 'xstate';
import { emptyCode, isComplete, joinCode } from '../../domain/account/codes';
import { PIN_LENGTH } from '../../../core/limits';
import { messages } from '../../../core/messages';
import { effects, type FlowEmitted } from '../kit/effects';

export interface PinDialogInput {
  /** The flow that asked for the pin: it hears `pin.accepted` or `pin.cancelled`. */
  owner: AnyActorRef;
}

export interface PinDialogContext extends PinDialogInput {
  /** One digit per box. */
  code: string[];
}

export type PinDialogEvent =
  { type: 'pin.open' } | { type: 'pin.change'; values: string[] } | { type: 'pin.submit' } | { type: 'pin.cancel' };

/** What the dialog tells its owner. */
export type PinDialogReport = { type: 'pin.accepted'; pin: string } | { type: 'pin.cancelled' };

/**
 * The transaction pin dialog of a service screen: four masked boxes and
 * Continue. Four digits close the dialog and go to the owner, whose purchase call the server
 * checks them with (the app holds no pin to compare with, and the wrong-pin count is
 * the server's). Anything short of four digits is no pin at all: 'transaction pin not correct',
 * and the boxes start again, without asking the server.
 */
export const pinDialogMachine = setup({
  types: {
    context: {} as PinDialogContext,
    events: {} as PinDialogEvent,
    input: {} as PinDialogInput,
    emitted: {} as FlowEmitted,
  },
  actions: {
    ...effects,
    setCode: assign({ code: (_, params: { values: string[] }) => params.values }),
    clearCode: assign({ code: emptyCode(PIN_LENGTH) }),
    reportAccepted: sendTo(
      ({ context }) => context.owner,
      ({ context }): PinDialogReport => ({ type: 'pin.accepted', pin: joinCode(context.code) }),
    ),
    reportCancelled: sendTo(({ context }) => context.owner, { type: 'pin.cancelled' } satisfies PinDialogReport),
  },
  guards: {
    pinComplete: ({ context }) => isComplete(context.code, PIN_LENGTH),
  },
}).createMachine({
  id: 'pinDialog',
  context: ({ input }) => ({ owner: input.owner, code: emptyCode(PIN_LENGTH) }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'pin.open': 'open' },
    },
    open: {
      on: {
        'pin.change': { actions: { type: 'setCode', params: ({ event }) => ({ values: event.values }) } },
        'pin.submit': [
          { guard: 'pinComplete', target: 'closed', actions: ['reportAccepted', 'clearCode'] },
          { actions: [{ type: 'toast', params: { level: 'error', message: messages.pinNotCorrect } }, 'clearCode'] },
        ],
        'pin.cancel': { target: 'closed', actions: ['clearCode', 'reportCancelled'] },
      },
    },
  },
});
