import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Notification, ProvidersByCategory, UserData } from '../../core/contract';
import { ApiError, onSessionRefused } from '../api/http';
import { fetchNotifications, fetchProviders, fetchUser, revokeSession } from '../api/session';
import { loadUser, saveUser } from '../api/storage';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_PAGINATION, POLL_INTERVAL_MS } from '../../core/limits';
import { isPublicRoute } from '../domain/routes';
import { emptyUser, toSessionUser, USER_FIELDS, type SessionUser } from '../domain/user';
import { effects, type FlowEmitted } from './effects';

/** The shared state of SPEC.md §3, plus the route the user is on (for the §6 logout rule). */
export interface SessionContext {
  loading: boolean;
  reveal_balance: boolean;
  notifications: Notification[];
  providers: ProvidersByCategory;
  max_attempts: number;
  pagination: number;
  more_reveal: boolean;
  user: SessionUser;
  pathname: string;
}

export type SessionEvent =
  | { type: 'session.login'; data: Partial<UserData> }
  | { type: 'session.update'; data: Partial<UserData> }
  | { type: 'session.logout' }
  | { type: 'session.refresh' }
  /** The server refused the session (expired, revoked): `message` is its answer, told to the user. */
  | { type: 'session.refused'; message: string }
  | { type: 'session.route'; pathname: string }
  | { type: 'loading.set'; value: boolean }
  | { type: 'balance.toggle' }
  | { type: 'notification.read'; id: number }
  | { type: 'pagination.reset' };

export interface SessionInput {
  user?: SessionUser;
  pathname?: string;
}

/** What one poll brings back; providers and notifications are kept when their call fails. */
export interface PollResult {
  user: Partial<UserData>;
  providers?: ProvidersByCategory;
  notifications?: Notification[];
}

async function pollSession({ signal }: { signal: AbortSignal }): Promise<PollResult> {
  const envelope = await fetchUser(signal);
  // A refused session is reported by the http layer (watchSession), whichever call met it.
  if (envelope.type !== 'success') throw new ApiError(envelope);
  const [providers, notifications] = await Promise.allSettled([fetchProviders(signal), fetchNotifications(signal)]);
  return {
    user: envelope.data ?? {},
    providers: providers.status === 'fulfilled' ? providers.value.data : undefined,
    notifications: notifications.status === 'fulfilled' ? notifications.value.data : undefined,
  };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    poll: fromPromise<PollResult>(pollSession),
    /** Any call answering that the session is gone (SPEC.md §6: 401 with "authorization"), polled or not. */
    watchSession: fromCallback<SessionEvent>(({ sendBack }) => onSessionRefused((message) => sendBack({ type: 'session.refused', message }))),
  },
  actions: {
    ...effects,
    signIn: assign({ user: (_, params: { data: Partial<UserData> }) => toSessionUser(params.data) }),
    mergeUser: assign({ user: ({ context }, params: { data: Partial<UserData> }) => toSessionUser(params.data, context.user) }),
    applyPoll: assign(({ context }, params: { result: PollResult }) => ({
      user: toSessionUser(params.result.user, context.user),
      providers: params.result.providers ?? context.providers,
      notifications: params.result.notifications ?? context.notifications,
    })),
    clearUser: assign({ user: emptyUser, notifications: [], providers: {}, loading: false }),
    persistUser: ({ context }) => saveUser(context.user, USER_FIELDS),
    // Fire and forget: the user is logged out locally whatever the server answers, and an
    // unrevoked token still expires on its own.
    revokeOnServer: ({ context }) => {
      if (context.user.token) revokeSession(context.user.token).catch(() => undefined);
    },
    setRoute: assign({ pathname: (_, params: { pathname: string }) => params.pathname }),
    setLoading: assign({ loading: (_, params: { value: boolean }) => params.value }),
    toggleBalance: assign({ reveal_balance: ({ context }) => !context.reveal_balance }),
    markRead: assign({
      notifications: ({ context }, params: { id: number }) =>
        context.notifications.map((n) => (n.id === params.id ? { ...n, status: 'read' as const } : n)),
    }),
    resetPagination: assign({ pagination: DEFAULT_PAGINATION, more_reveal: false }),
  },
  guards: {
    hasToken: ({ context }) => context.user.token !== '',
    onProtectedRoute: ({ context }) => !isPublicRoute(context.pathname),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    loading: false,
    reveal_balance: true,
    notifications: [],
    providers: {},
    max_attempts: DEFAULT_MAX_ATTEMPTS,
    pagination: DEFAULT_PAGINATION,
    more_reveal: false,
    user: input.user ?? loadUser(emptyUser, USER_FIELDS),
    pathname: input.pathname ?? '/',
  }),
  initial: 'starting',
  on: {
    'session.route': { actions: { type: 'setRoute', params: ({ event }) => ({ pathname: event.pathname }) } },
    'loading.set': { actions: { type: 'setLoading', params: ({ event }) => ({ value: event.value }) } },
    'balance.toggle': { actions: 'toggleBalance' },
    'notification.read': { actions: { type: 'markRead', params: ({ event }) => ({ id: event.id }) } },
    'pagination.reset': { actions: 'resetPagination' },
    // Login saves every field and reloads state (SPEC.md §4), from any state.
    // Logout overwrites every field with its empty value and reloads state (SPEC.md §4).
    'session.logout': { target: '.signedOut', actions: ['revokeOnServer', 'clearUser', 'persistUser'] },
    'session.login': {
      target: '.signedIn',
      reenter: true,
      actions: [{ type: 'signIn', params: ({ event }) => ({ data: event.data }) }, 'persistUser'],
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {},
    signedIn: {
      initial: 'polling',
      invoke: { src: 'watchSession' },
      on: {
        'session.update': { actions: [{ type: 'mergeUser', params: ({ event }) => ({ data: event.data }) }, 'persistUser'] },
        // The server no longer takes the token: log out, and leave a protected page saying why (SPEC.md §6).
        'session.refused': [
          {
            guard: 'onProtectedRoute',
            target: 'signedOut',
            actions: [
              'clearUser',
              'persistUser',
              { type: 'toast', params: ({ event }) => ({ level: 'error' as const, message: event.message }) },
              { type: 'navigate', params: { to: '/login' } },
            ],
          },
          { target: 'signedOut', actions: ['clearUser', 'persistUser'] },
        ],
      },
      states: {
        polling: {
          invoke: {
            src: 'poll',
            onDone: {
              target: 'waiting',
              actions: [{ type: 'applyPoll', params: ({ event }) => ({ result: event.output }) }, 'persistUser'],
            },
            // A network hiccup or another failure keeps what we have; the next poll tries again.
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          after: { pollInterval: 'polling' },
          on: { 'session.refresh': 'polling' },
        },
      },
    },
  },
});
