// The words of a session's end, in a module of their own (not core/messages.ts): a page then downloads
// only the words of the screens it shows.

/**
 * A session ended by idleness or age, as the server answers it: in English whatever the request's
 * language, since "authorization" in a 401 is the app's one sign that a session is gone.
 */
export const SESSION_EXPIRED = 'your session has expired, please log in again (authorization expired)';

/**
 * The same, as the app says it when it finds a stored session past its end on its own (offline, or
 * before the first poll).
 */
export const sessionExpired = /*i18n*/ {
  id: 'session.expired',
  message: 'your session has expired, please log in again (authorization expired)',
};
