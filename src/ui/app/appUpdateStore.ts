import { useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appUpdateMachine } from '../../machines/app/appUpdate';

export type AppUpdateActor = ActorRefFrom<typeof appUpdateMachine>;

// The app-update actor is created when the service worker has a new version to announce
// (serviceWorker.ts, appUpdateActor.ts). This small holder is what the always-present views
// read, so no page carries the machine or the worker's code before there is an update.
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
