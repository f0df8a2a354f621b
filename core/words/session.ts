import type { Words } from '../i18n/words';

// The words of a session's end, in a module of their own (not core/messages.ts): a page then downloads
// only the words of the screens it shows.

/** A session ended by idleness or age. */
export const sessionExpired = /*i18n*/ {
  id: 'session.expired',
  message: 'your session has expired, please log in again (authorization expired)',
};

/** A session the server does not know or has revoked. */
export const authorisationFailed = /*i18n*/ {
  id: 'session.refused',
  message: 'authorization failed: please log in again',
};

/**
 * The server answers both in English whatever the request's language: "authorization" in a 401 is
 * the app's one sign that a session is gone, read by any client. The app says them in its reader's.
 */
export const SESSION_EXPIRED = sessionExpired.message;
export const AUTHORISATION_FAILED = authorisationFailed.message;

/** A session refusal (a 401 with "authorization") in the reader's words: its English says which. */
export const sessionRefusal = (message: string): Words =>
  /expired/.test(message) ? sessionExpired : authorisationFailed;
