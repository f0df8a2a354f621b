import { fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { reportNotMe } from '../../api/account/auth';
import type { Envelope } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

/**
 * /not-me?token=...: the "this wasn't me" link of an e-mail about a change to the account
 * (password, pin, phone, identity, a new device). Asks once, then reports: the server signs out
 * every device and locks the account until a new password is chosen with "Forgot password?".
 * Opening the link does nothing by itself (mail scanners open links); only the button reports.
 */
export interface NotMeInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The `token` query value of the e-mailed link; null or '' when the link has none. */
  token: string | null;
}

export interface NotMeContext {
  session: NotMeInput['session'];
  token: string;
}

export type NotMeEvent = { type: 'notMe.report' };

/** Not a server string: a link without a token never reaches the server. */
export const INVALID_NOT_ME_LINK: Words = /*i18n*/ {
  id: 'auth.notMe.badLink',
  message: 'This link is incomplete. Open it again from the e-mail, or choose a new password with “Forgot password?”.',
};

export const notMeMachine = setup({
  types: {
    context: {} as NotMeContext,
    events: {} as NotMeEvent,
    input: {} as NotMeInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    reportNotMe: fromPromise<Envelope, { token: string }>(({ input, signal }) => reportNotMe(input.token, signal)),
  },
  actions: {
    ...effects,
    // Whoever was signed in on this browser was signed out by the server too.
    logOut: sendTo(({ context }) => context.session, { type: 'session.logout' }),
  },
  guards: {
    linkWithoutToken: ({ context }) => context.token === '',
  },
}).createMachine({
  id: 'notMe',
  context: ({ input }) => ({ session: input.session, token: input.token?.trim() ?? '' }),
  initial: 'asking',
  states: {
    asking: {
      on: {
        'notMe.report': [
          {
            guard: 'linkWithoutToken',
            actions: { type: 'toast', params: { level: 'error', message: INVALID_NOT_ME_LINK } },
          },
          { target: 'reporting' },
        ],
      },
    },
    reporting: {
      tags: 'busy',
      invoke: {
        id: 'reportNotMe',
        src: 'reportNotMe',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'secured',
          actions: [
            'logOut',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: {
          target: 'asking',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    secured: { type: 'final' },
  },
});
