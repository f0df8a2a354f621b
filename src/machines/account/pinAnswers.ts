import { assign, sendTo, type ActionFunction, type ActorRefFrom } from 'xstate';
import type { PinOrPasskey, PinRefusalReason } from '../../../core/contract';
import { pinRefusalOf } from '../../api/account/pin';
import type { PasskeyConfirmation } from '../../api/account/passkeys';
import type { sessionMachine } from '../app/session';

/**
 * What a flow whose call carries the transaction pin (or a passkey in its place) does with the pin
 * dialog's answer, and with the server's refusal of it in the session: the wrong-pin count it
 * answered, a pin locked until it is reset, a logout after one wrong pin too many. Spread into the
 * `setup()` of the flows that authorise schedules.
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
