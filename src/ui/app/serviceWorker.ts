import { registerSW } from 'virtual:pwa-register';

/**
 * How often an open app asks whether a new version is out (a tab left open never navigates, which
 * is when browsers ask).
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (built by vite-plugin-pwa with Workbox: the app's pages, scripts,
 * styles and icons precached, nothing else cached), loaded once the page has loaded so that it
 * never competes with the first visit. A new version waits until the user reloads through the
 * prompt (the appUpdate machine, whose code is loaded only when there is a version to announce);
 * the worker never takes over by itself.
 */
export function registerServiceWorker(): void {
  let announced = false;
  const update = registerSW({
    onNeedRefresh: () => {
      if (announced) return;
      announced = true;
      // Tells the waiting worker to take over; the page reloads once it controls the page.
      void import('./appUpdateActor').then(({ announceUpdate }) => announceUpdate(() => void update(true)));
    },
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}
