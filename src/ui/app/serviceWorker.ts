import { registerSW } from 'virtual:pwa-register';
import { currentLanguage, onLanguageChange } from '../kit/language';
import { precachePagesIn } from './pagesInLanguage';

/**
 * How often an open app asks whether a new version is out (a tab left open never navigates, which
 * is when browsers ask).
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (built by vite-plugin-pwa with Workbox: the app's pages, scripts,
 * styles and icons precached, nothing else cached), loaded once the first screen runs and the
 * browser is idle (main.tsx) so that it never competes with the first visit. A new version waits
 * until the user reloads through the prompt (the appUpdate machine, whose code is loaded only when
 * there is a version to announce); the worker never takes over by itself.
 */
export function registerServiceWorker(): void {
  linkManifest();
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
  // The precache holds the pages in the reader's language (pagesInLanguage.ts), once it is ready;
  // one pass at a time, each in the language of its time, so that the last choice is the one kept.
  let localising = Promise.resolve(0);
  const localise = () =>
    void (localising = localising
      .then(() => navigator.serviceWorker.ready)
      .then(() => precachePagesIn(currentLanguage()))
      .catch(() => 0));
  localise();
  onLanguageChange(localise);
}

/**
 * Links the web app manifest (what makes the app installable), now that the page runs. A built
 * page names it on its boot module's tag rather than in a link of its own (scripts/routePages.ts):
 * the browser fetches a linked manifest at once, and an icon it names, beside the page's first paint
 * on a slow link. `npm run dev` names none, and a page that links one keeps it.
 */
function linkManifest(): void {
  const href = document.querySelector<HTMLScriptElement>('script[data-manifest]')?.dataset.manifest;
  if (!href || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = href;
  document.head.append(link);
}
