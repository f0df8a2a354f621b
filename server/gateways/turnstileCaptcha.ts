import type { CaptchaAction } from '../../core/captcha';
import { GatewayError } from '../errors';
import type { CaptchaVerifier } from './captcha';

/** Turnstile tokens are at most 2048 characters; anything longer is not worth a round trip. */
const MAX_TOKEN_LENGTH = 2048;
const TIMEOUT_MS = 5_000;

/**
 * Cloudflare Turnstile siteverify: form-encoded secret, response and remoteip; JSON back with
 * `success` and the `action` the widget was rendered with (Cloudflare protects it from
 * tampering and recommends checking it).
 */
export class TurnstileCaptcha implements CaptchaVerifier {
  readonly #secret: string;
  readonly #verifyUrl: string;

  constructor(secret: string, verifyUrl: string) {
    this.#secret = secret;
    this.#verifyUrl = verifyUrl;
  }

  async verify(token: string, action: CaptchaAction, remoteIp?: string): Promise<boolean> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return false;
    const form = new URLSearchParams({ secret: this.#secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: unknown;
    try {
      const response = await fetch(this.#verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
      answer = await response.json();
    } catch (cause) {
      throw new GatewayError('the bot check could not be completed, please try again in a moment', { cause });
    }
    if (typeof answer !== 'object' || answer === null) return false;
    const { success, action: solvedFor } = answer as { success?: unknown; action?: unknown };
    return success === true && solvedFor === action;
  }
}
