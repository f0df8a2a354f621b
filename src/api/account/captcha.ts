import { developmentCaptchaToken, type CaptchaAction } from '../../../core/captcha';

/**
 * The bot check of register, forgot and /iamhuman: Cloudflare Turnstile when a site key is
 * configured, otherwise the development token the server's dev verifier accepts, so the product
 * runs with no account anywhere. Either way the token is bound to the action of the call that will
 * spend it (core/captcha.ts).
 */
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const TIMEOUT_MS = 30_000;

interface TurnstileRenderOptions {
  sitekey: string;
  /** Returned by siteverify, where the server checks it. */
  action: CaptchaAction;
  appearance?: 'always' | 'execute' | 'interaction-only';
  callback: (token: string) => void;
  'error-callback': () => void;
  'expired-callback': () => void;
  'timeout-callback': () => void;
}

interface Turnstile {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

/**
 * The check could not be solved (the script did not load, Turnstile failed or timed out): the
 * flow says core/messages.ts's `botCheckFailed` in the reader's language; this English is for logs.
 */
export class BotCheckFailed extends Error {
  constructor() {
    super('the bot check could not be solved');
    this.name = 'BotCheckFailed';
  }
}

let loading: Promise<Turnstile> | undefined;

/** Adds the Turnstile script once; a failed load is forgotten so the next attempt retries it. */
function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new BotCheckFailed()));
    script.onerror = () => {
      script.remove();
      reject(new BotCheckFailed());
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Resolves with a captcha token, for `action` only, for the server to verify; rejects on error,
 * expiry, timeout or abort.
 */
export async function getCaptchaToken(action: CaptchaAction, signal?: AbortSignal): Promise<string> {
  const siteKey: string | undefined = import.meta.env?.VITE_CAPTCHA_SITE_KEY;
  if (!siteKey) return developmentCaptchaToken(action);
  const turnstile = await loadTurnstile();
  signal?.throwIfAborted();

  return new Promise<string>((resolve, reject) => {
    // Outside the React tree, so no screen has to host it. 'interaction-only' keeps it invisible
    // unless Turnstile decides a person must click, and then it floats above the page.
    const container = document.createElement('div');
    container.style.cssText = 'position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:1000';
    document.body.appendChild(container);

    let widgetId: string | undefined;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (widgetId !== undefined) turnstile.remove(widgetId);
      container.remove();
      outcome();
    };
    const fail = () => settle(() => reject(new BotCheckFailed()));
    const onAbort = () => settle(() => reject(signal?.reason));
    const timer = setTimeout(fail, TIMEOUT_MS);
    signal?.addEventListener('abort', onAbort, { once: true });

    try {
      widgetId = turnstile.render(container, {
        sitekey: siteKey,
        action,
        appearance: 'interaction-only',
        callback: (token) => settle(() => resolve(token)),
        'error-callback': fail,
        'expired-callback': fail,
        'timeout-callback': fail,
      });
    } catch {
      fail();
    }
  });
}
