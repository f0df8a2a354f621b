import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/app/session.ts in docs/machines. */
export default {
  summary:
    'The one session of the app (the shared state of docs/product.md, Entities): the user, balance ' +
    'visibility, notifications, providers, pin attempts; polls while the page is shown and logs out when refused.',
  events: {
    'session.route': 'The route the user is on changed.',
    'loading.set': 'Shows or hides the loading overlay.',
    'balance.toggle': 'Shows or hides the balance.',
    'notification.read': 'A notification was marked read on the server.',
    'pagination.reveal': 'The paging list says whether more is revealed.',
    'pagination.reset': 'Puts pagination back (leaving /activities, logout).',
    'session.logout': 'Logs out: revokes the token, empties the user and storage.',
    'session.login': 'Signs in with the user a login, registration or set-pin answered.',
    'session.update': 'Merges user fields a flow was answered.',
    'session.refused': 'The server refused the session (expired, revoked).',
    'session.refresh': 'Polls now rather than at the next interval.',
    'session.restore': 'The prerendered first frame is hydrated: reads the stored user and starts.',
    'page.hide': 'The page went to the background (another tab, a minimised window, a locked phone).',
    'page.show': 'The page is shown again.',
  },
  guards: {
    hasToken: 'The stored user has a session token.',
    unrestored: 'The stored user has not been read yet (the app waits for its first frame to be hydrated).',
    lapsed: "The stored session had ended by the server's rules (idle or too old) when it was read.",
    pollFoundLapse: "The poll reached no server, and the session has ended by the server's rules meanwhile.",
    onProtectedRoute: 'The user is on a route that needs a session.',
    pageHidden: 'The page is in the background: nobody would see what a poll brings.',
  },
  actions: {
    signIn: 'Takes the answered user and pin counter.',
    mergeUser: 'Merges answered user fields and pin counter.',
    applyPoll: 'Takes what a poll brought: user, providers, notifications.',
    restoreUser: 'Reads the stored user, when the server last answered it, and whether its session has ended.',
    clearUser: 'Empties the user, lists and pin counter.',
    persistUser: 'Saves each user field under its own storage key.',
    keepSyncTime: 'Keeps when the server last answered, for the offline "as of".',
    keepSessionSeen: 'Keeps when the server last took the session, and its rules: what ends it offline.',
    forgetOfflineCopy: 'Erases what the app kept for offline use (activities, their time, the session times).',
    revokeOnServer: 'Revokes the token on the server, fire and forget.',
    setRoute: 'Keeps the route.',
    setLoading: 'Keeps the loading flag.',
    setPageVisible: 'Keeps whether the page is shown.',
    toggleBalance: 'Flips balance visibility.',
    markRead: 'Marks the notification read.',
    revealMore: 'Keeps `more_reveal`.',
    resetPagination: 'Puts `pagination` and `more_reveal` back.',
  },
  actors: {
    poll: 'Fetches the user, providers and notifications together, each a GET answered 304 while unchanged.',
    watchSession: 'Hears any call answering that the session is gone.',
    watchVisibility: 'Hears whether the page is shown, at once and at every change.',
  },
  delays: {
    pollInterval: 'The wait between two polls (60 s).',
  },
} satisfies MachineDescription;
