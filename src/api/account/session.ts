import type { Notification, ProvidersByCategory, UserData } from '../../../core/contract';
import { call, poll, pollOk } from '../kit/http';

/** The three reads the session polls (each a conditional GET: 304 while nothing changed), and logout. */
export const fetchUser = (signal?: AbortSignal) => poll<UserData>('/api/get-user', { signal });

export const fetchProviders = (signal?: AbortSignal) => pollOk<ProvidersByCategory>('/api/fetch-providers', { signal });

export const fetchNotifications = (signal?: AbortSignal) =>
  pollOk<Notification[]>('/api/fetch-notifications', { signal });

/** Revokes the session on the server; the token is passed because the client has already forgotten it. */
export const revokeSession = (token: string) => call('/api/logout', {}, { token });
