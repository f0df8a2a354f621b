import type { Envelope, SendPhoneCodeRequest, UserData, VerifyPhoneRequest } from '../../../core/contract';
import { callOk } from '../kit/http';

/**
 * Verifying the phone on file (docs/product.md, "Account"): a code texted to it, typed back or
 * filled in by the browser. Only a verified phone receives the text of each payment.
 */

/** Texts a 6-digit code; asked too soon, the rejection says how long to wait. */
export const sendPhoneCode = (signal?: AbortSignal): Promise<Envelope> =>
  callOk('/api/send-phone-code', {} satisfies SendPhoneCodeRequest, { signal });

/** Answers with the user fields, `phone_verified` now true. */
export const verifyPhone = (otp: string, signal?: AbortSignal): Promise<Envelope<UserData>> =>
  callOk<UserData>('/api/verify-phone', { otp } satisfies VerifyPhoneRequest, { signal });
