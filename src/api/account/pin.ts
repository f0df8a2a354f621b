import type { Envelope, ForgotPinRequest, ResetPinRequest } from '../../../core/contract';
import { callOk } from '../kit/http';

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
