import { FetchError, ofetch } from 'ofetch';
import type { Envelope } from '../../../core/contract';
import { nextTask } from '../../../core/nextTask';
import { SIGNED_OUT_CALLS } from '../../../core/signedOutCalls';
import { AUTHORISATION_FAILED } from '../../../core/words/session';
import { callFailures } from './messages';
import { readToken } from './storage';

/** Another host that speaks the same contract can be used with VITE_API_URL (it must expose ETag to the polls). */
const client = ofetch.create({
  baseURL: import.meta.env?.VITE_API_URL ?? '',
  method: 'POST',
  headers: { Accept: 'application/json' },
  // Machines own retries and cancellation; the helper never retries on its own.
  retry: 0,
});

export interface CallOptions {
  /** Overrides the session token (the reset link's token travels this way). */
  token?: string;
  /** The invoking actor's signal: leaving a state cancels the request. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'type' in value && 'message' in value;

/** A call that brought back no envelope: the server could not be reached, or its answer could not be read. */
export class CallFailure extends Error {
  constructor(
    readonly reason: keyof typeof callFailures,
    options?: { cause?: unknown },
  ) {
    super(callFailures[reason], options);
    this.name = 'CallFailure';
  }
}

type SessionRefusedListener = (message: string) => void;
const sessionRefusedListeners = new Set<SessionRefusedListener>();

/**
 * Calls `listener` with the server's message whenever a call made with the stored session is
 * refused for it: 401 with the word "authorization", the app's one sign that the session is
 * gone, e.g. a session that expired.
 * An answer that names its `data.reason` is left to the flow that made the call. Returns the
 * unsubscribe.
 */
export function onSessionRefused(listener: SessionRefusedListener): () => void {
  sessionRefusedListeners.add(listener);
  return () => void sessionRefusedListeners.delete(listener);
}

function isSessionRefusal(status: number | undefined, envelope: Envelope): boolean {
  const reason = (envelope.data as { reason?: unknown } | undefined)?.reason;
  return status === 401 && /authorization/i.test(envelope.message) && reason === undefined;
}

/** Tells every listener that the session is refused, with the server's words for it. */
function announceRefusal(message: string): void {
  for (const listener of sessionRefusedListeners) listener(message);
}

/** Sends a request with these headers; answers what came back, which should be an envelope. */
type Exchange = (headers: Record<string, string>) => Promise<unknown>;

const authorisation = (token: string | null | undefined): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

/**
 * The language the page speaks (src/ui/kit/language.ts keeps `<html lang>`): the server answers
 * in it before sign-in, and registration gives it to the new account.
 */
const language = (): Record<string, string> => {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'Accept-Language': lang } : {};
};

/**
 * What every call shares: the bearer token and headers, and the envelope back — also for
 * 4xx/5xx answers, so callers branch on `type` alone. Network and parse failures throw a
 * CallFailure, whose message is what the user sees (it is toasted); this is the one place where a
 * failed call becomes words.
 */
async function answerOf<T>(path: string, options: CallOptions, exchange: Exchange): Promise<Envelope<T>> {
  // A request starts in a task of its own: starting one is work on the main thread, and a flow
  // that asks for several at once (a session's poll) would otherwise start them all in the task
  // that drew the screen.
  await nextTask();
  const token = options.token ?? readToken();
  // A call that needs the session, made with none (it ended while a screen was still asking: a
  // refused poll clears the token): the server's answer is known, so the call is not sent.
  if (options.token === undefined && !token && !SIGNED_OUT_CALLS.has(path)) {
    announceRefusal(AUTHORISATION_FAILED);
    return { type: 'error', message: AUTHORISATION_FAILED };
  }
  let answer: unknown;
  try {
    answer = await exchange({ ...authorisation(token), ...language(), ...options.headers });
  } catch (error) {
    // Cancelled by the flow that asked: nobody is waiting for a message.
    if (options.signal?.aborted) throw error;
    if (error instanceof FetchError) {
      if (isEnvelope(error.data)) {
        if (options.token === undefined && isSessionRefusal(error.status, error.data))
          announceRefusal(error.data.message);
        return error.data as Envelope<T>;
      }
      throw new CallFailure(error.response ? 'unreadable' : 'unreachable', { cause: error });
    }
    // The answer started but could not be read to its end (the connection dropped mid-body).
    throw new CallFailure('unreadable', { cause: error });
  }
  // ofetch hands back the raw text of a body that is not JSON.
  if (!isEnvelope(answer)) throw new CallFailure('unreadable');
  return answer as Envelope<T>;
}

/** The one helper of every call but the polls: POST, its JSON body, and the envelope back (answerOf). */
export function call<T = unknown>(path: string, body: object = {}, options: CallOptions = {}): Promise<Envelope<T>> {
  return answerOf<T>(path, options, (headers) => client<unknown>(path, { body, signal: options.signal, headers }));
}

/** A polled call's last full answer, its tag, and the bearer it was answered to. */
interface KeptAnswer {
  authorization: string;
  tag: string;
  envelope: Envelope;
}

/**
 * The last full answer of each polled call, in this page's memory only. Its API answers are
 * `no-store`, so the browser's cache keeps none of them (get-user carries the session token):
 * the app keeps the answer itself, for as long as the page lives, and forgets it with the user.
 */
const keptAnswers = new Map<string, KeptAnswer>();

/** Forgets every kept answer (a logout, a refused session). */
export function forgetKeptAnswers(): void {
  keptAnswers.clear();
}

/**
 * How long a poll may go unanswered before it is given up as unreachable. A connection that hangs
 * for good would otherwise hold the session in its poll, which waits for the answer before the
 * next one, and leave the dashboard stale until a reload; a slow 3G answer of a few kilobytes
 * comes well within it.
 */
export const POLL_TIMEOUT_MS = 30_000;

/**
 * The poll's signal: the flow's own (leaving its state cancels the request) or the deadline's,
 * whichever comes first. Made by hand, as AbortSignal.any is missing from the older browsers
 * some of our customers' phones run.
 */
function pollDeadline(flow: AbortSignal | undefined): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const giveUp = () => controller.abort(flow?.reason);
  flow?.addEventListener('abort', giveUp, { once: true });
  if (flow?.aborted) giveUp();
  const timer = setTimeout(
    () => controller.abort(new DOMException('the poll was not answered', 'TimeoutError')),
    POLL_TIMEOUT_MS,
  );
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      flow?.removeEventListener('abort', giveUp);
    },
  };
}

/**
 * One of the session's polls: a GET with the tag of the last answer, kept for the same bearer.
 * While nothing changed the server answers 304 with no body, and that kept answer is the answer;
 * a new one replaces it (one without a tag, none). An error leaves the kept answer for the server
 * to confirm or replace; a refused session forgets it with the user (forgetOfflineCopy).
 */
export function poll<T = unknown>(path: string, options: CallOptions = {}): Promise<Envelope<T>> {
  return answerOf<T>(path, options, async (headers) => {
    const authorization = headers.Authorization ?? '';
    const kept = keptAnswers.get(path);
    const usable = kept?.authorization === authorization ? kept : undefined;
    const conditional = usable ? { ...headers, 'If-None-Match': usable.tag } : headers;
    const deadline = pollDeadline(options.signal);
    const response = await client
      .raw<unknown>(path, { method: 'GET', signal: deadline.signal, headers: conditional })
      .finally(deadline.clear);
    // No kept answer to stand for: undefined, unreadable.
    if (response.status === 304) return usable?.envelope;
    const tag = response.headers.get('ETag');
    const answer = response._data;
    if (tag && isEnvelope(answer) && answer.type === 'success')
      keptAnswers.set(path, { authorization, tag, envelope: answer });
    else keptAnswers.delete(path);
    return answer;
  });
}

/** A non-success envelope as an Error, so a machine's onError path carries the server message. */
export class ApiError extends Error {
  constructor(readonly envelope: Envelope) {
    super(envelope.message);
    this.name = 'ApiError';
  }
}

/** Resolves with the envelope of a success, rejects with ApiError otherwise. */
export async function callOk<T = unknown>(path: string, body?: object, options?: CallOptions): Promise<Envelope<T>> {
  return successOf(await call<T>(path, body, options));
}

/** poll's success, or ApiError. */
export async function pollOk<T = unknown>(path: string, options?: CallOptions): Promise<Envelope<T>> {
  return successOf(await poll<T>(path, options));
}

function successOf<T>(envelope: Envelope<T>): Envelope<T> {
  if (envelope.type !== 'success') throw new ApiError(envelope);
  return envelope;
}
