import { createContext, useContext, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectivityMachine } from '../../machines/connectivity';
import { getInspect } from './inspector';
import { useHydrated } from './useHydrated';
import type { SessionActor } from './SessionContext';

type ConnectivityActor = ActorRefFrom<typeof connectivityMachine>;

const ConnectivityContext = createContext<ConnectivityActor | null>(null);

/** Runs the connectivity machine for every route that has a session (it starts once the first frame is hydrated). */
export function ConnectivityProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  const actor = useActorRef(connectivityMachine, { input: { session }, inspect: getInspect() });
  return <ConnectivityContext.Provider value={actor}>{children}</ConnectivityContext.Provider>;
}

/**
 * Whether the server is out of reach, for screens that disable what needs it. Outside the
 * session's routes (the landing, the legal pages: nothing there calls the server) it is online.
 */
export function useOffline(): boolean {
  const actor = useContext(ConnectivityContext);
  const offline = useSelector(actor ?? undefined, (snapshot) => snapshot?.matches('offline') ?? false);
  // Hydrating, a view is drawn as the page's HTML was: online (its boundary may hydrate after the machine has started).
  return useHydrated() && offline;
}
