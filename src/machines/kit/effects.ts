import { emit, type ActionFunction } from 'xstate';
import type { Wording } from '../../../core/i18n/words';
import { CallFailure } from '../../api/kit/http';
import { callFailureWords } from '../../api/kit/messages';

/**
 * What a flow machine asks of its surroundings. Machines stay free of React, the router and
 * the toaster: they emit these events, the view layer (src/ui/kit/useFlow.ts) performs them,
 * and tests read them with `actor.on(...)`.
 */
export type ToastLevel = 'success' | 'error' | 'info';
export type FlowEmitted =
  | { type: 'toast'; level: ToastLevel; message: Wording }
  | { type: 'navigate'; to: string }
  /**
   * Leave the app for another site's page (a partner's hosted checkout): a full page load, never a
   * script of theirs on ours.
   */
  | { type: 'redirect'; url: string };

/**
 * The message a user sees for a failure: the server's message, or the exception's, toasted as it
 * is; a call that brought back no answer, and any other failure, in the reader's language.
 */
export function errorMessage(error: unknown): Wording {
  if (error instanceof CallFailure) return callFailureWords[error.reason];
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return /*i18n*/ { id: 'error.any', message: 'Something went wrong. Check your connection and try again.' };
}

// Loose on context and event so one definition fits every machine's `setup`; strict on params
// and on what is emitted, which is all these actions touch.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Effect<P> = ActionFunction<any, any, any, P, never, never, never, never, FlowEmitted>;

/** Named actions every flow machine spreads into its `setup({ actions })`. */
export const effects = {
  toast: emit((_, params: { level: ToastLevel; message: Wording }) => ({
    type: 'toast' as const,
    ...params,
  })) as Effect<{
    level: ToastLevel;
    message: Wording;
  }>,
  navigate: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to })) as Effect<{
    to: string;
  }>,
};

/** Leaving the app for a partner's page: only the machines that do it carry it (the card top-up). */
export const redirectEffect = {
  redirect: emit((_, params: { url: string }) => ({ type: 'redirect' as const, url: params.url })) as Effect<{
    url: string;
  }>,
};
