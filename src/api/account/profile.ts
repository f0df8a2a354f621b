import type {
  ChangePasswordRequest,
  ChangePinRequest,
  Envelope,
  SetLanguageRequest,
  UpdateProfileRequest,
  UserData,
} from '../../../core/contract';
import type { Locale } from '../../../core/i18n/locales';
import { DEVICE } from '../../../core/limits';
import { callOk } from '../kit/http';

/**
 * The account pages' calls (docs/product.md, "Account"). Each resolves with the success envelope
 * and rejects with the server's message (ApiError) or the network failure, so a machine handles one
 * error path.
 */

/** Answers with the updated user fields. */
export const updateProfile = (
  fields: Omit<UpdateProfileRequest, 'device'>,
  signal?: AbortSignal,
): Promise<Envelope<UserData>> =>
  callOk<UserData>(
    '/api/update-profile',
    {
      device: DEVICE,
      name: fields.name,
      phone: fields.phone,
      nin: fields.nin,
      bvn: fields.bvn,
      date_of_birth: fields.date_of_birth,
    } satisfies UpdateProfileRequest,
    { signal },
  );

export const changePassword = (fields: ChangePasswordRequest, signal?: AbortSignal): Promise<Envelope> =>
  callOk(
    '/api/change-password',
    {
      old_password: fields.old_password,
      new_password: fields.new_password,
      confirm_new_password: fields.confirm_new_password,
    } satisfies ChangePasswordRequest,
    { signal },
  );

/** Answers with the user fields, the new pin among them; the server checks that new pin and confirmation match. */
export const changePin = (fields: ChangePinRequest, signal?: AbortSignal): Promise<Envelope<UserData>> =>
  callOk<UserData>(
    '/api/change-pin',
    {
      old_pin: fields.old_pin,
      new_pin: fields.new_pin,
      confirm_new_pin: fields.confirm_new_pin,
    } satisfies ChangePinRequest,
    { signal },
  );

/** Chooses the account's language (what its e-mails and texts are written in); answers with the user. */
export const setLanguage = (language: Locale, signal?: AbortSignal): Promise<Envelope<UserData>> =>
  callOk<UserData>('/api/user/language', { language } satisfies SetLanguageRequest, { signal });
