import type { Envelope, SetPinRequest, UserData, VerifyOtpRequest } from '../../../core/contract';
import { callOk } from '../kit/http';

/**
 * E-mails a new one-time code. Asked too soon, the server refuses with a message saying how
 * long to wait ('you will be able to resend otp in about N seconds'), carried by the rejection.
 */
export const resendOtp = (signal?: AbortSignal): Promise<Envelope> => callOk('/api/resend-otp', {}, { signal });

export const verifyOtp = (otp: string, signal?: AbortSignal): Promise<Envelope> =>
  callOk('/api/verify-otp', { otp } satisfies VerifyOtpRequest, { signal });

/**
 * Sets the transaction pin; the server checks that pin and confirmation match. `token` is the
 * reset link's token, which authorises this call in place of a session; the
 * answer's data are the user's fields with a session token.
 */
export const setPin = (request: SetPinRequest, token?: string, signal?: AbortSignal): Promise<Envelope<UserData>> =>
  callOk<UserData>('/api/set-pin', request, { token, signal });
