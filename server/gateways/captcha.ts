import type { CaptchaAction } from '../../core/captcha';

/**
 * Checks a bot-check token from the browser for the action it was solved for. Resolves false
 * for a token the service rejects or that was solved for another action; rejects with a
 * GatewayError when the service cannot give an answer.
 */
export interface CaptchaVerifier {
  verify(token: string, action: CaptchaAction, remoteIp?: string): Promise<boolean>;
}
