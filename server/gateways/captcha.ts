import type { CaptchaAction } from '../../core/captcha';

/** What a refused bot check answers, wherever a call needs one. */
export const BOT_CHECK_FAILED = /*i18n*/ {
  id: 'botCheck.failed',
  message: 'the bot check failed, please reload the page and try again',
};

/**
 * Checks a bot-check token from the browser for the action it was solved for. Resolves false
 * for a token the service rejects or that was solved for another action; rejects with a
 * GatewayError when the service cannot give an answer.
 */
export interface CaptchaVerifier {
  verify(token: string, action: CaptchaAction, remoteIp?: string): Promise<boolean>;
}
