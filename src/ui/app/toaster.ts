import { toast } from 'react-toastify';
import type { ToastLevel } from '../../machines/effects';

/** Performs a machine's `toast` effect (react-toastify; auto-close is set on the container). */
export function showToast(level: ToastLevel, message: string): void {
  toast[level](message, { toastId: `${level}:${message}` });
}
