import { and, assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { Notification, ProvidersByCategory, UserData } from '../../../core/contract';
import type { Wording } from '../../../core/i18n/words';
import { ApiError, CallFailure, onSessionRefused } from '../../api/kit/http';
import { fetchNotifications, fetchProviders, fetchUser, revokeSession } from '../../api/account/session';
import {
  forgetOfflineCopy,
  keepSessionSeen,
  keepSyncedAt,
  keptSyncedAt,
  sessionLapsed,
} from '../../api/kit/offlineCopy';
import { loadUser, saveUser } from '../../api/kit/storage';
import { watchVisibility } from '../../api/kit/visibility';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_PAGINATION, POLL_INTERVAL_MS } from '../../../core/limits';
import { SESSION_EXPIRED, sessionExpired, sessionRefusal } from '../../../core/words/session';
import { isPublicRoute } from '../../domain/app/routes';
import { emptyUser, toSessionUser, USER_FIELDS, type SessionUser } from '../../domain/account/user';
import { effects, type FlowEmitted } from '../kit/effects';

/** A session found ended here (offline past its rules): the server's words for it, in the reader's language. */
const EXPIRED = sessionExpired;

/** The app's shared state, plus the route the user is on (a refused session leaves a protected page only). */
export interface SessionContext {
  loading: boolean;
  reveal_balance: boolean;
  notifications: Notification[];
  providers: ProvidersByCategory;
  /** The server's count of wrong pins in a row: shared by every screen, tab and reload, never counted here. */
  pin_attempts: number;
  max_attempts: number;
  /** Purchases are locked until the pin is reset (Forgot pin?). */
  pin_locked: boolean;
  pagination: number;
  more_reveal: boolean;
  user: SessionUser;
  pathname: string;
  /**
   * Whether the stored user has been read. The app's first frame is drawn from the page's HTML,
   * which was rendered at build time with no user: the session reads storage only once that
   * frame is hydrated (`session.restore`), and screens draw placeholders until then.
   */
  restored: boolean;
  /** When the server last told the user's figures (a poll or a login): what "as of" says offline. */
  synced_at: number | null;
  /** The stored session had ended by the server's rules when it was read: it is forgotten, not resumed. */
  lapsed: boolean;
  /** Whether the page is shown; a hidden page does not poll (see `signedIn.hidden`). */
  page_visible: boolean;
}

export type SessionEvent =
  | { type: 'session.login'; data: Partial<UserData> }
  | { type: 'session.update'; data: Partial<UserData> }
  | { type: 'session.logout' }
  | { type: 'session.refresh' }
  /** The server refused the session (expired, revoked): `message` is its answer, told to the user. */
  | { type: 'session.refused'; message: Wording }
  | { type: 'session.route'; pathname: string }
  /** The first frame is hydrated: read the stored user and start (see `restored`). */
  | { type: 'session.restore' }
  | { type: 'loading.set'; value: boolean }
  | { type: 'balance.toggle' }
  | { type: 'notification.read'; id: number }
  /** The transaction list that pages says whether the server has more behind what it shows ("Load more" needs it). */
  | { type: 'pagination.reveal'; more: boolean }
  | { type: 'pagination.reset' }
  /** The page went to the background (another tab, a locked phone), or came back. */
  | { type: 'page.hide' }
  | { type: 'page.show' };

export interface SessionInput {
  /** The user to start with; without it the stored user is read (at once, or on `session.restore`). */
  user?: SessionUser;
  pathname?: string;
  /** Wait for `session.restore` before reading storage (the app, whose first frame is prerendered). */
  deferRestore?: boolean;
}

/** What one poll brings back; providers and notifications are kept when their call fails. */
export interface PollResult {
  user: Partial<UserData>;
  providers?: ProvidersByCategory;
  notifications?: Notification[];
  /** When the answer came (the clock of the actor that asked). */
  at?: number;
}

/** A poll that reached no server, made once the stored session had ended by the server's rules. */
export class SessionLapsed extends Error {
  constructor(options?: { cause?: unknown }) {
    super(SESSION_EXPIRED, options);
    this.name = 'SessionLapsed';
  }
}

async function pollSession({ signal }: { signal: AbortSignal }): Promise<PollResult> {
  // The three calls at once, not the user first: a first visit of /notification draws its list
  // one round trip sooner. A refused session is reported by the http layer
  // (watchSession), whichever call met it.
  const [user, providers, notifications] = await Promise.allSettled([
    fetchUser(signal),
    fetchProviders(signal),
    fetchNotifications(signal),
  ]);
  if (user.status === 'rejected') {
    // Offline, the server cannot refuse a session that has ended: the rules it told decide.
    const offline = user.reason instanceof CallFailure;
    if (offline && sessionLapsed(Date.now())) throw new SessionLapsed({ cause: user.reason });
    throw user.reason;
  }
  const envelope = user.value;
  if (envelope.type !== 'success') throw new ApiError(envelope);
  return {
    user: envelope.data ?? {},
    providers: providers.status === 'fulfilled' ? providers.value.data : undefined,
    notifications: notifications.status === 'fulfilled' ? notifications.value.data : undefined,
    at: Date.now(),
  };
}

type PinState = Pick<SessionContext, 'pin_attempts' | 'max_attempts' | 'pin_locked'>;

/**
 * The pin counter as an answer tells it (login, get-user, a wrong pin's answer); what it leaves out
 * stays as it was.
 */
const pinStateOf = (data: Partial<UserData>, current: PinState): PinState => ({
  pin_attempts: data.pin_attempts ?? current.pin_attempts,
  max_attempts: data.max_attempts ?? current.max_attempts,
  pin_locked: data.pin_locked ?? current.pin_locked,
});

const noPinState: PinState = { pin_attempts: 0, max_attempts: DEFAULT_MAX_ATTEMPTS, pin_locked: false };

/**
 * The persisted user: storage holds plain text, which the domain reads back into the user's
 * shape. A build from before the server checked pins stored the transaction pin itself under
 * `user_pin`: it is replaced by the marker in storage at once, before anything else runs.
 */
function loadStoredUser(): SessionUser {
  const stored = loadUser(emptyUser, USER_FIELDS);
  const user = toSessionUser(stored);
  if (stored.pin !== user.pin) saveUser(user, ['pin']);
  return user;
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
    /** Any call answering that the session is gone (401 with "authorization"), polled or not. */
    watchSession: fromCallback<SessionEvent>(({ sendBack }) =>
      onSessionRefused((message) => sendBack({ type: 'session.refused', message: sessionRefusal(message) })),
    ),
    /**
     * Whether the page is shown, at once where it differs from what the session holds, then at
     * every change: an event that changes nothing is still a step every view checks, and the
     * session starts on a slow phone in a task that has no time to spare.
     */
    watchVisibility: fromCallback<SessionEvent, { visible: boolean }>(({ sendBack, input }) => {
      let told = input.visible;
      return watchVisibility((visible) => {
        if (visible === told) return;
        told = visible;
        sendBack({ type: visible ? 'page.show' : 'page.hide' });
      });
    }),
  },
  actions: {
    ...effects,
    signIn: assign((_, params: { data: Partial<UserData> }) => ({
      user: toSessionUser(params.data),
      ...pinStateOf(params.data, noPinState),
    })),
    mergeUser: assign(({ context }, params: { data: Partial<UserData> }) => ({
      user: toSessionUser(params.data, context.user),
      ...pinStateOf(params.data, context),
    })),
    applyPoll: assign(({ context }, params: { result: PollResult }) => ({
      user: toSessionUser(params.result.user, context.user),
      ...pinStateOf(params.result.user, context),
      providers: params.result.providers ?? context.providers,
      notifications: params.result.notifications ?? context.notifications,
      synced_at: params.result.at ?? context.synced_at,
    })),
    restoreUser: assign(() => ({
      user: loadStoredUser(),
      synced_at: keptSyncedAt(),
      restored: true,
      lapsed: sessionLapsed(Date.now()),
    })),
    clearUser: assign({
      user: emptyUser,
      notifications: [],
      providers: {},
      loading: false,
      synced_at: null,
      ...noPinState,
    }),
    persistUser: ({ context }) => saveUser(context.user, USER_FIELDS),
    keepSyncTime: ({ context }) => keepSyncedAt(context.synced_at),
    /** A login or a poll: the server took the session now, by the rules it answered. */
    keepSessionSeen: (_, params: { data: Partial<UserData>; at: number; started: boolean }) =>
      keepSessionSeen(params.data, params.at, params.started),
    // What the app kept for offline use (the last activities, their time) goes with the user.
    forgetOfflineCopy: () => forgetOfflineCopy(),
    // Fire and forget: the user is logged out locally whatever the server answers, and an
    // unrevoked token still expires on its own.
    revokeOnServer: ({ context }) => {
      if (context.user.token) revokeSession(context.user.token).catch(() => undefined);
    },
    setRoute: assign({ pathname: (_, params: { pathname: string }) => params.pathname }),
    setLoading: assign({ loading: (_, params: { value: boolean }) => params.value }),
    setPageVisible: assign({ page_visible: (_, params: { visible: boolean }) => params.visible }),
    toggleBalance: assign({ reveal_balance: ({ context }) => !context.reveal_balance }),
    markRead: assign({
      notifications: ({ context }, params: { id: number }) =>
        context.notifications.map((n) => (n.id === params.id ? { ...n, status: 'read' as const } : n)),
    }),
    revealMore: assign({ more_reveal: (_, params: { more: boolean }) => params.more }),
    resetPagination: assign({ pagination: DEFAULT_PAGINATION, more_reveal: false }),
  },
  guards: {
    hasToken: ({ context }) => context.user.token !== '',
    unrestored: ({ context }) => !context.restored,
    lapsed: ({ context }) => context.lapsed,
    pollFoundLapse: ({ event }) => (event as { error?: unknown }).error instanceof SessionLapsed,
    onProtectedRoute: ({ context }) => !isPublicRoute(context.pathname),
    pageHidden: ({ context }) => !context.page_visible,
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    loading: false,
    reveal_balance: true,
    notifications: [],
    providers: {},
    ...noPinState,
    pagination: DEFAULT_PAGINATION,
    more_reveal: false,
    user: input.user ?? (input.deferRestore ? emptyUser : loadStoredUser()),
    pathname: input.pathname ?? '/',
    restored: !input.deferRestore,
    synced_at: input.deferRestore ? null : keptSyncedAt(),
    lapsed: input.user || input.deferRestore ? false : sessionLapsed(Date.now()),
    page_visible: true,
  }),
  initial: 'starting',
  on: {
    'session.route': { actions: { type: 'setRoute', params: ({ event }) => ({ pathname: event.pathname }) } },
    'loading.set': { actions: { type: 'setLoading', params: ({ event }) => ({ value: event.value }) } },
    'balance.toggle': { actions: 'toggleBalance' },
    'notification.read': { actions: { type: 'markRead', params: ({ event }) => ({ id: event.id }) } },
    'pagination.reveal': { actions: { type: 'revealMore', params: ({ event }) => ({ more: event.more }) } },
    // Sent when /activities closes; a logout resets them too, together to 5 and false.
    'pagination.reset': { actions: 'resetPagination' },
    // Login saves every field and reloads state, from any state.
    // Logout overwrites every field with its empty value and reloads state.
    'session.logout': {
      target: '.signedOut',
      actions: ['revokeOnServer', 'clearUser', 'resetPagination', 'persistUser', 'forgetOfflineCopy'],
    },
    'session.login': {
      target: '.signedIn',
      reenter: true,
      actions: [
        { type: 'signIn', params: ({ event }) => ({ data: event.data }) },
        'persistUser',
        { type: 'keepSessionSeen', params: ({ event }) => ({ data: event.data, at: Date.now(), started: true }) },
      ],
    },
  },
  states: {
    starting: {
      always: [
        { guard: 'unrestored', target: 'restoring' },
        // A session that ended while the app was closed: its owner's name and money are not shown again.
        {
          guard: and(['hasToken', 'lapsed']),
          target: 'signedOut',
          actions: [
            'clearUser',
            'resetPagination',
            'persistUser',
            'forgetOfflineCopy',
            { type: 'toast', params: { level: 'error' as const, message: EXPIRED } },
          ],
        },
        { guard: 'hasToken', target: 'signedIn' },
        { target: 'signedOut' },
      ],
    },
    restoring: {
      on: { 'session.restore': { target: 'starting', actions: 'restoreUser' } },
    },
    signedOut: {},
    signedIn: {
      initial: 'polling',
      invoke: [
        { src: 'watchSession' },
        { src: 'watchVisibility', input: ({ context }) => ({ visible: context.page_visible }) },
      ],
      on: {
        // A poll under way when the page is hidden finishes; the next waits for the page to be shown.
        'page.hide': { actions: { type: 'setPageVisible', params: { visible: false } } },
        'page.show': { actions: { type: 'setPageVisible', params: { visible: true } } },
        'session.update': {
          actions: [{ type: 'mergeUser', params: ({ event }) => ({ data: event.data }) }, 'persistUser'],
        },
        // The server no longer takes the token: log out, and leave a protected page saying why.
        'session.refused': [
          {
            guard: 'onProtectedRoute',
            target: 'signedOut',
            actions: [
              'clearUser',
              'resetPagination',
              'persistUser',
              'forgetOfflineCopy',
              { type: 'toast', params: ({ event }) => ({ level: 'error' as const, message: event.message }) },
              { type: 'navigate', params: { to: '/login' } },
            ],
          },
          { target: 'signedOut', actions: ['clearUser', 'resetPagination', 'persistUser', 'forgetOfflineCopy'] },
        ],
      },
      states: {
        polling: {
          invoke: {
            src: 'poll',
            onDone: {
              target: 'waiting',
              actions: [
                { type: 'applyPoll', params: ({ event }) => ({ result: event.output }) },
                'persistUser',
                'keepSyncTime',
                {
                  type: 'keepSessionSeen',
                  params: ({ event }) => ({
                    data: event.output.user,
                    at: event.output.at ?? Date.now(),
                    started: false,
                  }),
                },
              ],
            },
            onError: [
              // Offline past the session's end: as if the server had refused it.
              {
                guard: 'pollFoundLapse',
                target: 'waiting',
                actions: raise({ type: 'session.refused', message: EXPIRED }),
              },
              // A network hiccup or another failure keeps what we have; the next poll tries again.
              { target: 'waiting' },
            ],
          },
        },
        waiting: {
          always: { guard: 'pageHidden', target: 'hidden' },
          after: { pollInterval: 'polling' },
          on: { 'session.refresh': 'polling' },
        },
        // Nobody sees the page: no poll, not even one asked for (a purchase done, the network
        // back). Shown again, one poll catches up at once, and the 60 s cadence starts from it.
        hidden: {
          on: {
            'page.show': { target: 'polling', actions: { type: 'setPageVisible', params: { visible: true } } },
          },
        },
      },
    },
  },
});
