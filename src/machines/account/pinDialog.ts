import { assign, fromPromise, sendTo, setup, type ActionFunction, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { Envelope, PinOrPasskey, PinRefusal, PinRefusalReason } from '../../../core/contract';
import { ApiError } from '../../api/kit/http';
import { confirmWithPasskey, type PasskeyConfirmation } from '../../api/account/passkeys';
import { passkeyNotUsed } from '../../api/kit/webauthn';
import { emptyCode, isComplete, joinCode } from '../../domain/account/codes';
import { PIN_LENGTH } from '../../../core/limits';
import type { Words } from '../../../core/i18n/words';
import * as messages from '../../../core/messages';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

export interface PinDialogInput {
  /** The flow that asked for the pin: it hears `pin.accepted` or `pin.cancelled`. */
  owner: AnyActorRef;
  /**
   * This device holds a passkey (api/kit/webauthn.ts passkeyHere) and the owner's call takes one in
   * place of the pin: the passkey is offered first.
   */
  passkeys?: boolean;
}

export interface PinDialogContext {
  owner: AnyActorRef;
  passkeys: boolean;
  /** One digit per box. */
  code: string[];
}

export type PinDialogEvent =
  | { type: 'pin.open' }
  | { type: 'pin.change'; values: string[] }
  | { type: 'pin.submit' }
  | { type: 'pin.cancel' }
  | { type: 'pin.usePasskey' }
  | { type: 'pin.usePin' };

/** What the dialog tells its owner: the pin typed, or (the pin left empty) a passkey's answer. */
export type PinDialogReport =
  { type: 'pin.accepted'; pin: string; passkey?: PasskeyConfirmation } | { type: 'pin.cancelled' };

/** Said when the phone's prompt was closed: the pin is one tap away. */
export const PASSKEY_NOT_USED: Words = /*i18n*/ {
  id: 'pinDialog.noPasskey',
  message: 'no passkey was used: try again, or use your pin',
};

/**
 * A pin the boxes cannot hold (left incomplete), and the wrong pin that ended the session: said by
 * the app, in the product's words; the server says its own wrong pins.
 */
export const PIN_NOT_CORRECT: Words = messages.pinNotCorrect;

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
    reportPasskey: sendTo(
      ({ context }) => context.owner,
      (_, params: { passkey: PasskeyConfirmation }): PinDialogReport => ({
        type: 'pin.accepted',
        pin: '',
        passkey: params.passkey,
      }),
    ),
  },
  actors: {
    confirm: fromPromise<PasskeyConfirmation>(({ signal }) => confirmWithPasskey(signal)),
  },
  guards: {
    pinComplete: ({ context }) => isComplete(context.code, PIN_LENGTH),
    passkeyHere: ({ context }) => context.passkeys,
    notUsed: (_, params: { error: unknown }) => passkeyNotUsed(params.error),
  },
}).createMachine({
  id: 'pinDialog',
  context: ({ input }) => ({ owner: input.owner, passkeys: input.passkeys ?? false, code: emptyCode(PIN_LENGTH) }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'pin.open': [{ guard: 'passkeyHere', target: 'passkey' }, { target: 'open' }] },
    },
    // This device holds a passkey: offered first; the pin is one tap away.
    passkey: {
      on: {
        'pin.usePasskey': 'confirming',
        'pin.usePin': 'open',
        'pin.cancel': { target: 'closed', actions: 'reportCancelled' },
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirm',
        src: 'confirm',
        onDone: {
          target: 'closed',
          actions: { type: 'reportPasskey', params: ({ event }) => ({ passkey: event.output }) },
        },
        onError: [
          {
            guard: { type: 'notUsed', params: ({ event }) => ({ error: event.error }) },
            target: 'passkey',
            actions: { type: 'toast', params: { level: 'error', message: PASSKEY_NOT_USED } },
          },
          {
            target: 'passkey',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          },
        ],
      },
    },
    open: {
      on: {
        'pin.change': { actions: { type: 'setCode', params: ({ event }) => ({ values: event.values }) } },
        'pin.submit': [
          { guard: 'pinComplete', target: 'closed', actions: ['reportAccepted', 'clearCode'] },
          { actions: [{ type: 'toast', params: { level: 'error', message: PIN_NOT_CORRECT } }, 'clearCode'] },
        ],
        'pin.cancel': { target: 'closed', actions: ['clearCode', 'reportCancelled'] },
      },
    },
  },
});

/**
 * What a flow whose call carries the transaction pin (or a passkey in its place) does with the pin
 * dialog's answer, and with the server's refusal of it in the session: the wrong-pin count it
 * answered, a pin locked until it is reset, a logout after one wrong pin too many. Spread into the
 * `setup()` of each flow that opens the dialog: a purchase, a schedule's form, the schedules' list.
 */

type WithSession = { context: { session: ActorRefFrom<typeof sessionMachine> } };

// Loose on context and event so one definition fits each machine's `setup`; strict on params.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseAction<P> = ActionFunction<any, any, any, P, any, never, never, never, never>;

/**
 * What the pin dialog answered, held only while the one call it confirms is under way: the pin
 * typed, or (the pin left empty) a passkey's answer in its place.
 */
export interface PinConfirmation {
  pin: string;
  passkey: PasskeyConfirmation | null;
}

/** What the call sends: the passkey's answer alone when there is one, for the server to check instead of a pin. */
export const confirmationOf = ({ pin, passkey }: PinConfirmation): PinOrPasskey => (passkey ? { passkey } : { pin });

/** Keeps the dialog's answer for its one call, and forgets it once that call has answered. */
export const pinConfirmationActions = {
  keepPin: assign((_, params: { pin: string; passkey?: PasskeyConfirmation }) => ({
    pin: params.pin,
    passkey: params.passkey ?? null,
  })) as LooseAction<{ pin: string; passkey?: PasskeyConfirmation }>,
  forgetPin: assign({ pin: '', passkey: null }) as LooseAction<undefined>,
};

export const pinAnswerActions = {
  countWrongPin: sendTo(
    ({ context }: WithSession) => context.session,
    (_, params: { answer: unknown }) => {
      const refusal = pinRefusalOf(params.answer);
      return {
        type: 'session.update' as const,
        data:
          refusal?.reason === 'pin-incorrect'
            ? { pin_attempts: refusal.pin_attempts, max_attempts: refusal.max_attempts }
            : {},
      };
    },
  ) as LooseAction<{ answer: unknown }>,
  lockPurchases: sendTo(({ context }: WithSession) => context.session, {
    type: 'session.update' as const,
    data: { pin_locked: true },
  }) as LooseAction<undefined>,
  logout: sendTo(({ context }: WithSession) => context.session, {
    type: 'session.logout' as const,
  }) as LooseAction<undefined>,
};

/** The call refused the pin for this reason (incorrect, locked, logout). */
export const pinRefused = (_: unknown, params: { answer: unknown; reason: PinRefusalReason }) =>
  pinRefusalOf(params.answer)?.reason === params.reason;

const REASONS: readonly PinRefusalReason[] = ['pin-incorrect', 'pin-logout', 'pin-locked'];

/**
 * Why the server refused a pin, from a purchase's answer (an envelope) or a call's rejection
 * (ApiError); null for any other answer. Read defensively: an answer of another server may
 * carry anything in `data`.
 */
export function pinRefusalOf(answer: unknown): PinRefusal | null {
  const envelope = answer instanceof ApiError ? answer.envelope : (answer as Partial<Envelope> | null | undefined);
  if (!envelope || envelope.type !== 'error') return null;
  const data = envelope.data as { reason?: unknown } | null | undefined;
  return data && typeof data === 'object' && REASONS.includes(data.reason as PinRefusalReason)
    ? (data as PinRefusal)
    : null;
}
