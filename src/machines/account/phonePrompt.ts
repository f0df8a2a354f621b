import { phonePromptDismissed } from '../../api/kit/storage';
import type { SessionUser } from '../../domain/account/user';

/**
 * Whether the dashboard asks for the phone (phoneVerification.ts with `prompt`): the server has
 * said the phone is not verified, and this account has not put the prompt off on this browser.
 * Apart from the machine, so the dashboard's first load carries this and not the flow.
 */
export const wantsPhonePrompt = (user: Pick<SessionUser, 'phone_verified' | 'email'>): boolean =>
  user.phone_verified === false && !phonePromptDismissed(user.email);
