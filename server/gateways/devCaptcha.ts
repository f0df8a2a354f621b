import { developmentCaptchaToken, type CaptchaAction } from '../../core/captcha';
import type { CaptchaVerifier } from './captcha';

/**
 * Development mode's verifier (defaults.ts never builds it in production): the SPA's development token for the
 * expected action.
 */
export class DevCaptcha implements CaptchaVerifier {
  async verify(token: string, action: CaptchaAction): Promise<boolean> {
    return token === developmentCaptchaToken(action);
  }
}
