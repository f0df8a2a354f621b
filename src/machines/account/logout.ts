import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { effects, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

/**
 * The account menu's logout: asking opens a confirmation; confirming logs the
 * session out (which revokes the token on the server and empties storage) and goes to /login.
 */
export interface LogoutInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export type LogoutEvent = { type: 'logout.request' } | { type: 'logout.confirm' } | { type: 'logout.cancel' };

export const logoutMachine = setup({
  types: {
    context: {} as LogoutInput,
    events: {} as LogoutEvent,
    input: {} as LogoutInput,
    emitted: {} as FlowEmitted,
  },
  actions: {
    ...effects,
    logOut: sendTo(({ context }) => context.session, { type: 'session.logout' }),
  },
}).createMachine({
  id: 'logout',
  context: ({ input }) => ({ session: input.session }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'logout.request': 'confirming' },
    },
    confirming: {
      on: {
        'logout.cancel': 'closed',
        'logout.confirm': { target: 'loggedOut', actions: ['logOut', { type: 'navigate', params: { to: '/login' } }] },
      },
    },
    loggedOut: { type: 'final' },
  },
});
