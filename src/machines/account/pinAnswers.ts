import { sendTo, type ActionFunction, type ActorRefFrom } from 'xstate';
import type { PinRefusalReason } from '../../../core/contract';
import { pinRefusalOf } from '../../api/account/pin';
import type { sessionMachine } from '../app/session';

/**
 * What a flow whose call carries the transaction pin does with the server's refusal of it, in
 * the session: the wrong-pin count it answered, a pin locked until it is reset, a logout after
 * one wrong pin too many. Spread into the `setup()` of the flows that authorise schedules.
 */

type WithSession = { context: { session: ActorRefFrom<typeof sessionMachine> } };

// Loose on context and event so one definition fits each machine's `setup`; strict on params.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SessionAction<P> = ActionFunction<any, any, any, P, any, never, never, never, never>;

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
  ) as SessionAction<{ answer: unknown }>,
  lockPurchases: sendTo(({ context }: WithSession) => context.session, {
    type: 'session.update' as const,
    data: { pin_locked: true },
  }) as SessionAction<undefined>,
  logout: sendTo(({ context }: WithSession) => context.session, {
    type: 'session.logout' as const,
  }) as SessionAction<undefined>,
};

/** The call refused the pin for this reason (incorrect, locked, logout). */
export const pinRefused = (_: unknown, params: { answer: unknown; reason: PinRefusalReason }) =>
  pinRefusalOf(params.answer)?.reason === params.reason;
