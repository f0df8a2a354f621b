/**
 * The bot check's actions: each call that needs a captcha token names its action, the widget is
 * solved for that action (Turnstile's `action`, returned by siteverify) and the server accepts
 * the token only for it, so a token solved for one call is worthless for another.
 */
export const CAPTCHA_ACTIONS = ['register', 'forgot', 'login', 'iamhuman'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/**
 * What /iamhuman solves for when the embedding app names no call (the page hands it a token
 * all the same): no call of ours accepts it, so a page opened without `?action=` cannot mint a
 * token for register, forgot or login.
 */
export const UNNAMED_ACTION: CaptchaAction = 'iamhuman';

export const isCaptchaAction = (text: unknown): text is CaptchaAction =>
  CAPTCHA_ACTIONS.includes(text as CaptchaAction);

/**
 * The token of the development verifier, so development needs no captcha account: the SPA yields it
 * when no site key is configured, and the server accepts it, for this action only, in development
 * mode only.
 */
export const developmentCaptchaToken = (action: CaptchaAction) => `dev-ok:${action}`;
