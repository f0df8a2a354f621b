import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectivityMachine } from '../../machines/app/connectivity';
import { getInspect } from './inspector';
import { useStartedActor } from '../kit/useFlow';
import type { SessionActor } from './SessionContext';

type ConnectivityActor = ActorRefFrom<typeof connectivityMachine>;

const ConnectivityContext = createContext<ConnectivityActor | null>(null);

/** Runs the connectivity machine for every route that has a session (it starts once the first frame is hydrated). */
export function ConnectivityProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  const actor = useStartedActor(connectivityMachine, { input: { session }, inspect: getInspect() });
  return <ConnectivityContext.Provider value={actor}>{children}</ConnectivityContext.Provider>;
}

/**
 * Whether the server is out of reach, for screens that disable what needs it. Outside the
 * session's routes (the landing, the legal pages: nothing there calls the server) it is online.
 */
export function useOffline(): boolean {
  const actor = useContext(ConnectivityContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor?.subscribe(onChange);
      return () => subscription?.unsubscribe();
    },
    [actor],
  );
  // Hydrating, a view is drawn as the page's HTML was: online (its boundary may hydrate after the
  // machine has started). Once hydrated, React draws it again only if the app is in fact offline.
  return useSyncExternalStore(
    subscribe,
    () => actor?.getSnapshot().matches('offline') ?? false,
    () => false,
  );
}
