import { fromCallback, setup, type AnyActorRef } from 'xstate';
import { watchNetwork } from '../../api/kit/network';

export type ConnectivityEvent = { type: 'network.online' } | { type: 'network.offline' };

export interface ConnectivityInput {
  /** The session, asked to poll at once when the network comes back. */
  session?: AnyActorRef;
}

/**
 * Whether the app can reach the server. Offline, the signed-in screens show what was last known
 * (the stored balance, the kept activities, "as of" their time) under a banner, and every action
 * that needs the server is disabled with a message: nothing is queued to be sent later. Back
 * online, the session polls at once instead of at its next interval.
 *
 * It starts online, as the page's HTML was drawn, and hears the browser's real state once started
 * (after the first frame is hydrated).
 */
export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityInput,
    events: {} as ConnectivityEvent,
    input: {} as ConnectivityInput,
  },
  actors: {
    watchNetwork: fromCallback<ConnectivityEvent>(({ sendBack }) =>
      watchNetwork((online) => sendBack({ type: online ? 'network.online' : 'network.offline' })),
    ),
  },
  actions: {
    pollNow: ({ context }) => context.session?.send({ type: 'session.refresh' }),
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ session: input.session }),
  invoke: { src: 'watchNetwork' },
  initial: 'online',
  states: {
    online: {
      on: { 'network.offline': 'offline' },
    },
    offline: {
      on: { 'network.online': { target: 'online', actions: 'pollNow' } },
    },
  },
});
