import type { CaptchaAction } from '../../core/captcha';
import { GatewayError } from '../errors';
import type { CaptchaVerifier } from './captcha';
import { t } from '../i18n';

/** Turnstile tokens are at most 2048 characters; anything longer is not worth a round trip. */
const MAX_TOKEN_LENGTH = 2048;
const TIMEOUT_MS = 5_000;
/** A bot check that could not be made is worth trying again soon: the service's outages are short. */
const CAPTCHA_RETRY_AFTER_S = 10;
/** Cloudflare: a token is valid for 300 seconds after the challenge was solved. */
const MAX_CHALLENGE_AGE_MS = 300_000;
/** Our clock and Cloudflare's may disagree a little; a challenge solved further in the future is not one we believe. */
const CLOCK_SKEW_MS = 60_000;

export interface TurnstileOptions {
  secret: string;
  verifyUrl: string;
  /** The host our pages are served from (PUBLIC_URL's): a challenge solved on any other site is refused. */
  hostname: string;
  now?: () => Date;
}

/** What a customer reads when Cloudflare's check could not be asked. */
const CAPTCHA_UNAVAILABLE = /*i18n*/ {
  id: 'partner.captcha.down',
  message: 'the bot check could not be completed, please try again in a moment',
};

/**
 * Cloudflare Turnstile siteverify: form-encoded secret, response and remoteip; JSON back with
 * `success`, the `action` the widget was rendered with (Cloudflare protects it from tampering
 * and recommends checking it), the `hostname` the challenge was served on and `challenge_ts`,
 * when it was solved. A site key can be used on several sites, so a token farmed on another
 * page of the same key is refused by its hostname; an old solve by its age.
 */
export class TurnstileCaptcha implements CaptchaVerifier {
  readonly #options: Required<TurnstileOptions>;

  constructor(options: TurnstileOptions) {
    this.#options = { now: () => new Date(), ...options, hostname: options.hostname.toLowerCase() };
  }

  async verify(token: string, action: CaptchaAction, remoteIp?: string): Promise<boolean> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return false;
    const form = new URLSearchParams({ secret: this.#options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: unknown;
    try {
      const response = await fetch(this.#options.verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
      answer = await response.json();
    } catch (cause) {
      throw new GatewayError(t(CAPTCHA_UNAVAILABLE), {
        cause,
        retryAfterS: CAPTCHA_RETRY_AFTER_S,
      });
    }
    if (typeof answer !== 'object' || answer === null) return false;
    const { success, action: solvedFor, hostname, challenge_ts: solvedAt } = answer as Record<string, unknown>;
    return success === true && solvedFor === action && this.#ourHost(hostname) && this.#recent(solvedAt);
  }

  #ourHost(hostname: unknown): boolean {
    return typeof hostname === 'string' && hostname.toLowerCase() === this.#options.hostname;
  }

  #recent(solvedAt: unknown): boolean {
    const at = typeof solvedAt === 'string' ? Date.parse(solvedAt) : Number.NaN;
    const age = this.#options.now().getTime() - at;
    return Number.isFinite(at) && age <= MAX_CHALLENGE_AGE_MS && age >= -CLOCK_SKEW_MS;
  }
}
