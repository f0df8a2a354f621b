import type { CaptchaVerifier } from './captcha';

/** The token the SPA's captcha adapter yields when no site key is configured (DESIGN.md, development). */
export const DEV_CAPTCHA_TOKEN = 'dev-ok';

export class DevCaptcha implements CaptchaVerifier {
  async verify(token: string): Promise<boolean> {
    return token === DEV_CAPTCHA_TOKEN;
  }
}
