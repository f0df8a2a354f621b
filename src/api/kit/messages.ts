import type { Words } from '../../../core/i18n/words';

/**
 * What the user reads when a call brings back no answer from the server to show (a failed call
 * toasts its exception's message, so that message must read well): what went wrong, and what to do
 * about it. Never the HTTP library's own text, which names methods, paths and browser internals.
 */
export const callFailures = {
  /** No answer at all: offline, the connection dropped, or the server is down. */
  unreachable: 'We could not reach Naira Wallet. Check your internet connection and try again.',
  /** An answer came, but not one of ours (a proxy's error page, a cut-off body). */
  unreadable: "We could not read Naira Wallet's answer. Please try again in a moment.",
} as const;

/**
 * The same failures as words, said in the reader's language where a flow toasts them
 * (errorMessage). CallFailure keeps the English above as its own message, the one logs read.
 */
export const callFailureWords: Record<keyof typeof callFailures, Words> = {
  unreachable: /*i18n*/ {
    id: 'call.unreachable',
    message: 'We could not reach Naira Wallet. Check your internet connection and try again.',
  },
  unreadable: /*i18n*/ {
    id: 'call.unreadable',
    message: "We could not read Naira Wallet's answer. Please try again in a moment.",
  },
};
