import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

/** Makes the one session actor (created at boot, see main.tsx) available to every screen. */
export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession must be used inside <SessionProvider>');
  return actor;
}

/** Whether the stored user has been read (false while the first frame is hydrated): user data shows placeholders until then. */
export const useRestored = (): boolean => useSessionSelector((s) => s.context.restored);

/** Subscribes a view to one slice of the session's state. */
export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useSession(), selector, compare);
}
