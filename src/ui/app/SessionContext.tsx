import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { isHydrating } from './hydration';
import { useSliceInTransition } from '../kit/useFlow';
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
  if (!session) throw new Error('no <SessionProvider> above');
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
 * session as it is. React draws the view again only where its slice changed, and in a transition:
 * the stored user read, or a poll's answer, redraws much of a page, and drawn in one piece (as an
 * external store's change is) that is a long task on a slow phone; in a transition React draws it
 * in slices that leave a tap room between them.
 */
export function useSessionSelector<T>(
  selector: (snapshot: SessionSnapshot) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const { actor, firstFrame } = useSessionContext();
  // Drawn over the page's HTML, the view shows the first frame's session until it is hydrated and
  // its slice of the live session differs (or the whole page is hydrated).
  return useSliceInTransition(actor, selector, compare, isHydrating() ? firstFrame : undefined);
}
