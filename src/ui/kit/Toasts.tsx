import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../../core/limits';

/**
 * Where toasts appear. Mounted with the first toast (toaster.ts): no toast can exist
 * before a flow runs, and react-toastify queues any toast raised before its container mounts.
 * react-toastify 11 injects its own stylesheet on mount; global.css restyles it.
 */
export default function Toasts() {
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-center" newestOnTop limit={3} theme="light" />;
}
