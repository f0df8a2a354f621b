import { assign, fromPromise, setup } from 'xstate';
import type { CaptchaAction } from '../../../core/captcha';
import { getCaptchaToken } from '../../api/account/captcha';
import { postTokenToHost } from '../../api/kit/webviewBridge';

export type HumanCheckEvent = { type: 'human.confirm' };

export interface HumanCheckInput {
  /**
   * The call the embedding app will spend the token on (`/iamhuman?action=register`): the
   * server accepts a token only for the action it was solved for.
   */
  action: CaptchaAction;
}

/**
 * /iamhuman: after 'I am human' a captcha token is obtained and handed to the
 * mobile app embedding the page. Any failure may be retried with the same button.
 */
export const humanCheckMachine = setup({
  types: {
    context: {} as { token: string; action: CaptchaAction },
    events: {} as HumanCheckEvent,
    input: {} as HumanCheckInput,
  },
  actors: {
    getCaptchaToken: fromPromise<string, { action: CaptchaAction }>(({ input, signal }) =>
      getCaptchaToken(input.action, signal),
    ),
    postTokenToHost: fromPromise<void, { token: string }>(({ input }) => postTokenToHost(input.token)),
  },
  actions: {
    keepToken: assign({ token: (_, params: { token: string }) => params.token }),
    forgetToken: assign({ token: '' }),
  },
}).createMachine({
  id: 'humanCheck',
  context: ({ input }) => ({ token: '', action: input.action }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'human.confirm': 'verifying' },
    },
    verifying: {
      invoke: {
        id: 'captcha',
        src: 'getCaptchaToken',
        input: ({ context }) => ({ action: context.action }),
        onDone: {
          target: 'delivering',
          actions: { type: 'keepToken', params: ({ event }) => ({ token: event.output }) },
        },
        onError: 'failed',
      },
    },
    delivering: {
      invoke: {
        id: 'deliver',
        src: 'postTokenToHost',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'done', actions: 'forgetToken' },
        // A token the app never received is of no use; the next try fetches a fresh one.
        onError: { target: 'failed', actions: 'forgetToken' },
      },
    },
    done: { type: 'final' },
    failed: {
      on: { 'human.confirm': 'verifying' },
    },
  },
});
