import type {
  Envelope,
  ForgotRequest,
  LoginRequest,
  RegisterRequest,
  ResetLinkStatus,
  ResetRequest,
  UserData,
} from '../../../core/contract';
import { DEVICE } from '../../../core/limits';
import { callOk } from '../kit/http';
import { deviceId } from '../kit/storage';

/**
 * The account calls (docs/product.md, "Account"). Each resolves with the success envelope and
 * rejects with the server's message (ApiError) or the network failure, so a machine handles one
 * error path.
 */

export const register = (
  fields: Omit<RegisterRequest, 'device' | 'device_id'>,
  signal?: AbortSignal,
): Promise<Envelope<UserData>> =>
  callOk<UserData>(
    '/api/register',
    {
      device: DEVICE,
      device_id: deviceId(),
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      password: fields.password,
      confirm_password: fields.confirm_password,
      token: fields.token,
    } satisfies RegisterRequest,
    { signal },
  );

export const login = (
  fields: Omit<LoginRequest, 'device' | 'device_id'>,
  signal?: AbortSignal,
): Promise<Envelope<UserData>> =>
  callOk<UserData>(
    '/api/login',
    {
      device: DEVICE,
      device_id: deviceId(),
      email: fields.email,
      password: fields.password,
      ...(fields.token ? { token: fields.token } : {}),
    } satisfies LoginRequest,
    { signal },
  );

export const forgot = (fields: Omit<ForgotRequest, 'device'>, signal?: AbortSignal): Promise<Envelope> =>
  callOk('/api/forgot', { email: fields.email, device: DEVICE, token: fields.token } satisfies ForgotRequest, {
    signal,
  });

/** The reset link's token is the bearer of this one call: it authorises the reset in place of a session. */
export const reset = (fields: ResetRequest & { token: string }, signal?: AbortSignal): Promise<Envelope> =>
  callOk(
    '/api/reset',
    { new_password: fields.new_password, confirm_new_password: fields.confirm_new_password } satisfies ResetRequest,
    { token: fields.token, signal },
  );

/** Before /set-pin asks for a pin with a reset link: whether the account has one already (then it keeps it). */
export const checkResetLink = (token: string, signal?: AbortSignal): Promise<Envelope<ResetLinkStatus>> =>
  callOk<ResetLinkStatus>('/api/reset-link', {}, { token, signal });

/** "This wasn't me", with the token of a credential-change e-mail's link: every session ends and the account locks. */
export const reportNotMe = (token: string, signal?: AbortSignal): Promise<Envelope> =>
  callOk('/api/not-me', {}, { token, signal });
