import { useSyncExternalStore } from 'react';
import type * as ReactToastify from 'react-toastify';
import type { Wording } from '../../../core/i18n/words';
import type { ToastLevel } from '../../machines/kit/effects';
import { say } from './language';

type Toastify = typeof ReactToastify;

/**
 * react-toastify is a tenth of the session's JavaScript, and most visits never show a toast: it
 * is downloaded with the first one, and the container (Toasts.tsx) is mounted then.
 * Once loaded it is used at once, so toasts keep the order they were asked in.
 */
let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const wantedListeners = new Set<() => void>();

function withToastify(show: (library: Toastify) => void): void {
  if (toastify) return show(toastify);
  if (!loading) {
    loading = import('react-toastify').then((library) => (toastify = library));
    for (const listener of wantedListeners) listener();
  }
  loading.then(show, () => {
    // The download failed (offline): the next toast tries again.
    loading = undefined;
  });
}

/** Whether any toast has been asked for: the session layout mounts the container from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    () => loading !== undefined || toastify !== undefined,
    // No toast exists while the prerendered first frame is drawn.
    () => false,
  );
}

/** The toast on screen for each message, so one message never shows twice at once. */
const shown = new Map<string, ReactToastify.Id>();

/**
 * Performs a machine's `toast` effect (react-toastify; auto-close is set on the container). Said
 * again while it is still up (a second wrong pin), a message replaces its earlier toast and is
 * shown for its full time: neither dropped as a duplicate of one about to close, nor stacked.
 */
export function showToast(level: ToastLevel, wording: Wording): void {
  const message = say(wording);
  withToastify(({ toast }) => {
    const key = `${level}:${message}`;
    const earlier = shown.get(key);
    if (earlier !== undefined) toast.dismiss(earlier);
    shown.set(key, toast[level](message));
  });
}
