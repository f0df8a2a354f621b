/**
 * The bot check's actions: each call that needs a captcha token names its action, the widget is
 * solved for that action (Turnstile's `action`, returned by siteverify) and the server accepts
 * the token only for it, so a token solved for one call is worthless for another.
 */
export const CAPTCHA_ACTIONS = ['register', 'forgot', 'login'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const isCaptchaAction = (text: unknown): text is CaptchaAction => CAPTCHA_ACTIONS.includes(text as CaptchaAction);

/**
 * The token of the development verifier (DESIGN.md §3): the SPA yields it when no site key is
 * configured, and the server accepts it, for this action only, in development mode only.
 */
export const developmentCaptchaToken = (action: CaptchaAction) => `dev-ok:${action}`;
