import type { Notification, ProvidersByCategory, UserData } from '../../../core/contract';
import { call, callOk } from '../kit/http';

/** The three reads the session polls, and logout. */
export const fetchUser = (signal?: AbortSignal) => call<UserData>('/api/get-user', {}, { signal });

export const fetchProviders = (signal?: AbortSignal) =>
  callOk<ProvidersByCategory>('/api/fetch-providers', {}, { signal });

export const fetchNotifications = (signal?: AbortSignal) =>
  callOk<Notification[]>('/api/fetch-notifications', {}, { signal });

/** Revokes the session on the server; the token is passed because the client has already forgotten it. */
export const revokeSession = (token: string) => call('/api/logout', {}, { token });
