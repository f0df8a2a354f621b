import { FetchError, ofetch } from 'ofetch';
import type { Envelope } from '../../../core/contract';
import type { SignInAnswer, StaffProfile } from '../../../core/console';

/**
 * The console's client of `/ops/api/*`. Its session lives in this tab's sessionStorage under the
 * console's own origin (its own port): the customer app's origin can never read it, and closing
 * the tab ends it on this device. Sent as a bearer token, never as a cookie: no other page can
 * make the browser send it.
 */

const TOKEN_KEY = 'console_token';
const STAFF_KEY = 'console_staff';

const client = ofetch.create({ method: 'POST', headers: { Accept: 'application/json' }, retry: 0 });

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function keepSession(answer: SignInAnswer): void {
  tabStorage()?.setItem(TOKEN_KEY, answer.token);
  tabStorage()?.setItem(STAFF_KEY, JSON.stringify({ ...answer.staff, stage: answer.stage }));
}

/** The signed-in staff member of this tab, or null (signed out, or signing in is not finished). */
export function signedInStaff(): StaffProfile | null {
  try {
    const stored = JSON.parse(tabStorage()?.getItem(STAFF_KEY) ?? 'null') as (StaffProfile & { stage: string }) | null;
    return stored && stored.stage === 'signed-in'
      ? { id: stored.id, email: stored.email, name: stored.name, role: stored.role }
      : null;
  } catch {
    return null;
  }
}

export function forgetSession(): void {
  tabStorage()?.removeItem(TOKEN_KEY);
  tabStorage()?.removeItem(STAFF_KEY);
}

/** A refusal or failure, with the server's message (or what to do when there was no answer). */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }

  /** The session is over (expired, revoked, signed out elsewhere): sign in again. */
  get sessionEnded(): boolean {
    return this.status === 401;
  }
}

const UNREACHABLE = 'The console could not reach the server. Check your connection (VPN, tunnel) and try again.';

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** Calls `listener` whenever a call with the stored session is refused for it (401). */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => void sessionEndedListeners.delete(listener);
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'type' in value && 'message' in value;

/**
 * POSTs to `/ops/api/<path>` with the tab's session; resolves with the envelope's data, rejects
 * with a ConsoleError.
 */
export async function opsCall<T>(
  path: string,
  body: object = {},
  signal?: AbortSignal,
): Promise<{ message: string; data: T }> {
  const token = tabStorage()?.getItem(TOKEN_KEY);
  let answer: unknown;
  try {
    answer = await client<unknown>(`/ops/api/${path}`, {
      body,
      signal,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof FetchError && isEnvelope(error.data)) {
      const status = error.status ?? 500;
      if (status === 401 && token) sessionEndedListeners.forEach((listener) => listener());
      throw new ConsoleError(error.data.message, status);
    }
    throw new ConsoleError(UNREACHABLE, 0);
  }
  if (!isEnvelope(answer) || answer.type !== 'success')
    throw new ConsoleError(isEnvelope(answer) ? answer.message : UNREACHABLE, 0);
  return { message: answer.message, data: answer.data as T };
}
