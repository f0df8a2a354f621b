import { assign, fromPromise, sendTo, setup, waitFor, type ActorRefFrom } from 'xstate';
import type { Envelope } from '../../../core/contract';
import { markNotification } from '../../api/notifications/notifications';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

type Session = ActorRefFrom<typeof sessionMachine>;

export interface NotificationsInput {
  session: Session;
}

export interface NotificationsContext extends NotificationsInput {
  /** The notification being marked as read. */
  marking: number | null;
}

export type NotificationsEvent = { type: 'notifications.mark'; id: number };

/**
 * /notification. The list is the session's, which polls it; opening the
 * screen asks the session for a fresh poll and waits for it, so the list is current before
 * "No notifications" can be claimed. Marking one as read is confirmed by the server first;
 * only then does the session's copy change. One mark at a time.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    // Asks the session for a fresh poll and settles once it is over, answered or not (a failed poll keeps the
    // last list). Sending and waiting live in one actor so the wait cannot begin before the refresh lands.
    // On a page just opened the session is still restoring its user (it starts after the screen): it polls
    // as soon as it has, and that poll is the one waited for, not an empty list claimed before it.
    sessionRefresh: fromPromise<unknown, { session: Session }>(({ input: { session }, signal }) => {
      const refresh = () => {
        session.send({ type: 'session.refresh' });
        return waitFor(session, (snapshot) => !snapshot.matches({ signedIn: 'polling' }), { signal });
      };
      return session.getSnapshot().matches('restoring')
        ? waitFor(session, (snapshot) => !snapshot.matches('restoring'), { signal }).then(refresh)
        : refresh();
    }),
    markNotification: fromPromise<Envelope, { id: number }>(({ input, signal }) => markNotification(input.id, signal)),
  },
  actions: {
    ...effects,
    markRead: sendTo(
      ({ context }) => context.session,
      (_, params: { id: number }) => ({ type: 'notification.read' as const, id: params.id }),
    ),
    setMarking: assign({ marking: (_, params: { id: number }) => params.id }),
    clearMarking: assign({ marking: null }),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ session: input.session, marking: null }),
  type: 'parallel',
  states: {
    list: {
      initial: 'refreshing',
      states: {
        refreshing: {
          invoke: {
            id: 'sessionRefresh',
            src: 'sessionRefresh',
            input: ({ context }) => ({ session: context.session }),
            onDone: 'ready',
          },
        },
        ready: {},
      },
    },
    mark: {
      initial: 'idle',
      states: {
        // Cleared on arrival rather than on leaving `marking`, so the answer's actions still know which one it was.
        idle: {
          entry: 'clearMarking',
          on: {
            'notifications.mark': {
              target: 'marking',
              actions: { type: 'setMarking', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        marking: {
          invoke: {
            id: 'markNotification',
            src: 'markNotification',
            input: ({ context }) => ({ id: context.marking! }),
            onDone: {
              target: 'idle',
              actions: { type: 'markRead', params: ({ context }) => ({ id: context.marking! }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'toast',
                params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }),
              },
            },
          },
        },
      },
    },
  },
});
