import type { Envelope, ForgotPinRequest, PinRefusal, PinRefusalReason, ResetPinRequest } from '../../../core/contract';
import { ApiError, callOk } from '../kit/http';

/**
 * The transaction pin's recovery ("Forgot pin?"): a code e-mailed to the user, then the account
 * password and that code authorise a new pin, which also lifts a pin lock.
 */

/**
 * E-mails a 4-digit code; asked too soon, the rejection says how long to wait ('you will be able to
 * resend otp in about N seconds').
 */
export const forgotPin = (signal?: AbortSignal): Promise<Envelope> =>
  callOk('/api/forgot-pin', {} satisfies ForgotPinRequest, { signal });

export const resetPin = (request: ResetPinRequest, signal?: AbortSignal): Promise<Envelope> =>
  callOk(
    '/api/reset-pin',
    {
      password: request.password,
      otp: request.otp,
      pin: request.pin,
      confirm_pin: request.confirm_pin,
    } satisfies ResetPinRequest,
    { signal },
  );

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
