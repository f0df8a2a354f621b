import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/app/session';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

interface Session {
  actor: SessionActor;
  /** The session as the page's prerendered HTML was drawn with (no user yet). */
  firstFrame: SessionSnapshot;
}

const SessionContext = createContext<Session | null>(null);

/** Makes the one session actor (created at boot, see SessionLayout) available to every screen. */
export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  // Its state before anything happened to it: what the build rendered the pages with.
  const [firstFrame] = useState(() => actor.getSnapshot());
  const session = useMemo(() => ({ actor, firstFrame }), [actor, firstFrame]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function useSessionContext(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

export const useSession = (): SessionActor => useSessionContext().actor;

/**
 * Whether the stored user has been read (false while the first frame is hydrated): user data shows
 * placeholders until then.
 */
export const useRestored = (): boolean => useSessionSelector((s) => s.context.restored);

/**
 * Subscribes a view to one slice of the session's state. While React hydrates the view (its
 * boundary may hydrate after the session has restored the user and polled) the slice is taken
 * from the first frame's session, the one the HTML was rendered with; once hydrated, from the
 * session as it is. React draws the view again after hydrating only if the two slices differ:
 * the session starts in a task after hydration, so they seldom do, and the page is not drawn twice.
 */
export function useSessionSelector<T>(
  selector: (snapshot: SessionSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const { actor, firstFrame } = useSessionContext();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const live = useCallback(() => actor.getSnapshot(), [actor]);
  const drawn = useCallback(() => firstFrame, [firstFrame]);
  return useSyncExternalStoreWithSelector(subscribe, live, drawn, selector, compare);
}
