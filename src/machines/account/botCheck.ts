import { assign, fromPromise, type ActionFunction } from 'xstate';
import type { CaptchaAction } from '../../../core/captcha';
import * as messages from '../../../core/messages';
import { BotCheckFailed, getCaptchaToken } from '../../api/account/captcha';
import { errorMessage } from '../kit/effects';

/**
 * The bot check before a call, as /login, /register and /forgot take it. A flow spreads
 * `botCheckActor(action)` into its actors and `captchaTokenActions` into its actions, has the
 * state `verifyingHuman` below among its states, and forgets the token on leaving its
 * `submitting` state (`exit: 'dropCaptchaToken'`): a token verifies one request, so a retry or
 * a resend solves the check again.
 */

/** Solves the check for the call it comes before: the server accepts a token only for that action. */
export const botCheckActor = (action: CaptchaAction) => ({
  getCaptchaToken: fromPromise<string>(({ signal }) => getCaptchaToken(action, signal)),
});

// Loose on context and event so one definition fits each flow's `setup`; strict on params.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TokenAction<P> = ActionFunction<any, any, any, P, never, never, never, never, never>;

export const captchaTokenActions = {
  keepCaptchaToken: assign({ captchaToken: (_, params: { token: string }) => params.token }) as TokenAction<{
    token: string;
  }>,
  dropCaptchaToken: assign({ captchaToken: '' }) as TokenAction<undefined>,
};

/** Solving the check: its token goes on to `submitting`; a failure goes back to `editing`, saying why. */
export const verifyingHuman = {
  tags: 'busy',
  invoke: {
    id: 'captcha',
    src: 'getCaptchaToken',
    onDone: {
      target: 'submitting',
      actions: {
        type: 'keepCaptchaToken',
        params: ({ event }: { event: { output: string } }) => ({ token: event.output }),
      },
    },
    onError: {
      target: 'editing',
      actions: {
        type: 'toast',
        params: ({ event }: { event: { error: unknown } }) => ({
          level: 'error' as const,
          message: event.error instanceof BotCheckFailed ? messages.botCheckFailed : errorMessage(event.error),
        }),
      },
    },
  },
} as const;
