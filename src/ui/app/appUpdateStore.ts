import { useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appUpdateMachine } from '../../machines/appUpdate';

export type AppUpdateActor = ActorRefFrom<typeof appUpdateMachine>;

// The app-update actor is created by the service worker's registration (serviceWorker.ts), a
// module loaded once the page has loaded. This small holder is what the always-present views
// read, so the landing page carries neither the machine nor the worker's code.
let actor: AppUpdateActor | null = null;
let busy = false;
const listeners = new Set<() => void>();

export function provideAppUpdate(next: AppUpdateActor): void {
  actor = next;
  next.send({ type: 'app.busy', busy });
  for (const listener of listeners) listener();
}

/** Whether a call that moves money is in flight (the session's loading overlay is up). */
export function reportBusy(value: boolean): void {
  if (busy === value) return;
  busy = value;
  actor?.send({ type: 'app.busy', busy: value });
}

/** The app-update actor, once the service worker's registration has made one. */
export function useAppUpdate(): AppUpdateActor | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => actor,
    () => null,
  );
}
