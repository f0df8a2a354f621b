import { assign, sendTo, setup, type AnyActorRef, type ActorRefFrom } from 'xstate';
import { emptyCode, isComplete, joinCode } from '../domain/codes';
import { PIN_LENGTH } from '../../core/limits';
import { messages } from '../../core/messages';
import { effects, type FlowEmitted } from './effects';
import type { sessionMachine } from './session';

export interface PinDialogInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The flow that asked for the pin: it hears `pin.accepted` or `pin.cancelled`. */
  owner: AnyActorRef;
}

export interface PinDialogContext extends PinDialogInput {
  /** One digit per box. */
  code: string[];
  /** Wrong pins entered so far; kept for as long as the screen lives, across cancels. */
  attempts: number;
}

export type PinDialogEvent =
  | { type: 'pin.open' }
  | { type: 'pin.change'; values: string[] }
  | { type: 'pin.submit' }
  | { type: 'pin.cancel' };

/** What the dialog tells its owner. */
export type PinDialogReport = { type: 'pin.accepted'; pin: string } | { type: 'pin.cancelled' };

/**
 * The transaction pin dialog of a service screen (SPEC.md §2, §4 "Pin failure", §8): four
 * masked boxes, compared on Continue with the pin the session holds. A match closes the dialog
 * and hands the pin to the owner, which makes the purchase (the server checks it again). A
 * mismatch says 'transaction pin not correct' and counts; a wrong pin when the count has
 * already reached the session's max_attempts logs the user out and sends them to /login.
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
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    reportAccepted: sendTo(
      ({ context }) => context.owner,
      ({ context }): PinDialogReport => ({ type: 'pin.accepted', pin: joinCode(context.code) }),
    ),
    reportCancelled: sendTo(({ context }) => context.owner, { type: 'pin.cancelled' } satisfies PinDialogReport),
    logout: sendTo(({ context }) => context.session, { type: 'session.logout' as const }),
  },
  guards: {
    pinMatches: ({ context }) => {
      const stored = context.session.getSnapshot().context.user.pin;
      return stored !== '' && isComplete(context.code, PIN_LENGTH) && joinCode(context.code) === stored;
    },
    attemptsExhausted: ({ context }) => context.attempts >= context.session.getSnapshot().context.max_attempts,
  },
}).createMachine({
  id: 'pinDialog',
  context: ({ input }) => ({ session: input.session, owner: input.owner, code: emptyCode(PIN_LENGTH), attempts: 0 }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'pin.open': 'open' },
    },
    open: {
      on: {
        'pin.change': { actions: { type: 'setCode', params: ({ event }) => ({ values: event.values }) } },
        'pin.submit': [
          { guard: 'pinMatches', target: 'closed', actions: ['reportAccepted', 'clearCode'] },
          {
            guard: 'attemptsExhausted',
            target: 'lockedOut',
            actions: [
              { type: 'toast', params: { level: 'error', message: messages.pinNotCorrect } },
              'clearCode',
              'logout',
              { type: 'navigate', params: { to: '/login' } },
            ],
          },
          { actions: [{ type: 'toast', params: { level: 'error', message: messages.pinNotCorrect } }, 'countAttempt', 'clearCode'] },
        ],
        'pin.cancel': { target: 'closed', actions: ['clearCode', 'reportCancelled'] },
      },
    },
    /** Logged out; the screen is on its way to /login. */
    lockedOut: { type: 'final' },
  },
});
