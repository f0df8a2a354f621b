import { toast, type Id } from 'react-toastify';
import type { ToastLevel } from '../../machines/effects';

/** The toast on screen for each message, so one message never shows twice at once. */
const shown = new Map<string, Id>();

/**
 * Performs a machine's `toast` effect (react-toastify; auto-close is set on the container). Said
 * again while it is still up (a second wrong pin), a message replaces its earlier toast and is
 * shown for its full time: neither dropped as a duplicate of one about to close, nor stacked.
 */
export function showToast(level: ToastLevel, message: string): void {
  const key = `${level}:${message}`;
  const earlier = shown.get(key);
  if (earlier !== undefined) toast.dismiss(earlier);
  shown.set(key, toast[level](message));
}
