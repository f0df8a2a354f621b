import { createActor } from 'xstate';
import { registerSW } from 'virtual:pwa-register';
import { appUpdateMachine } from '../../machines/appUpdate';
import { provideAppUpdate } from './appUpdateStore';
import { getInspect } from './inspector';

/** How often an open app asks whether a new version is out (a tab left open never navigates, which is when browsers ask). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (built by vite-plugin-pwa with Workbox: the app's pages, scripts,
 * styles and icons precached, nothing else cached), loaded once the page has loaded so that it
 * never competes with the first visit. A new version waits until the user reloads through the
 * prompt (appUpdate machine); the worker never takes over by itself.
 */
export function registerServiceWorker(): void {
  const actor = createActor(appUpdateMachine, { inspect: getInspect() }).start();
  const update = registerSW({
    onNeedRefresh: () => actor.send({ type: 'update.found' }),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  // Tells the waiting worker to take over; the page reloads once it controls the page.
  actor.on('reload', () => void update(true));
  provideAppUpdate(actor);
}
